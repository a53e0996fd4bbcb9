// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.sort;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.kernel.ByteStrings;
import dev.quiver.compute.kernel.Chunks;
import dev.quiver.compute.kernel.Parallel;
import dev.quiver.compute.kernel.Physical;
import dev.quiver.compute.kernel.Validity;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.BooleanArray;
import dev.quiver.core.array.DecimalArray;
import dev.quiver.core.array.DictionaryArray;
import dev.quiver.core.array.FixedSizeBinaryArray;
import dev.quiver.core.array.FixedWidthArray;
import dev.quiver.core.array.VarBinaryArray;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Stably reorders a permutation of rows by one column: nulls and NaNs partitioned out, numbers and temporal values
 * radix-sorted on order-preserving unsigned keys, strings radix-sorted on 8-byte prefixes (long runs of equal
 * prefixes on the next 8 bytes, and so on) and then merge-sorted within equal prefixes, dictionaries by the rank of their values, decimals and fixed-size binaries by a radix pass
 * per 64-bit digit, views by their Java values.
 */
final class ColumnSorter {
    private static final int INSERTION = 16;
    /** Runs of equal string prefixes longer than this are radix-sorted on the next 8 bytes. */
    private static final int RADIX_RUN = 64;
    /** The deepest 8-byte chunk radix-sorted (past it, merge sort): bounds the recursion on long equal prefixes. */
    private static final int MAX_DEPTH = 32;

    private ColumnSorter() {
    }

    /** The rows of {@code perm} reordered stably by {@code column}. */
    static int[] sort(Array column, int[] perm, SortOrder order, NullPlacement nulls, int threads) {
        boolean desc = order == SortOrder.DESCENDING;
        int n = perm.length;
        int kind = Physical.kind(column.type());
        int[] nullRows = new int[(int) Math.min(n, column.nullCount())];
        boolean floats = Physical.isFloat(kind);
        MemorySegment values = column instanceof DictionaryArray ? null : Chunks.values(column);
        long base = column.offset();
        MemorySegment validity = Validity.segment(column);
        int[] nanRows = new int[floats ? nanCount(values, validity, kind, base, column.length()) : 0];
        int[] rows = new int[n - nullRows.length - nanRows.length];
        int nn = 0;
        int nan = 0;
        int m = 0;
        for (int i = 0; i < n; i++) {
            int r = perm[i];
            if (validity != null && !Bitmaps.get(validity, base + r)) {
                nullRows[nn++] = r;
            } else if (floats && Double.isNaN(Physical.readDouble(values, kind, base + r))) {
                nanRows[nan++] = r;
            } else {
                rows[m++] = r;
            }
        }
        int[] sorted = sortValid(column, kind, rows, desc, threads);
        int[] out = new int[n];
        if (nulls == NullPlacement.AT_END) {
            System.arraycopy(sorted, 0, out, 0, m);
            System.arraycopy(nanRows, 0, out, m, nan);
            System.arraycopy(nullRows, 0, out, m + nan, nn);
        } else {
            System.arraycopy(nullRows, 0, out, 0, nn);
            System.arraycopy(nanRows, 0, out, nn, nan);
            System.arraycopy(sorted, 0, out, nn + nan, m);
        }
        return out;
    }

    /** The valid NaNs (a null's slot may hold a NaN: it stays a null). */
    private static int nanCount(MemorySegment values, MemorySegment validity, int kind, long base, long length) {
        int count = 0;
        for (long i = 0; i < length; i++) {
            double d = Physical.readDouble(values, kind, base + i);
            count += d != d && (validity == null || Bitmaps.get(validity, base + i)) ? 1 : 0;
        }
        return count;
    }

    private static int[] sortValid(Array column, int kind, int[] rows, boolean desc, int threads) {
        int m = rows.length;
        if (kind != Physical.OTHER || column instanceof BooleanArray) {
            long[] keys = new long[m];
            MemorySegment v = Chunks.values(column);
            long base = column.offset();
            long flip = desc ? -1L : 0;
            boolean bool = column instanceof BooleanArray;
            int blocks = m < 1 << 18 ? 1 : threads;
            Parallel.run(blocks, threads, b -> {
                for (int i = (int) ((long) m * b / blocks), end = (int) ((long) m * (b + 1) / blocks); i < end; i++) {
                    keys[i] = (bool ? (Bitmaps.get(v, base + rows[i]) ? 1L : 0L) : sortable(v, kind, base + rows[i]))
                            ^ flip;
                }
            });
            RadixSort.sort(keys, rows, m, threads);
            return rows;
        }
        if (column instanceof VarBinaryArray a) {
            return strings(a, rows, desc, threads);
        }
        if (column instanceof DictionaryArray d) {
            return dictionary(d, rows, desc, threads);
        }
        if (column instanceof DecimalArray || column instanceof FixedSizeBinaryArray) {
            return wide(column, rows, desc, threads);
        }
        return generic(column, rows, desc);
    }

