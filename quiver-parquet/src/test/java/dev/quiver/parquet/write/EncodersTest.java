// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class EncodersTest {
    private static byte[] bytes(int... values) {
        byte[] b = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            b[i] = (byte) values[i];
        }
        return b;
    }

    @Test
    void rleRunOfEqualValues() {
        ByteSink out = new ByteSink();
        int[] v = new int[10];
        java.util.Arrays.fill(v, 1);
        RleHybridEncoder.encode(v, 0, 10, 1, out);
        assertArrayEquals(bytes(20, 1), out.toByteArray());
    }

    @Test
    void bitPackedRunMatchesTheSpecExample() {
        // Encodings.md: 0..7 at bit width 3 pack to 10001000 11000110 11111010
        ByteSink out = new ByteSink();
        RleHybridEncoder.encode(new int[] {0, 1, 2, 3, 4, 5, 6, 7}, 0, 8, 3, out);
        assertArrayEquals(bytes(3, 0x88, 0xC6, 0xFA), out.toByteArray());
    }

    @Test
    void literalsArePaddedToGroupsOfEightBeforeARun() {
        ByteSink out = new ByteSink();
        int[] v = {1, 0, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
        RleHybridEncoder.encode(v, 0, v.length, 1, out);
        // one group of 8 bit-packed (1,0,1,0,1,1,1,1 -> 0xF5), then a run of 12 ones
        assertArrayEquals(bytes(3, 0xF5, 24, 1), out.toByteArray());
    }

    @Test
    void levelsOfADataPageV1CarryTheirLength() {
        ByteSink out = new ByteSink();
        RleHybridEncoder.encodeWithLength(new int[] {2, 2, 2, 2, 2, 2, 2, 2}, 0, 8, 2, out);
        assertArrayEquals(bytes(2, 0, 0, 0, 16, 2), out.toByteArray());
    }

    @Test
    void deltaBinaryPackedMatchesTheSpecExample() {
        // Encodings.md example 1: 1, 2, 3, 4, 5 -> header 128, 4, 5, zigzag(1); min delta zigzag(1); widths 0
        ByteSink out = new ByteSink();
        DeltaBinaryPackedEncoder.encodeInts(new int[] {1, 2, 3, 4, 5}, 0, 5, out);
        assertArrayEquals(bytes(0x80, 1, 4, 5, 2, 2, 0, 0, 0, 0), out.toByteArray());
    }

    @Test
    void deltaBinaryPackedOfNothingIsAHeader() {
        ByteSink out = new ByteSink();
        DeltaBinaryPackedEncoder.encodeInts(new int[0], 0, 0, out);
        assertArrayEquals(bytes(0x80, 1, 4, 0, 0), out.toByteArray());
    }

    @Test
    void deltaBinaryPackedWrapsInThirtyTwoBits() {
        // Encodings.md: deltas are computed with the wrapping arithmetic of the physical type
        ByteSink out = new ByteSink();
        DeltaBinaryPackedEncoder.encodeInts(new int[] {Integer.MAX_VALUE, Integer.MIN_VALUE}, 0, 2, out);
        // delta MIN - MAX wraps to 1; min delta 1, miniblock of zeros
        assertArrayEquals(bytes(0x80, 1, 4, 2, 0xFE, 0xFF, 0xFF, 0xFF, 0x0F, 2, 0, 0, 0, 0), out.toByteArray());
    }

    @Test
    void byteStreamSplitTransposesBytes() {
        ByteSink out = new ByteSink();
        MemorySegment src = MemorySegment.ofArray(bytes(1, 2, 3, 4, 5, 6, 7, 8));
        ByteStreamSplitEncoder.encode(src, 0, 2, 4, out);
        assertArrayEquals(bytes(1, 5, 2, 6, 3, 7, 4, 8), out.toByteArray());
    }

    @Test
    void deltaByteArraySharesPrefixes() {
        byte[] data = "axisaxleaxe".getBytes(StandardCharsets.US_ASCII);
        int[] offsets = {0, 4, 8, 11};
        ByteSink out = new ByteSink();
        ByteArrayEncoders.deltaStrings(offsets, MemorySegment.ofArray(data), 0, 3, out);
        ByteSink expected = new ByteSink();
        DeltaBinaryPackedEncoder.encodeInts(new int[] {0, 2, 2}, 0, 3, expected);
        DeltaBinaryPackedEncoder.encodeInts(new int[] {4, 2, 1}, 0, 3, expected);
        expected.write("axislee".getBytes(StandardCharsets.US_ASCII), 0, 7);
        assertArrayEquals(expected.toByteArray(), out.toByteArray());
    }

    @Test
    void xxHash64KnownValues() {
        assertEquals(0xEF46DB3751D8E999L, hash(""));
        assertEquals(0xD24EC4F1A98C6E5BL, hash("a"));
        assertEquals(0x44BC2CF5AD770999L, hash("abc"));
        assertEquals(0xFBCEA83C8A378BF1L, hash("Nobody inspects the spammish repetition"));
    }

    @Test
    void xxHash64OfNumbersIsTheHashOfTheirLittleEndianBytes() {
        Random random = new Random(7);
        for (int i = 0; i < 100; i++) {
            int v = random.nextInt();
            long w = random.nextLong();
            ByteSink four = new ByteSink();
            four.writeIntLE(v);
            ByteSink eight = new ByteSink();
            eight.writeLongLE(w);
            assertEquals(XxHash64.hash(four.segment(), 0, 4), XxHash64.hashInt(v));
            assertEquals(XxHash64.hash(eight.segment(), 0, 8), XxHash64.hashLong(w));
        }
    }

    private static long hash(String s) {
        byte[] b = s.getBytes(StandardCharsets.US_ASCII);
        return XxHash64.hash(MemorySegment.ofArray(b), 0, b.length);
    }

    @Test
    void bloomFilterHasNoFalseNegativesAndFewFalsePositives() {
        int n = 10_000;
        SplitBlockBloomFilter filter = new SplitBlockBloomFilter(SplitBlockBloomFilter.optimalBytes(n, 0.01));
        for (long i = 0; i < n; i++) {
            filter.insert(XxHash64.hashLong(i));
        }
        for (long i = 0; i < n; i++) {
            assertTrue(filter.mightContain(XxHash64.hashLong(i)));
        }
        int falsePositives = 0;
        for (long i = n; i < 11 * n; i++) {
            if (filter.mightContain(XxHash64.hashLong(i))) {
                falsePositives++;
            }
        }
        assertTrue(falsePositives < n * 10 * 0.03, "false positives: " + falsePositives);
        assertFalse(new SplitBlockBloomFilter(32).mightContain(XxHash64.hashLong(1)));
    }

    @Test
    void bloomFilterSizesArePowersOfTwoWithinBounds() {
        assertEquals(32, SplitBlockBloomFilter.optimalBytes(1, 0.5));
        int size = SplitBlockBloomFilter.optimalBytes(1_000_000, 0.05);
        assertEquals(0, size & (size - 1));
        assertEquals(SplitBlockBloomFilter.MAX_BYTES, SplitBlockBloomFilter.optimalBytes(Long.MAX_VALUE / 16, 0.01));
    }

    @Test
    void dictionariesKeepFirstSeenOrderAndBitPatterns() {
        LongDictionary doubles = new LongDictionary(8);
        assertEquals(0, doubles.indexOf(Double.doubleToRawLongBits(0.0)));
        assertEquals(1, doubles.indexOf(Double.doubleToRawLongBits(-0.0)));
        assertEquals(0, doubles.indexOf(Double.doubleToRawLongBits(0.0)));
        for (int i = 0; i < 1000; i++) {
            assertEquals(2 + i, doubles.indexOf(i + 1));
        }
        assertEquals(1002 * 8, doubles.plainSize());
        BytesDictionary strings = new BytesDictionary(false);
        MemorySegment s = MemorySegment.ofArray("abcab".getBytes(StandardCharsets.US_ASCII));
        assertEquals(0, strings.indexOf(s, 0, 2));
        assertEquals(1, strings.indexOf(s, 2, 1));
        assertEquals(0, strings.indexOf(s, 3, 2));
        assertEquals(2, strings.indexOf(s, 0, 0));
        ByteSink plain = new ByteSink();
        strings.writePlain(plain);
        assertArrayEquals(bytes(2, 0, 0, 0, 'a', 'b', 1, 0, 0, 0, 'c', 0, 0, 0, 0), plain.toByteArray());
    }
}
