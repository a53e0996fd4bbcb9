// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.parquet.ParquetException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The word-at-a-time decoding paths agree with bit-by-bit references on random input, at every width and length. */
class FastPathsTest {
    private static int referenceBits(byte[] bytes, long bit, int width) {
        int v = 0;
        for (int b = 0; b < width; b++, bit++) {
            long at = bit >>> 3;
            int set = at < bytes.length ? (bytes[(int) at] >>> (bit & 7)) & 1 : 0;
            v |= set << b;
        }
        return v;
    }

    @Test
    void bitUnpackingMatchesTheBitByBitReading() {
        Random r = new Random(29);
        for (int width = 1; width <= 32; width++) {
            for (int n : new int[] {0, 1, 7, 8, 9, 63, 64, 65, 200}) {
                byte[] bytes = new byte[(n * width + 7) / 8 + r.nextInt(3)];
                r.nextBytes(bytes);
                for (long start : new long[] {0, 3, 8 * width}) {
                    int count = (int) Math.max(0, Math.min(n, (bytes.length * 8L - start) / width));
                    int[] out = new int[count + 2];
                    BitReader.unpackInts(MemorySegment.ofArray(bytes), 0, bytes.length, start, width, out, 1, count);
                    for (int i = 0; i < count; i++) {
                        assertEquals(referenceBits(bytes, start + (long) i * width, width), out[1 + i],
                                "width " + width + ", n " + n + ", start " + start + ", value " + i);
                    }
                    assertEquals(0, out[0]);
                    assertEquals(0, out[count + 1]);
                }
            }
        }
    }

    @Test
    void oneBitLevelsMatchTheIntegerDecoding() {
        Random r = new Random(7);
        for (int groups = 1; groups <= 40; groups += 3) {
            byte[] page = new byte[2 + groups];
            page[0] = (byte) ((groups << 1) | 1); // one bit-packed run of `groups` groups of 8 (groups < 64: one byte)
            for (int i = 1; i <= groups; i++) {
                page[i] = (byte) r.nextInt();
            }
            page[groups + 1] = 5 << 1; // then a run of 5 ones
            page = java.util.Arrays.copyOf(page, page.length + 1);
            page[groups + 2] = 1;
            int n = groups * 8 + 5;
            int[] expected = new int[n];
            new RleDecoder(new Cursor(MemorySegment.ofArray(page), 0, page.length, "p"), 1).readInts(expected, 0, n);
            byte[] levels = new byte[n + 3];
            new RleDecoder(new Cursor(MemorySegment.ofArray(page), 0, page.length, "p"), 1).readLevels(levels, 3, n,
                    new int[16]);
            for (int i = 0; i < n; i++) {
                assertEquals(expected[i], levels[3 + i], "level " + i + " of " + groups + " groups");
            }
        }
    }

    @Test
    void plainBooleansAndBooleanBitmapsMatchBitByBit() {
        Random r = new Random(3);
        for (int n : new int[] {0, 1, 8, 13, 64, 100}) {
            byte[] bits = new byte[(n + 7) / 8];
            r.nextBytes(bits);
            FixedValues values = new FixedValues(BufferAllocator.managed(), 1);
            PlainDecoder.booleans(new Cursor(MemorySegment.ofArray(bits), 0, bits.length, "p"), n, values, new long[1]);
            assertEquals(n, values.count);
            for (int i = 0; i < n; i++) {
                assertEquals(referenceBits(bits, i, 1), values.segment().get(LittleEndian.BYTE, i), "value " + i);
            }
        }
    }

