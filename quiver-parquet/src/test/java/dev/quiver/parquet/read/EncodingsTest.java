// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.parquet.ParquetException;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The encodings on bytes built by hand, after the examples of Encodings.md. */
class EncodingsTest {
    private static Cursor cursor(int... bytes) {
        byte[] b = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            b[i] = (byte) bytes[i];
        }
        return new Cursor(MemorySegment.ofArray(b), 0, b.length, "test page");
    }

    @Test
    void rleHybridBitPackedRunOfTheSpecExample() {
        // Encodings.md: 0..7 in 3 bits, one group: header (1 << 1) | 1, then 10001000 11000110 11111010
        int[] out = new int[8];
        new RleDecoder(cursor(0x03, 0x88, 0xC6, 0xFA), 3).readInts(out, 0, 8);
        assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 6, 7}, out);
    }

    @Test
    void rleHybridRepeatedRunAndBitWidthZero() {
        int[] out = new int[5];
        new RleDecoder(cursor(5 << 1, 0x07), 3).readInts(out, 0, 5); // a run of 5 sevens
        assertArrayEquals(new int[] {7, 7, 7, 7, 7}, out);
        new RleDecoder(cursor(5 << 1), 0).readInts(out, 0, 5); // width 0: the value takes no byte
        assertArrayEquals(new int[5], out);
        ParquetException e = assertThrows(ParquetException.class, () -> new RleDecoder(cursor(5 << 1, 0x07), 3)
                .readInts(new int[6], 0, 6));
        assertEquals("test page: RLE/bit-packed data ends before all values were read", e.getMessage());
    }

    @Test
    void deltaBinaryPackedOfTheSpecExample() {
        // Encodings.md example 1: 1, 2, 3, 4, 5 -> deltas 1, min delta 1, bit width 0;
        // header: block 128, 4 miniblocks, 5 values, first value 1 (zigzag 2); then min delta 1 (zigzag 2), widths 0
        Cursor in = cursor(0x80, 0x01, 0x04, 0x05, 0x02, 0x02, 0x00, 0x00, 0x00, 0x00);
        assertArrayEquals(new long[] {1, 2, 3, 4, 5}, DeltaDecoder.binaryPacked(in, 5));
        assertEquals(0, in.remaining());
        // a declared count past what the page's levels need is refused before anything is allocated
        assertThrows(ParquetException.class, () -> DeltaDecoder.binaryPacked(
                cursor(0x80, 0x01, 0x04, 0xFF, 0xFF, 0xFF, 0xFF, 0x07, 0x02), 5));
    }

    @Test
    void deltaByteArrayRebuildsPrefixes() {
        // Encodings.md: "axis", "axle", "babble", "babyhood" -> prefixes 0, 2, 0, 3; suffixes "axis", "le", "babble", "yhood"
        byte[] suffixes = "axislebabbleyhood".getBytes(StandardCharsets.US_ASCII);
        int[] head = {
            // prefix lengths 0, 2, 0, 3: first 0, deltas 2, -2, 3 -> min delta -2 (zigzag 3), packed 4, 0, 5 in 3 bits
            0x80, 0x01, 0x04, 0x04, 0x00, 0x03, 0x03, 0x00, 0x00, 0x00, 0x44, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
            0x00, 0x00, 0x00, 0x00,
        };
        // suffix lengths 4, 2, 6, 5: first 4 (zigzag 8), deltas -2, 4, -1 -> min -2 (zigzag 3), packed 0, 6, 1 in 3 bits
        int[] lengths = {0x80, 0x01, 0x04, 0x04, 0x08, 0x03, 0x03, 0x00, 0x00, 0x00, 0x70, 0x00, 0x00, 0x00, 0x00, 0x00,
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00};
        int[] all = new int[head.length + lengths.length + suffixes.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(lengths, 0, all, head.length, lengths.length);
        for (int i = 0; i < suffixes.length; i++) {
            all[head.length + lengths.length + i] = suffixes[i];
        }
        BinaryValues out = new BinaryValues(BufferAllocator.managed());
        DeltaDecoder.byteArray(cursor(all), 4, out);
        String[] expected = {"axis", "axle", "babble", "babyhood"};
        for (int i = 0; i < 4; i++) {
            long s = out.start(i);
            byte[] v = out.data.segment().asSlice(s, out.end(i) - s).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
            assertEquals(expected[i], new String(v, StandardCharsets.US_ASCII));
        }
    }
}
