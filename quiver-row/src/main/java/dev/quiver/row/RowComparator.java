// SPDX-License-Identifier: Apache-2.0
package dev.quiver.row;

import dev.quiver.core.QuiverException;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.LittleEndian;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Objects;

/**
 * Compares keys for equality, with null equal to null (IS NOT DISTINCT FROM): encoded rows with each
 * other ({@link #rowsEqual}), and rows still in columns with encoded rows ({@link #compareColumnsToRows},
 * Arrow C++ {@code KeyCompare::CompareColumnsToRows}, a column at a time). Two values match when both
 * are null, or neither is and their bytes are equal (a bool as 0xFF/0x00, a dictionary-encoded column by
 * index, floats bit for bit); null-type columns always match.
 */
public final class RowComparator {
    private final RowTableMetadata metadata;
    private static final int MINI_BATCH = RowTableEncoder.MINI_BATCH;

    private final boolean[] match = new boolean[MINI_BATCH];
    private final long[] leftRows = new long[MINI_BATCH];
    private final long[] rightRows = new long[MINI_BATCH];
    private final long[] rowStarts = new long[MINI_BATCH];

    /**
     * A comparator of columns with rows of {@code metadata}. It holds scratch space: use one per thread.
     *
     * @param metadata the layout of the rows compared, and the types of the columns
     * @throws NullPointerException if {@code metadata} is null
     */
    public RowComparator(RowTableMetadata metadata) {
        this.metadata = Objects.requireNonNull(metadata, "metadata");
    }

    /**
     * Whether row {@code ra} of {@code a} and row {@code rb} of {@code b} hold equal keys. Because padding
     * is zero and null slots hold a fixed filler, that is when their masks and bytes are identical.
     *
     * @param a the table of the first row
     * @param ra the index of the first row in {@code a}
     * @param b the table of the second row
     * @param rb the index of the second row in {@code b}
     * @return true when the two rows hold equal keys
     * @throws QuiverException if the tables have incompatible metadata
     * @throws IndexOutOfBoundsException if {@code ra} or {@code rb} is not the index of a row of its table
     */
    public static boolean rowsEqual(RowTable a, long ra, RowTable b, long rb) {
        if (!a.metadata().isCompatible(b.metadata())) {
            throw new QuiverException("rows of " + a.metadata() + " and " + b.metadata() + " cannot be compared");
        }
        if (ra < 0 || ra >= a.length() || rb < 0 || rb >= b.length()) {
            throw new IndexOutOfBoundsException("rows " + ra + " of " + a.length() + " and " + rb + " of " + b.length());
        }
        return rowsEqualUnchecked(a, ra, b, rb);
    }

    /** {@link #rowsEqual} without the checks, for hot loops over compatible tables. */
    static boolean rowsEqualUnchecked(RowTable a, long ra, RowTable b, long rb) {
        int maskBytes = a.metadata().nullMaskBytesPerRow();
        if (!bytesEqual(a.maskSegment(), ra * maskBytes, b.maskSegment(), rb * maskBytes, maskBytes)) {
            return false;
        }
        long len = a.lengthOf(ra);
        return len == b.lengthOf(rb) && bytesEqual(a.rowSegment(), a.offsetOf(ra), b.rowSegment(), b.offsetOf(rb), len);
    }

