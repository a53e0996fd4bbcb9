// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IpcFileMagicTest {
    @TempDir
    Path dir;

    @Test
    void aFileStartsWithArrow1AndAStreamDoesNot() throws Exception {
        assertTrue(IpcFileReader.startsWithMagic("ARROW1\0\0".getBytes(StandardCharsets.US_ASCII)));
        assertTrue(IpcFileReader.startsWithMagic("ARROW1".getBytes(StandardCharsets.US_ASCII)));
        assertFalse(IpcFileReader.startsWithMagic("ARROW".getBytes(StandardCharsets.US_ASCII)));
        assertFalse(IpcFileReader.startsWithMagic(new byte[] {-1, -1, -1, -1, 0, 0, 0, 0}));
        assertTrue(IpcFileReader.startsWithMagic(Files.write(dir.resolve("a"), "ARROW1xx".getBytes(StandardCharsets.US_ASCII))));
        assertFalse(IpcFileReader.startsWithMagic(Files.write(dir.resolve("b"), new byte[] {'A'})));
    }
}