    /**
     * Decimals (two's complement) and fixed-size binaries (unsigned bytes): one stable radix sort per 64-bit digit
     * of the value, the least significant digit first, so the last pass orders by the most significant one.
     */
    private static int[] wide(Array column, int[] rows, boolean desc, int threads) {
        int m = rows.length;
        MemorySegment v = Chunks.values(column);
        long base = column.offset();
        boolean decimal = column instanceof DecimalArray;
        int width = ((FixedWidthArray) column).byteWidth();
        int digits = (width + 7) / 8;
        long flip = desc ? -1L : 0;
        long[] keys = new long[m];
        for (int d = 0; d < digits; d++) {
            for (int i = 0; i < m; i++) {
                long at = (base + rows[i]) * width;
                long key = decimal ? decimalDigit(v, at, width, d, d == digits - 1)
                        : ByteStrings.prefix(v, at + 8L * (digits - 1 - d), Math.min(at + 8L * (digits - d), at + width));
                keys[i] = key ^ flip;
            }
            RadixSort.sort(keys, rows, m, threads);
        }
        return rows;
    }

    /** Digit {@code d} (0 the lowest) of a decimal as an unsigned key; the top digit carries the sign. */
    private static long decimalDigit(MemorySegment v, long at, int width, int d, boolean top) {
        long word = width == 4 ? v.get(LittleEndian.INT, at) : v.get(LittleEndian.LONG, at + 8L * d);
        return top ? word ^ Long.MIN_VALUE : word;
    }

    /** An unsigned key whose order is the value's order; -0.0 and 0.0 share a key. */
    static long sortable(MemorySegment v, int kind, long at) {
        if (Physical.isFloat(kind)) {
            double d = Physical.readDouble(v, kind, at) + 0.0;
            long bits = Double.doubleToRawLongBits(d);
            return bits < 0 ? ~bits : bits ^ Long.MIN_VALUE;
        }
        long x = Physical.readLong(v, kind, at);
        return kind == Physical.U8 || kind == Physical.U16 || kind == Physical.U32 || kind == Physical.U64 ? x
                : x ^ Long.MIN_VALUE;
    }

    private static int[] strings(VarBinaryArray a, int[] rows, boolean desc, int threads) {
        int m = rows.length;
        ArrowBuffer data = a.dataBuffer();
        MemorySegment bytes = data == null ? ArrowBuffer.EMPTY.segment() : data.segment();
        long[] keys = new long[m];
        long flip = desc ? -1L : 0;
        for (int i = 0; i < m; i++) {
            keys[i] = ByteStrings.prefix(bytes, a.valueOffset(rows[i]), a.valueOffset(rows[i] + 1)) ^ flip;
        }
        RadixSort.sort(keys, rows, m, threads);
        refine(a, bytes, rows, keys, new int[m], 0, m, 0, desc);
        return rows;
    }

    /**
     * Orders the runs of equal keys (the 8-byte chunk {@code depth} of each string) in {@code rows[from, to)}: a long
     * run with strings past this chunk by a radix sort of the next chunk, the others (ties of equal or short
     * strings) by merge sort, which breaks ties by length.
     */
    private static void refine(VarBinaryArray a, MemorySegment bytes, int[] rows, long[] keys, int[] tmp, int from,
            int to, int depth, boolean desc) {
        int start = from;
        while (start < to) {
            int end = start + 1;
            long longest = a.valueLength(rows[start]);
            while (end < to && keys[end] == keys[start]) {
                longest = Math.max(longest, a.valueLength(rows[end]));
                end++;
            }
            if (end - start > RADIX_RUN && longest > 8L * (depth + 1) && depth < MAX_DEPTH) {
                nextChunk(a, bytes, rows, keys, tmp, start, end, depth + 1, desc);
            } else if (end - start > 1) {
                mergeSort(a, bytes, rows, tmp, start, end, desc);
            }
            start = end;
        }
    }

