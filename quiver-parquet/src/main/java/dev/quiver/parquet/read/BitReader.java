// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.read;

import dev.quiver.core.memory.LittleEndian;
import java.lang.foreign.MemorySegment;

/** Little-endian bit unpacking (LSB first, as the RLE/bit-packing hybrid and delta encodings pack). */
final class BitReader {
    private BitReader() {}

    /**
     * Unpacks {@code n} values of {@code width} bits (0 to 64) from {@code bitOffset} bits past {@code base}.
     * The caller has checked that the bits lie before {@code limit}.
     */
    static void unpack(MemorySegment segment, long base, long limit, long bitOffset, int width, long[] out, int outOffset,
            int n) {
        if (width == 0) {
            java.util.Arrays.fill(out, outOffset, outOffset + n, 0L);
            return;
        }
        long mask = width == 64 ? -1L : (1L << width) - 1;
        long bit = bitOffset;
        for (int i = 0; i < n; i++, bit += width) {
            out[outOffset + i] = get(segment, base, limit, bit, width) & mask;
        }
    }

    /** Unpacks {@code n} values of at most 32 bits. */
    static void unpackInts(MemorySegment segment, long base, long limit, long bitOffset, int width, int[] out,
            int outOffset, int n) {
        if (width == 0) {
            java.util.Arrays.fill(out, outOffset, outOffset + n, 0);
            return;
        }
        long mask = (1L << width) - 1;
        long bit = bitOffset;
        int i = 0;
        if ((bit & 7) == 0) {
            // whole groups of 8 values (width bytes each group), unrolled, while 8 bytes past the group are readable
            long at = base + (bit >>> 3);
            if (width <= 8) {
                for (; i + 8 <= n && at + 8 <= limit; i += 8, at += width) {
                    long word = segment.get(LittleEndian.LONG, at);
                    int o = outOffset + i;
                    out[o] = (int) (word & mask);
                    out[o + 1] = (int) ((word >>> width) & mask);
                    out[o + 2] = (int) ((word >>> (2 * width)) & mask);
                    out[o + 3] = (int) ((word >>> (3 * width)) & mask);
                    out[o + 4] = (int) ((word >>> (4 * width)) & mask);
                    out[o + 5] = (int) ((word >>> (5 * width)) & mask);
                    out[o + 6] = (int) ((word >>> (6 * width)) & mask);
                    out[o + 7] = (int) ((word >>> (7 * width)) & mask);
                }
            } else {
                for (; i + 8 <= n && at + width + 8 <= limit; i += 8, at += width) {
                    int o = outOffset + i;
                    for (int j = 0, b = 0; j < 8; j++, b += width) {
                        out[o + j] = (int) ((segment.get(LittleEndian.LONG, at + (b >>> 3)) >>> (b & 7)) & mask);
                    }
                }
            }
            bit += (long) i * width;
        }
        long fastEnd = limit - 8;
        for (; i < n; i++, bit += width) {
            long at = base + (bit >>> 3);
            long word = at <= fastEnd ? segment.get(LittleEndian.LONG, at) : tail(segment, at, limit);
            out[outOffset + i] = (int) ((word >>> (bit & 7)) & mask);
        }
    }

    static long get(MemorySegment segment, long base, long limit, long bit, int width) {
        long at = base + (bit >>> 3);
        int shift = (int) (bit & 7);
        long word = at <= limit - 8 ? segment.get(LittleEndian.LONG, at) : tail(segment, at, limit);
        long v = word >>> shift;
        if (shift + width > 64) {
            long nextAt = at + 8;
            long next = nextAt < limit ? segment.get(LittleEndian.BYTE, nextAt) & 0xFFL : 0;
            v |= next << (64 - shift);
        }
        return v;
    }

    private static long tail(MemorySegment segment, long at, long limit) {
        long word = 0;
        for (int k = 0; at + k < limit && k < 8; k++) {
            word |= (segment.get(LittleEndian.BYTE, at + k) & 0xFFL) << (8 * k);
        }
        return word;
    }
}