    /** Whether the {@code len} bytes at {@code at} are all zero. */
    static boolean isZero(MemorySegment s, long at, long len) {
        long i = 0;
        for (; i + 8 <= len; i += 8) {
            if (s.get(LittleEndian.LONG, at + i) != 0) {
                return false;
            }
        }
        for (; i < len; i++) {
            if (s.get(LittleEndian.BYTE, at + i) != 0) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code len} bytes at {@code x} in {@code a} equal those at {@code y} in {@code b}. */
    static boolean bytesEqual(MemorySegment a, long x, MemorySegment b, long y, long len) {
        if (len > 64) {
            return MemorySegment.mismatch(a, x, x + len, b, y, y + len) == -1;
        }
        long i = 0;
        for (; i + 8 <= len; i += 8) {
            if (a.get(LittleEndian.LONG, x + i) != b.get(LittleEndian.LONG, y + i)) {
                return false;
            }
        }
        return i == len || RowHasher.tail(a, x + i, len - i) == RowHasher.tail(b, y + i, len - i);
    }

    /**
     * Compares row {@code left[j]} of {@code columns} (or row {@code j} when {@code left} is null) with row
     * {@code right[j]} of {@code table}, for each {@code j < count}, and writes the positions {@code j} that
     * do not match to {@code mismatches} in increasing order.
     *
     * @param columns one column per type of the metadata, in logical order, all of one length
     * @param left the rows of the columns to compare, or null for rows 0 to {@code count - 1}
     * @param count the number of comparisons
     * @param table a table of rows of this comparator's metadata
     * @param right the rows of the table to compare, one per comparison
     * @param mismatches receives the positions {@code j} that do not match; at least {@code count} long
     *     for the worst case
     * @return the number of mismatches written
     * @throws QuiverException if the columns are not of the table's types, or a dictionary-encoded
     *     column has another dictionary than the table
     * @throws IndexOutOfBoundsException if a row index is not a row of the columns or of the table
     */
    public int compareColumnsToRows(List<ArrayData> columns, int[] left, int count, RowTable table, long[] right,
            int[] mismatches) {
        if (!table.metadata().isCompatible(metadata)) {
            throw new QuiverException("the table holds rows of " + table.metadata() + ", not " + metadata);
        }
        ColumnView[] views = ColumnView.of(metadata, columns);
        for (int c = 0; c < views.length; c++) {
            RowTable.checkSameDictionary(c, table.dictionary(c), views[c].dictionary);
        }
        long leftLength = views.length == 0 ? Long.MAX_VALUE : views[0].length;
        for (int j = 0; j < count; j++) {
            long l = left == null ? j : left[j];
            if (l < 0 || l >= leftLength || right[j] < 0 || right[j] >= table.length()) {
                throw new IndexOutOfBoundsException("comparison " + j + ": column row " + l + " of " + leftLength
                        + " with table row " + right[j] + " of " + table.length());
            }
        }
        int found = 0;
        for (int done = 0; done < count; done += MINI_BATCH) {
            int n = Math.min(MINI_BATCH, count - done);
            for (int j = 0; j < n; j++) {
                leftRows[j] = left == null ? done + j : left[done + j];
                rightRows[j] = right[done + j];
            }
            for (int j = 0; j < n; j++) {
                rowStarts[j] = table.offsetOf(rightRows[j]);
            }
            matchRows(views, leftRows, rightRows, rowStarts, n, table, match);
            for (int j = 0; j < n; j++) {
                if (!match[j]) {
                    mismatches[found++] = done + j;
                }
            }
        }
        return found;
    }

    /**
     * Whether row {@code row} of {@code columns} holds the key of row {@code tableRow} of {@code table}.
     *
     * @param columns one column per type of the metadata, in logical order, all of one length
     * @param row the index of a row of the columns
     * @param table a table of rows of this comparator's metadata
     * @param tableRow the index of a row of the table
     * @return true when the keys are equal, null equal to null
     * @throws QuiverException if the columns are not of the table's types, or a dictionary-encoded
     *     column has another dictionary than the table
     * @throws IndexOutOfBoundsException if {@code row} or {@code tableRow} is not the index of a row
     */
    public boolean columnsEqualRow(List<ArrayData> columns, int row, RowTable table, long tableRow) {
        return compareColumnsToRows(columns, new int[] {row}, 1, table, new long[] {tableRow}, new int[1]) == 0;
    }

    /**
     * Sets {@code out[j]} to whether row {@code left[j]} of the checked views holds the key of row
     * {@code right[j]} of {@code table}, which starts at {@code starts[j]} in its row segment, for
     * {@code j < n <= MINI_BATCH}; a negative {@code right[j]} matches nothing (its {@code starts[j]} must
     * still be the start of a row of a non-empty table, e.g. 0). A column at a time. Where the column and
     * the table have no nulls, every pair is compared and the result and-ed in, without a branch on
     * earlier mismatches; otherwise pairs that already mismatch are skipped.
     */
    void matchRows(ColumnView[] views, long[] left, long[] right, long[] starts, int n, RowTable table,
            boolean[] out) {
        for (int j = 0; j < n; j++) {
            out[j] = right[j] >= 0;
        }
        if (table.length() == 0) {
            return;
        }
        int k = 0;
        for (int p = 0; p < views.length; p++) {
            ColumnView v = views[metadata.encodedFieldOrder(p)];
            switch (v.kind) {
                case ColumnView.NA -> {
                }
                case ColumnView.VAR -> matchVar(v, p, k++, left, right, starts, n, table, out);
                default -> matchFixed(v, p, left, right, starts, n, table, out);
            }
        }
    }

    /** How the null flags decide a pair: 1 both null (a match), -1 one of them (a mismatch), 0 neither. */
    private int nulls(ColumnView v, long l, MemorySegment masks, long r, int maskBytes, int p) {
        boolean rightNull = (masks.get(LittleEndian.BYTE, r * maskBytes + (p >>> 3)) & (1 << (p & 7))) != 0;
        boolean leftNull = v.isNull(l);
        return leftNull == rightNull ? (leftNull ? 1 : 0) : -1;
    }

    private void matchFixed(ColumnView v, int p, long[] left, long[] right, long[] starts, int n, RowTable table,
            boolean[] out) {
        boolean nullable = v.validity != null || table.hasAnyNulls();
        MemorySegment rows = table.rowSegment();
        MemorySegment masks = table.maskSegment();
        MemorySegment values = v.values;
        int maskBytes = metadata.nullMaskBytesPerRow();
        int at = metadata.encodedFieldOffset(p);
        long so = v.offset;
        int w = v.width;
        for (int j = 0; j < n; j++) {
            if (nullable) {
                if (!out[j]) {
                    continue;
                }
                int nulls = nulls(v, left[j], masks, right[j], maskBytes, p);
                if (nulls != 0) {
                    out[j] = nulls > 0;
                    continue;
                }
            }
            long i = so + left[j];
            long slot = starts[j] + at;
            out[j] &= switch (v.kind == ColumnView.BOOL ? 0 : w) {
                case 0 -> rows.get(LittleEndian.BYTE, slot) == (byte) -((values.get(LittleEndian.BYTE, i >>> 3) >>> (i & 7)) & 1);
                case 1 -> values.get(LittleEndian.BYTE, i) == rows.get(LittleEndian.BYTE, slot);
                case 2 -> values.get(LittleEndian.SHORT, i * 2) == rows.get(LittleEndian.SHORT, slot);
                case 4 -> values.get(LittleEndian.INT, i * 4) == rows.get(LittleEndian.INT, slot);
                case 8 -> values.get(LittleEndian.LONG, i * 8) == rows.get(LittleEndian.LONG, slot);
                default -> bytesEqual(values, i * w, rows, slot, w);
            };
        }
    }

    private void matchVar(ColumnView v, int p, int k, long[] left, long[] right, long[] starts, int n,
            RowTable table, boolean[] out) {
        boolean nullable = v.validity != null || table.hasAnyNulls();
        MemorySegment rows = table.rowSegment();
        MemorySegment masks = table.maskSegment();
        MemorySegment offsets = v.values;
        int maskBytes = metadata.nullMaskBytesPerRow();
        long slot = metadata.varbinaryEndArrayOffset() + 4L * k;
        long first = metadata.fixedLength();
        int sa = metadata.stringAlignment();
        MemorySegment data = v.data;
        long dataSize = data.byteSize();
        long rowsSize = rows.byteSize();
        for (int j = 0; j < n; j++) {
            if (nullable) {
                if (!out[j]) {
                    continue;
                }
                int nulls = nulls(v, left[j], masks, right[j], maskBytes, p);
                if (nulls != 0) {
                    out[j] = nulls > 0;
                    continue;
                }
            }
            long row = starts[j];
            long end = Integer.toUnsignedLong(rows.get(LittleEndian.INT, row + slot));
            long start = k == 0 ? first
                    : RowTableMetadata.roundUp(Integer.toUnsignedLong(rows.get(LittleEndian.INT, row + slot - 4)), sa);
            long at = (v.offset + left[j]) * 4;
            long pair = offsets.get(LittleEndian.LONG, at);
            long from = pair & 0xFFFF_FFFFL;
            long len = (pair >>> 32) - from;
            if (len <= 16 && from + 16 <= dataSize && row + start + 16 <= rowsSize) {
                out[j] &= (len == end - start) & shortEqual(data, from, rows, row + start, len);
            } else {
                out[j] &= len == end - start && bytesEqual(data, from, rows, row + start, len);
            }
        }
    }

    /**
     * {@link #bytesEqual} for {@code len <= 16}, with 16 bytes readable at {@code x} and at {@code y}: two
     * words each, the bytes past {@code len} masked off, without a branch on the length.
     */
    private static boolean shortEqual(MemorySegment a, long x, MemorySegment b, long y, long len) {
        long diff0 = (a.get(LittleEndian.LONG, x) ^ b.get(LittleEndian.LONG, y)) & RowHasher.wordMask(len);
        long diff1 = (a.get(LittleEndian.LONG, x + 8) ^ b.get(LittleEndian.LONG, y + 8)) & RowHasher.wordMask(len - 8);
        return (diff0 | diff1) == 0;
    }
}