    /** Radix-sorts {@code rows[from, to)} (equal up to chunk {@code depth}) by chunk {@code depth}, then refines. */
    private static void nextChunk(VarBinaryArray a, MemorySegment bytes, int[] rows, long[] keys, int[] tmp, int from,
            int to, int depth, boolean desc) {
        int g = to - from;
        long[] k = new long[g];
        int[] r = new int[g];
        long flip = desc ? -1L : 0;
        for (int i = 0; i < g; i++) {
            int row = rows[from + i];
            long at = a.valueOffset(row) + 8L * depth;
            long end = a.valueOffset(row + 1);
            k[i] = (at < end ? ByteStrings.prefix(bytes, at, end) : 0) ^ flip;
            r[i] = row;
        }
        RadixSort.sort(k, r, g, 1);
        System.arraycopy(k, 0, keys, from, g);
        System.arraycopy(r, 0, rows, from, g);
        refine(a, bytes, rows, keys, tmp, from, to, depth, desc);
    }

    private static int compare(VarBinaryArray a, MemorySegment bytes, int x, int y, boolean desc) {
        int c = ByteStrings.compare(bytes, a.valueOffset(x), a.valueOffset(x + 1), bytes, a.valueOffset(y),
                a.valueOffset(y + 1));
        return desc ? -c : c;
    }

    private static void mergeSort(VarBinaryArray a, MemorySegment bytes, int[] rows, int[] tmp, int from, int to,
            boolean desc) {
        if (to - from <= INSERTION) {
            for (int i = from + 1; i < to; i++) {
                int r = rows[i];
                int j = i - 1;
                while (j >= from && compare(a, bytes, rows[j], r, desc) > 0) {
                    rows[j + 1] = rows[j];
                    j--;
                }
                rows[j + 1] = r;
            }
            return;
        }
        int mid = (from + to) >>> 1;
        mergeSort(a, bytes, rows, tmp, from, mid, desc);
        mergeSort(a, bytes, rows, tmp, mid, to, desc);
        if (compare(a, bytes, rows[mid - 1], rows[mid], desc) <= 0) {
            return;
        }
        System.arraycopy(rows, from, tmp, from, to - from);
        int i = from;
        int j = mid;
        int o = from;
        while (i < mid && j < to) {
            rows[o++] = compare(a, bytes, tmp[j], tmp[i], desc) < 0 ? tmp[j++] : tmp[i++];
        }
        while (i < mid) {
            rows[o++] = tmp[i++];
        }
        while (j < to) {
            rows[o++] = tmp[j++];
        }
    }

    private static int[] dictionary(DictionaryArray d, int[] rows, boolean desc, int threads) {
        Array dict = d.dictionary();
        int size = Math.toIntExact(dict.length());
        int[] identity = new int[size];
        for (int i = 0; i < size; i++) {
            identity[i] = i;
        }
        int[] order = sort(dict, identity, SortOrder.ASCENDING, NullPlacement.AT_END, threads);
        long[] rank = new long[size];
        long r = 0;
        for (int i = 0; i < size; i++) {
            if (i > 0 && !dict.rangeEquals(order[i - 1], dict, order[i], 1)) {
                r++;
            }
            rank[order[i]] = r;
        }
        int m = rows.length;
        long[] keys = new long[m];
        long flip = desc ? -1L : 0;
        for (int i = 0; i < m; i++) {
            keys[i] = rank[(int) d.getIndex(rows[i])] ^ flip;
        }
        RadixSort.sort(keys, rows, m, threads);
        return rows;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int[] generic(Array column, int[] rows, boolean desc) {
        ArrowType type = column.type();
        if (!(type instanceof ArrowType.BinaryView || type instanceof ArrowType.Utf8View)) {
            throw new ComputeException("sort: values of type " + type + " cannot be ordered");
        }
        List<Object[]> items = new ArrayList<>(rows.length);
        for (int r : rows) {
            Object v = column.getObject(r);
            Object key = v instanceof byte[] b ? new BytesKey(b)
                    : v instanceof String str ? new BytesKey(str.getBytes(StandardCharsets.UTF_8)) : v;
            items.add(new Object[] {key, r});
        }
        java.util.Comparator<Object[]> byValue = (x, y) -> ((Comparable) x[0]).compareTo(y[0]);
        items.sort(desc ? byValue.reversed() : byValue);
        for (int i = 0; i < rows.length; i++) {
            rows[i] = (Integer) items.get(i)[1];
        }
        return rows;
    }

    /** Binary values ordered as unsigned bytes, for the generic path. */
    private record BytesKey(byte[] bytes) implements Comparable<BytesKey> {
        @Override
        public int compareTo(BytesKey o) {
            return Arrays.compareUnsigned(bytes, o.bytes);
        }
    }
}