    private static BinaryValues plain(String... values) {
        byte[][] encoded = new byte[values.length][];
        int size = 0;
        for (int i = 0; i < values.length; i++) {
            encoded[i] = values[i].getBytes(java.nio.charset.StandardCharsets.UTF_8);
            size += 4 + encoded[i].length;
        }
        MemorySegment page = MemorySegment.ofArray(new byte[size]);
        long at = 0;
        for (byte[] e : encoded) {
            page.set(LittleEndian.INT, at, e.length);
            MemorySegment.copy(MemorySegment.ofArray(e), 0, page, at + 4, e.length);
            at += 4 + e.length;
        }
        BinaryValues out = new BinaryValues(BufferAllocator.managed());
        PlainDecoder.binary(new Cursor(page, 0, size, "p"), values.length, out);
        return out;
    }

    private static String value(BinaryValues v, int i) {
        long s = v.start(i);
        return new String(v.data.segment().asSlice(s, v.end(i) - s).toArray(ValueLayout.JAVA_BYTE),
                java.nio.charset.StandardCharsets.UTF_8);
    }

    @Test
    void byteArraysOfEveryLengthAroundTheShortCopyAreDecodedAndGathered() {
        String[] words = new String[40];
        for (int i = 0; i < words.length; i++) {
            words[i] = "x".repeat(i) + (i % 3 == 0 ? "é" : "");
        }
        BinaryValues dictionary = plain(words);
        for (int i = 0; i < words.length; i++) {
            assertEquals(words[i], value(dictionary, i));
        }
        int[] indices = {39, 0, 17, 16, 15, 1, 39, 2, 16};
        BinaryValues gathered = new BinaryValues(BufferAllocator.managed());
        long[] starts = dictionary.starts();
        gathered.gather(dictionary, starts, indices, 4);
        gathered.gather(dictionary, starts, new int[] {indices[4], indices[5], indices[6], indices[7], indices[8]}, 5);
        assertEquals(indices.length, gathered.count);
        for (int i = 0; i < indices.length; i++) {
            assertEquals(words[indices[i]], value(gathered, i), "value " + i);
        }
        long total = 0;
        for (int k : indices) {
            total += words[k].getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        }
        assertEquals(total, gathered.dataSize());
    }

    @Test
    void byteArraysAcrossAndLongerThanTheHeapWindowAreDecodedWhole() {
        // values straddling the window's end, one three windows long, and more than a window's end offsets
        String[] words = new String[12_000];
        for (int i = 0; i < words.length; i++) {
            words[i] = i == 5_000 ? "L".repeat(3 * PlainDecoder.WINDOW + 7) : "w" + i + "-".repeat(i % 23);
        }
        BinaryValues decoded = plain(words);
        assertEquals(words.length, decoded.count);
        for (int i = 0; i < words.length; i++) {
            assertEquals(words[i], value(decoded, i), "value " + i);
        }
    }

    @Test
    void aNegativeByteArrayLengthAfterAWindowOfValuesIsOneError() {
        int values = PlainDecoder.WINDOW / 8 + 3;
        MemorySegment page = MemorySegment.ofArray(new byte[values * 5 + 4]);
        for (int i = 0; i < values; i++) {
            page.set(LittleEndian.INT, i * 5L, 1);
            page.set(ValueLayout.JAVA_BYTE, i * 5L + 4, (byte) 'a');
        }
        page.set(LittleEndian.INT, values * 5L, -2);
        ParquetException e = assertThrows(ParquetException.class, () -> PlainDecoder.binary(new Cursor(page, 0,
                page.byteSize(), "p"), values + 1, new BinaryValues(BufferAllocator.managed())));
        assertEquals("p: negative byte array length -2", e.getMessage());
    }

    @Test
    void aByteArrayPastThePageEndsInOneError() {
        MemorySegment page = MemorySegment.ofArray(new byte[] {3, 0, 0, 0, 'a', 'b', 'c', 9, 0, 0, 0, 'd'});
        ParquetException e = assertThrows(ParquetException.class, () -> PlainDecoder.binary(new Cursor(page, 0,
                page.byteSize(), "p"), 2, new BinaryValues(BufferAllocator.managed())));
        assertEquals("p: cut short: 9 bytes needed, 1 left", e.getMessage());
    }
}
