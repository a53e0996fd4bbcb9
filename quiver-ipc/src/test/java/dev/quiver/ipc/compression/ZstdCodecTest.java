// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc.compression;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;

/** The one-shot path of {@link ZstdCodec}: frame content sizes and exact-size targets. */
class ZstdCodecTest {
    private static MemorySegment header(int... bytes) {
        byte[] b = new byte[bytes.length];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) bytes[i];
        }
        return MemorySegment.ofArray(b);
    }

    @Test
    void frameContentSizeFollowsTheDescriptor() {
        assertEquals(200, ZstdCodec.frameContentSize(header(0x28, 0xB5, 0x2F, 0xFD, 0x20, 200)));
        assertEquals(0x0102 + 256, ZstdCodec.frameContentSize(header(0x28, 0xB5, 0x2F, 0xFD, 0x60, 0x02, 0x01)));
        assertEquals(0x01020304L, ZstdCodec.frameContentSize(header(0x28, 0xB5, 0x2F, 0xFD, 0xA0, 4, 3, 2, 1)));
        // A window descriptor and a 1-byte dictionary id come before a 4-byte size.
        assertEquals(7, ZstdCodec.frameContentSize(header(0x28, 0xB5, 0x2F, 0xFD, 0x81, 0x50, 9, 7, 0, 0, 0)));
        assertEquals(-1, ZstdCodec.frameContentSize(header(0x28, 0xB5, 0x2F, 0xFD, 0x00, 0x50)));
        assertEquals(-1, ZstdCodec.frameContentSize(header(0x28, 0xB5, 0x2F, 0xFD, 0xA0, 4)));
        assertEquals(-1, ZstdCodec.frameContentSize(header(0x04, 0x22, 0x4D, 0x18, 0x20, 200)));
    }

    @Test
    void decompressesIntoAnExactTargetAndRefusesASmallerOne() throws IOException {
        byte[] data = new byte[100_000];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i % 13);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (OutputStream z = new ZstdCodec().compressing(out)) {
            z.write(data);
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment source = arena.allocate(out.size()).copyFrom(MemorySegment.ofArray(out.toByteArray()));
            MemorySegment target = arena.allocate(data.length);
            assertEquals(data.length, new ZstdCodec().decompress(source, target));
            assertArrayEquals(data, target.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE));
            assertThrows(IOException.class, () -> new ZstdCodec().decompress(source, arena.allocate(99_999)));
        }
    }
}
