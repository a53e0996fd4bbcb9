// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.ipc.compression.CompressionType;
import dev.quiver.ipc.compression.ZstdCodec;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The message scan reads only metadata, and checks it: damage is an IpcException, never another exception. */
class IpcMessagesTest {
    @TempDir
    Path dir;

    private static List<IpcMessages.Kind> kinds(List<IpcMessages.Summary> messages) {
        return messages.stream().map(IpcMessages.Summary::kind).toList();
    }

    @Test
    void aStreamAndAFileDeclareTheirMessages() throws IOException {
        byte[] stream = HardeningTest.stream(IpcWriteOptions.DEFAULT.withCodec(new ZstdCodec()));
        List<IpcMessages.Summary> s = IpcMessages.scan(Files.write(dir.resolve("s.arrows"), stream));
        assertEquals(List.of(IpcMessages.Kind.SCHEMA, IpcMessages.Kind.DICTIONARY_BATCH,
                IpcMessages.Kind.RECORD_BATCH, IpcMessages.Kind.DICTIONARY_BATCH, IpcMessages.Kind.RECORD_BATCH,
                IpcMessages.Kind.RECORD_BATCH), kinds(s));
        assertEquals(CompressionType.ZSTD, s.get(2).compression());
        assertEquals(0, s.get(0).offset());
        List<IpcMessages.Summary> f = IpcMessages.scan(Files.write(dir.resolve("f.arrow"), HardeningTest.file()));
        assertEquals(8, f.get(0).offset());
        assertEquals(IpcMessages.Kind.SCHEMA, f.get(0).kind());
        assertEquals(2, kinds(f).stream().filter(k -> k == IpcMessages.Kind.RECORD_BATCH).count());
        assertTrue(f.stream().allMatch(m -> m.compression() == null));
    }

    /** A file whose stream copy of the schema is damaged while its footer is intact. */
    @Test
    void aDamagedSchemaMessageBeforeAnIntactFooterIsAnIpcException() throws IOException {
        byte[] file = HardeningTest.file();
        int metadataLength = java.nio.ByteBuffer.wrap(file, 12, 4).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt();
        for (int at = 16; at < 16 + metadataLength; at++) {
            for (int v : new int[] {0xFF, 0x7F, 0x00}) {
                byte[] bad = file.clone();
                bad[at] = (byte) v;
                Path path = Files.write(dir.resolve("bad.arrow"), bad);
                try (IpcFileReader r = IpcFileReader.map(path)) {
                    assertEquals(2, r.batchCount());
                    r.batch(1);
                }
                int where = at;
                HardeningTest.onlyIpcException(() -> IpcMessages.scan(path), "byte " + where + " = " + v);
                HardeningTest.onlyIpcException(() -> HardeningTest.readStream(Arrays.copyOfRange(bad, 8, bad.length),
                        IpcReadOptions.DEFAULT), "stream part, byte " + where + " = " + v);
            }
        }
        byte[] bad = file.clone();
        Arrays.fill(bad, 16, 16 + metadataLength, (byte) 0xFF);
        Path path = Files.write(dir.resolve("bad.arrow"), bad);
        assertThrows(IpcException.class, () -> IpcMessages.scan(path));
        assertThrows(IpcException.class, () -> IpcStreamReader.open(new ByteArrayInputStream(
                Arrays.copyOfRange(bad, 8, bad.length))));
    }
}
