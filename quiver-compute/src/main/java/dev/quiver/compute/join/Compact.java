// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.join;

import dev.quiver.compute.kernel.Bits;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Types;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;

/**
 * The probe side's columns passed through a join whose every probe row comes out at most once (an inner or semi
 * join on unique build keys, an anti join): the rows of a morsel that a bit mask keeps, in order, copied 64 rows
 * at a time: bitmaps compacted a word at a time ({@link Long#compress}), each run of kept rows of a word copied in
 * bulk (variable-width values: one copy of the run's bytes, its offsets shifted), fixed-width values of a partly kept
 * word one by one; no row index array. Types {@link Gather} does not copy itself go through its
 * {@code take}.
 */
final class Compact {
    /** Runs of at least this many kept fixed-width values are copied in bulk, shorter ones value by value. */
    private static final int BULK_RUN = 8;
    private Compact() {
    }

    /**
     * The mask of a morsel's rows whose group is found ({@code ids[j] >= 0}) or, with {@code found} false, not.
     *
     * @param ids the group of each row of the morsel, -1 where none
     * @param count the morsel's rows
     * @param found which rows to keep
     * @return the mask: bit {@code j % 64} of word {@code j / 64} for row {@code j}
     */
    static long[] mask(int[] ids, int count, boolean found) {
        long[] keep = new long[(count + 63) >>> 6];
        for (int j = 0; j < count; j++) {
            long bit = (ids[j] >>> 31) ^ (found ? 1 : 0);
            keep[j >>> 6] |= bit << j;
        }
        return keep;
    }

    /**
     * The mask that keeps every row of a morsel.
     *
     * @param count the morsel's rows
     * @return the mask
     */
    static long[] all(int count) {
        long[] keep = new long[(count + 63) >>> 6];
        Arrays.fill(keep, -1L);
        if ((count & 63) != 0) {
            keep[keep.length - 1] = Bits.low(count & 63);
        }
        return keep;
    }

    /**
     * The number of rows a mask keeps.
     *
     * @param keep the mask
     * @return its set bits
     */
    static int count(long[] keep) {
        int n = 0;
        for (long w : keep) {
            n += Long.bitCount(w);
        }
        return n;
    }

    /**
     * Rows {@code from + j} of {@code src} for every bit {@code j} set in {@code keep}, in order.
     *
     * @param src the column
     * @param from the morsel's first row in {@code src}
     * @param count the morsel's rows
     * @param keep the mask of the rows to keep
     * @param n the number of bits set in {@code keep}
     * @param allocator where the output buffers come from, null for the join's default (see {@link Gather})
     * @return the kept rows, {@code n} long
     */
    static ArrayData select(ArrayData src, int from, int count, long[] keep, int n, BufferAllocator allocator) {
        ArrowType type = src.type();
        ArrowType storage = Types.storage(type);
        if (storage instanceof ArrowType.Null || !Gather.isFlat(storage)) {
            return Gather.take(src, rows(from, keep, n), n, allocator);
        }
        long base = src.offset() + from;
        ArrowBuffer validity = null;
        long nulls = 0;
        if (src.validity() != null && src.nullCount() != 0) {
            validity = Gather.allocateForOverwrite(allocator, words(n) * 8L);
            nulls = n - bits(src.validity().segment(), base, count, keep, validity.segment());
        }
        List<ArrowBuffer> buffers;
        ArrayData dictionary = null;
        if (storage instanceof ArrowType.Bool) {
            ArrowBuffer values = Gather.allocateForOverwrite(allocator, words(n) * 8L);
            bits(src.buffer(1).segment(), base, count, keep, values.segment());
            buffers = Arrays.asList(validity, values);
        } else if (storage instanceof ArrowType.Binary || storage instanceof ArrowType.Utf8) {
            buffers = varBinary(src, base, count, keep, n, validity, false, allocator);
        } else if (storage instanceof ArrowType.LargeBinary || storage instanceof ArrowType.LargeUtf8) {
            buffers = varBinary(src, base, count, keep, n, validity, true, allocator);
        } else {
            int width;
            if (storage instanceof ArrowType.Dictionary d) {
                width = d.indexType().bitWidth() / 8;
                dictionary = src.dictionary();
            } else {
                width = Gather.byteWidth(storage);
            }
            buffers = Arrays.asList(validity, fixed(src.buffer(1).segment(), base, count, keep, n, width, allocator));
        }
        return new ArrayData(type, n, 0, nulls, buffers, List.of(), dictionary);
    }

    /** The kept rows' indexes in the column, for {@link Gather#take}. */
    private static int[] rows(int from, long[] keep, int n) {
        int[] rows = new int[n];
        int k = 0;
        for (int w = 0; w < keep.length; w++) {
            for (long bits = keep[w]; bits != 0; bits &= bits - 1) {
                rows[k++] = from + (w << 6) + Long.numberOfTrailingZeros(bits);
            }
        }
        return rows;
    }

    private static int words(int n) {
        return (n + 63) >>> 6;
    }

