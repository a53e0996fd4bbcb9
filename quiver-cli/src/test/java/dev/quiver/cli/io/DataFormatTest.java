// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DataFormatTest {
    @TempDir
    Path dir;

    @Test
    void namesTellTheFormat() {
        assertEquals(DataFormat.CSV, DataFormat.byName(Path.of("a.CSV")));
        assertEquals(DataFormat.JSON, DataFormat.byName(Path.of("a.json")));
        assertEquals(DataFormat.JSON, DataFormat.byName(Path.of("a.json.gz")));
        assertEquals(DataFormat.ARROW_FILE, DataFormat.byName(Path.of("a.arrow")));
        assertEquals(DataFormat.ARROW_FILE, DataFormat.byName(Path.of("a.arrow_file")));
        assertEquals(DataFormat.ARROW_FILE, DataFormat.byName(Path.of("a.feather")));
        assertEquals(DataFormat.ARROW_STREAM, DataFormat.byName(Path.of("a.arrows")));
        assertEquals(DataFormat.ARROW_STREAM, DataFormat.byName(Path.of("a.stream")));
        assertNull(DataFormat.byName(Path.of("a.bin")));
    }

    @Test
    void contentTellsTheFormatOfOtherInputs() throws IOException {
        assertEquals(DataFormat.ARROW_FILE, DataFormat.ofInput(Files.write(dir.resolve("f.arrows"),
                "ARROW1\0\0rest".getBytes(java.nio.charset.StandardCharsets.US_ASCII))));
        assertEquals(DataFormat.ARROW_STREAM, DataFormat.ofInput(Files.write(dir.resolve("s.arrow"),
                new byte[] {-1, -1, -1, -1, 0, 0, 0, 0})));
        assertEquals(DataFormat.JSON, DataFormat.ofInput(Files.writeString(dir.resolve("j.data"), "{\"schema\": 1}")));
        assertEquals(DataFormat.JSON, DataFormat.ofInput(Files.write(dir.resolve("g.data"),
                new byte[] {0x1f, (byte) 0x8b, 8, 0})));
    }

    @Test
    void outputFormatComesFromTheOptionOrTheName() {
        assertEquals(DataFormat.ARROW_STREAM, DataFormat.ofOutput(Path.of("x.arrow"), DataFormat.ARROW_STREAM));
        assertEquals(DataFormat.ARROW_FILE, DataFormat.ofOutput(Path.of("x.out"), DataFormat.ARROW_FILE));
        assertEquals(DataFormat.CSV, DataFormat.ofOutput(Path.of("x.csv"), null));
        assertEquals(DataFormat.JSON, DataFormat.ofOutput(Path.of("x.json.gz"), DataFormat.ARROW_FILE));
    }
}
