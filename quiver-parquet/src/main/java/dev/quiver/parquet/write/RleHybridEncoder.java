// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.write;

/**
 * The RLE / bit-packing hybrid of Encodings.md (definition and repetition levels, dictionary indices,
 * booleans under RLE): runs of 8 or more equal values become RLE runs, everything else bit-packed runs of
 * groups of 8 (the last group padded with zeros; the reader knows the value count from the page).
 */
public final class RleHybridEncoder {
    private RleHybridEncoder() {
    }

    /**
     * The bits needed for values up to {@code max}.
     *
     * @param max the largest value, 0 or more
     * @return the bit width, 0 for {@code max == 0}
     */
    public static int bitWidth(long max) {
        return 64 - Long.numberOfLeadingZeros(max);
    }

    /**
     * Encodes {@code values[from, to)} without a length prefix.
     *
     * @param values the values, each fitting in {@code bitWidth} bits
     * @param from the first value
     * @param to one past the last value
     * @param bitWidth the bit width, 0 to 32
     * @param out where the runs are appended
     */
    public static void encode(int[] values, int from, int to, int bitWidth, ByteSink out) {
        int literalStart = from;
        int i = from;
        while (i < to) {
            int v = values[i];
            int j = i + 1;
            while (j < to && values[j] == v) {
                j++;
            }
            int run = j - i;
            if (run >= 8) {
                int literals = i - literalStart;
                int pad = (8 - (literals & 7)) & 7;
                if (literals > 0 && run - pad < 8) {
                    i = j;
                    continue;
                }
                if (literals > 0) {
                    packed(values, literalStart, literals + pad, to, bitWidth, out);
                    i += pad;
                }
                repeated(v, j - i, bitWidth, out);
                literalStart = j;
            }
            i = j;
        }
        if (literalStart < to) {
            packed(values, literalStart, to - literalStart, to, bitWidth, out);
        }
    }

    /**
     * Encodes {@code values[from, to)} after a 4-byte little-endian length, as data page v1 levels are.
     *
     * @param values the values
     * @param from the first value
     * @param to one past the last value
     * @param bitWidth the bit width, 0 to 32
     * @param out where the length and the runs are appended
     */
    public static void encodeWithLength(int[] values, int from, int to, int bitWidth, ByteSink out) {
        int lengthAt = out.size();
        out.writeIntLE(0);
        encode(values, from, to, bitWidth, out);
        int length = out.size() - lengthAt - 4;
        out.segment().set(dev.quiver.core.memory.LittleEndian.INT, lengthAt, length);
    }

    private static void repeated(int value, int count, int bitWidth, ByteSink out) {
        out.writeUleb((long) count << 1);
        out.writeLittleEndian(value & 0xFFFFFFFFL, (bitWidth + 7) >>> 3);
    }

    /** A bit-packed run of {@code count} values (a multiple of 8 after padding) from {@code start}; values at or past {@code end} are zeros. */
    private static void packed(int[] values, int start, int count, int end, int bitWidth, ByteSink out) {
        int groups = (count + 7) >>> 3;
        out.writeUleb(((long) groups << 1) | 1);
        // 8 values of bitWidth bits are bitWidth bytes: the run's size is known, written straight into the array
        out.reserve((long) groups * bitWidth);
        byte[] dst = out.array();
        int o = out.size();
        long buffer = 0;
        int bits = 0;
        long mask = bitWidth == 32 ? 0xFFFFFFFFL : (1L << bitWidth) - 1;
        int last = start + groups * 8;
        int present = Math.min(last, end);
        for (int k = start; k < present; k++) {
            buffer |= (values[k] & mask) << bits;
            bits += bitWidth;
            while (bits >= 8) {
                dst[o++] = (byte) buffer;
                buffer >>>= 8;
                bits -= 8;
            }
        }
        for (int k = present; k < last; k++) {
            bits += bitWidth;
            while (bits >= 8) {
                dst[o++] = (byte) buffer;
                buffer >>>= 8;
                bits -= 8;
            }
        }
        out.setSize(o);
    }
}
