// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.kernel;

import dev.quiver.core.memory.LittleEndian;
import java.lang.foreign.MemorySegment;

/**
 * Bitmap words read at any bit offset, so that kernels work 64 rows at a time on sliced arrays. Bit {@code i} of
 * a word is row {@code bit + i}; bits past the end of the bitmap read as zero.
 */
public final class Bits {
    private Bits() {
    }

    /**
     * Reads 64 bits of a bitmap starting at any bit.
     *
     * @param bitmap the bitmap
     * @param bit the first bit to read
     * @return the bits {@code bit .. bit + 63}, bit {@code bit} lowest; bits past the bitmap's end are zero
     */
    public static long word(MemorySegment bitmap, long bit) {
        long at = bit >>> 3;
        int shift = (int) (bit & 7);
        long size = bitmap.byteSize();
        if (at + 9 <= size) {
            long lo = bitmap.get(LittleEndian.LONG, at);
            if (shift == 0) {
                return lo;
            }
            long hi = bitmap.get(LittleEndian.BYTE, at + 8) & 0xFFL;
            return (lo >>> shift) | (hi << (64 - shift));
        }
        long w = 0;
        for (int k = 0; k < 9 && at + k < size; k++) {
            long b = bitmap.get(LittleEndian.BYTE, at + k) & 0xFFL;
            int s = 8 * k - shift;
            w |= s >= 0 ? (s < 64 ? b << s : 0) : b >>> -s;
        }
        return w;
    }

    /**
     * A word with the lowest {@code k} bits set.
     *
     * @param k the number of bits, 0 to 64
     * @return the mask
     */
    public static long low(int k) {
        return k >= 64 ? -1L : (1L << k) - 1;
    }

    /**
     * Reads up to 64 bits of a bitmap, keeping only the first {@code count}.
     *
     * @param bitmap the bitmap, or {@code null} for "all set"
     * @param bit the first bit to read
     * @param count how many bits to keep, 1 to 64
     * @return the bits, the ones past {@code count} cleared
     */
    public static long word(MemorySegment bitmap, long bit, int count) {
        long w = bitmap == null ? -1L : word(bitmap, bit);
        return w & low(count);
    }

    /**
     * Writes up to 64 bits at a bit offset that is a multiple of 64 (the kernels' outputs start at zero).
     *
     * @param bitmap the bitmap written
     * @param bit the first bit written, a multiple of 64
     * @param w the bits
     * @param count how many bits to write, 1 to 64
     */
    public static void putWord(MemorySegment bitmap, long bit, long w, int count) {
        long at = bit >>> 3;
        if (count == 64 && at + 8 <= bitmap.byteSize()) {
            bitmap.set(LittleEndian.LONG, at, w);
            return;
        }
        int bytes = (count + 7) >>> 3;
        for (int k = 0; k < bytes; k++) {
            bitmap.set(LittleEndian.BYTE, at + k, (byte) (w >>> (8 * k)));
        }
    }

    /**
     * Counts the set bits of {@code a AND b} over a range, either bitmap at its own offset.
     *
     * @param a the first bitmap, or {@code null} for "all set"
     * @param aBit where the range starts in {@code a}
     * @param b the second bitmap, or {@code null} for "all set"
     * @param bBit where the range starts in {@code b}
     * @param length the number of bits
     * @return the number of positions set in both
     */
    public static long countAnd(MemorySegment a, long aBit, MemorySegment b, long bBit, long length) {
        long count = 0;
        for (long i = 0; i < length; i += 64) {
            int n = (int) Math.min(64, length - i);
            count += Long.bitCount(word(a, aBit + i, n) & word(b, bBit + i, n));
        }
        return count;
    }
}