    /** Compacts the kept bits of a bitmap from bit {@code base} into {@code out} (whole words); returns the set bits. */
    private static long bits(MemorySegment in, long base, int count, long[] keep, MemorySegment out) {
        long acc = 0;
        int filled = 0;
        long at = 0;
        long set = 0;
        for (int w = 0; w < keep.length; w++) {
            long k = keep[w];
            if (k == 0) {
                continue;
            }
            long c = Long.compress(Bits.word(in, base + ((long) w << 6), Math.min(64, count - (w << 6))), k);
            set += Long.bitCount(c);
            int m = Long.bitCount(k);
            acc |= c << filled;
            if (filled + m >= 64) {
                out.set(LittleEndian.LONG, at, acc);
                at += 8;
                acc = filled == 0 ? 0 : c >>> (64 - filled);
                filled = filled + m - 64;
            } else {
                filled += m;
            }
        }
        if (filled > 0) {
            out.set(LittleEndian.LONG, at, acc);
        }
        return set;
    }

    private static ArrowBuffer fixed(MemorySegment in, long base, int count, long[] keep, int n, int width,
            BufferAllocator allocator) {
        ArrowBuffer values = Gather.allocateForOverwrite(allocator, (long) n * width);
        MemorySegment out = values.segment();
        long o = 0;
        for (int w = 0; w < keep.length; w++) {
            long k = keep[w];
            long first = base + ((long) w << 6);
            while (k != 0) {
                int s = Long.numberOfTrailingZeros(k);
                int len = Long.numberOfTrailingZeros(~(k >>> s));
                if (len >= BULK_RUN) {
                    MemorySegment.copy(in, (first + s) * width, out, o * width, (long) len * width);
                } else {
                    copyValues(in, first + s, out, o, len, width);
                }
                o += len;
                k = s + len >= 64 ? 0 : k & (-1L << (s + len));
            }
        }
        return values;
    }

    /** Copies {@code len} values of {@code width} bytes from index {@code from} of {@code in} to index {@code o}. */
    private static void copyValues(MemorySegment in, long from, MemorySegment out, long o, int len, int width) {
        switch (width) {
            case 8 -> {
                for (int j = 0; j < len; j++) {
                    out.set(LittleEndian.LONG, 8 * (o + j), in.get(LittleEndian.LONG, 8 * (from + j)));
                }
            }
            case 4 -> {
                for (int j = 0; j < len; j++) {
                    out.set(LittleEndian.INT, 4 * (o + j), in.get(LittleEndian.INT, 4 * (from + j)));
                }
            }
            default -> MemorySegment.copy(in, from * width, out, o * width, (long) len * width);
        }
    }

    private static List<ArrowBuffer> varBinary(ArrayData src, long base, int count, long[] keep, int n,
            ArrowBuffer validity, boolean large, BufferAllocator allocator) {
        MemorySegment offsets = src.buffer(1).segment();
        MemorySegment data = src.buffer(2) == null ? MemorySegment.NULL : src.buffer(2).segment();
        long total = 0;
        for (int w = 0; w < keep.length; w++) {
            long first = base + ((long) w << 6);
            for (long k = keep[w]; k != 0; ) {
                int s = Long.numberOfTrailingZeros(k);
                int len = Long.numberOfTrailingZeros(~(k >>> s));
                total += offset(offsets, first + s + len, large) - offset(offsets, first + s, large);
                k = s + len >= 64 ? 0 : k & (-1L << (s + len));
            }
        }
        Gather.checkOffsets(src.type(), total, large);
        int ow = large ? 8 : 4;
        ArrowBuffer outOffsets = Gather.allocateForOverwrite(allocator, (long) (n + 1) * ow);
        ArrowBuffer outData = total == 0 ? Gather.allocate(allocator, 1) : Gather.allocateForOverwrite(allocator, total);
        MemorySegment oo = outOffsets.segment();
        if (large) {
            oo.set(LittleEndian.LONG, 0, 0L);
        } else {
            oo.set(LittleEndian.INT, 0, 0);
        }
        MemorySegment od = outData.segment();
        long at = 0;
        long o = 0;
        for (int w = 0; w < keep.length; w++) {
            long first = base + ((long) w << 6);
            // each run of kept rows is one bulk copy of its values, its offsets shifted by one amount
            for (long k = keep[w]; k != 0; ) {
                int s = Long.numberOfTrailingZeros(k);
                int len = Long.numberOfTrailingZeros(~(k >>> s));
                long start = offset(offsets, first + s, large);
                long end = offset(offsets, first + s + len, large);
                MemorySegment.copy(data, start, od, at, end - start);
                long shift = at - start;
                for (int j = 1; j <= len; j++) {
                    long v = offset(offsets, first + s + j, large) + shift;
                    if (large) {
                        oo.set(LittleEndian.LONG, 8 * (o + j), v);
                    } else {
                        oo.set(LittleEndian.INT, 4 * (o + j), (int) v);
                    }
                }
                o += len;
                at = end + shift;
                k = s + len >= 64 ? 0 : k & (-1L << (s + len));
            }
        }
        return Arrays.asList(validity, outOffsets, outData);
    }

    /**
     * Entry {@code i} of an offsets buffer.
     *
     * @param offsets the buffer
     * @param i the entry
     * @param large whether the offsets are 64-bit
     * @return the offset
     */
    static long offset(MemorySegment offsets, long i, boolean large) {
        return large ? offsets.get(LittleEndian.LONG, i * 8) : offsets.get(LittleEndian.INT, i * 4);
    }
}
