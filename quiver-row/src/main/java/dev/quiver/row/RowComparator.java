package dev.quiver.row;

import dev.quiver.core.QuiverException;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.LE;
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
    private final boolean[] match = new boolean[RowTableEncoder.MINI_BATCH];

    /** A comparator of columns with rows of {@code metadata}. */
    public RowComparator(RowTableMetadata metadata) {
        this.metadata = Objects.requireNonNull(metadata, "metadata");
    }

    /**
     * Whether row {@code ra} of {@code a} and row {@code rb} of {@code b} hold equal keys. Because padding
     * is zero and null slots hold a fixed filler, that is when their masks and bytes are identical.
     *
     * @throws QuiverException if the tables have incompatible metadata
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
        long len = a.rowLength(ra);
        return len == b.rowLength(rb) && bytesEqual(a.rowSegment(), a.rowOffset(ra), b.rowSegment(), b.rowOffset(rb), len);
    }

    /** Whether {@code len} bytes at {@code x} in {@code a} equal those at {@code y} in {@code b}. */
    static boolean bytesEqual(MemorySegment a, long x, MemorySegment b, long y, long len) {
        if (len > 64) {
            return MemorySegment.mismatch(a, x, x + len, b, y, y + len) == -1;
        }
        long i = 0;
        for (; i + 8 <= len; i += 8) {
            if (a.get(LE.LONG, x + i) != b.get(LE.LONG, y + i)) {
                return false;
            }
        }
        for (; i < len; i++) {
            if (a.get(LE.BYTE, x + i) != b.get(LE.BYTE, y + i)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Compares row {@code left[j]} of {@code columns} (or row {@code j} when {@code left} is null) with row
     * {@code right[j]} of {@code table}, for each {@code j < count}, and writes the positions {@code j} that
     * do not match to {@code mismatches} in increasing order.
     *
     * @return the number of mismatches written
     * @throws QuiverException if the columns are not of the table's types, or a dictionary-encoded
     *     column has another dictionary than the table
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
        for (int done = 0; done < count; done += RowTableEncoder.MINI_BATCH) {
            int n = Math.min(RowTableEncoder.MINI_BATCH, count - done);
            java.util.Arrays.fill(match, 0, n, true);
            for (int p = 0; p < views.length; p++) {
                compareColumn(views[metadata.encodedFieldOrder(p)], p, left, done, n, table, right);
            }
            for (int j = 0; j < n; j++) {
                if (!match[j]) {
                    mismatches[found++] = done + j;
                }
            }
        }
        return found;
    }

    /** Whether row {@code row} of {@code columns} holds the key of row {@code tableRow} of {@code table}. */
    public boolean columnsEqualRow(List<ArrayData> columns, int row, RowTable table, long tableRow) {
        return compareColumnsToRows(columns, new int[] {row}, 1, table, new long[] {tableRow}, new int[1]) == 0;
    }

    private void compareColumn(ColumnView v, int p, int[] left, int done, int n, RowTable table, long[] right) {
        if (v.kind == ColumnView.NA) {
            return;
        }
        MemorySegment rows = table.rowSegment();
        MemorySegment masks = table.maskSegment();
        int maskBytes = metadata.nullMaskBytesPerRow();
        int at = metadata.encodedFieldOffset(p);
        int k = varIndex(p);
        for (int j = 0; j < n; j++) {
            if (!match[j]) {
                continue;
            }
            long l = left == null ? done + j : left[done + j];
            long r = right[done + j];
            boolean rightNull = (masks.get(LE.BYTE, r * maskBytes + (p >>> 3)) & (1 << (p & 7))) != 0;
            boolean leftNull = v.isNull(l);
            if (leftNull || rightNull) {
                match[j] = leftNull && rightNull;
                continue;
            }
            long row = table.rowOffset(r);
            match[j] = switch (v.kind) {
                case ColumnView.BOOL -> rows.get(LE.BYTE, row + at) == (byte) (v.bit(l) ? -1 : 0);
                case ColumnView.FIXED -> fixedEqual(v, l, rows, row + at);
                default -> varEqual(v, l, table, r, k);
            };
        }
    }

    private static boolean fixedEqual(ColumnView v, long l, MemorySegment rows, long at) {
        long i = v.offset + l;
        return switch (v.width) {
            case 1 -> v.values.get(LE.BYTE, i) == rows.get(LE.BYTE, at);
            case 2 -> v.values.get(LE.SHORT, i * 2) == rows.get(LE.SHORT, at);
            case 4 -> v.values.get(LE.INT, i * 4) == rows.get(LE.INT, at);
            case 8 -> v.values.get(LE.LONG, i * 8) == rows.get(LE.LONG, at);
            default -> bytesEqual(v.values, i * v.width, rows, at, v.width);
        };
    }

    private static boolean varEqual(ColumnView v, long l, RowTable table, long r, int k) {
        long start = table.varValueStart(r, k);
        long len = table.varValueEnd(r, k) - start;
        return len == v.varLength(l) && bytesEqual(v.data, v.varStart(l), table.rowSegment(),
                table.rowOffset(r) + start, len);
    }

    /** The index among var columns of position {@code p} (meaningless for fixed positions). */
    private int varIndex(int p) {
        int k = 0;
        for (int q = 0; q < p; q++) {
            if (!metadata.column(metadata.encodedFieldOrder(q)).isFixedLength()) {
                k++;
            }
        }
        return k;
    }
}
