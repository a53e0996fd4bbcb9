// SPDX-License-Identifier: Apache-2.0
package dev.quiver.row;

import dev.quiver.core.type.ArrowType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * The layout of the rows of a row table, derived from a list of column types (Arrow C++
 * {@code RowTableMetadata::FromColumnMetadataVector}; see {@code docs/row-table.md}).
 *
 * <p>Columns are stored in a physical order: power-of-two widths first, widest first, fixed before var
 * at equal width, then the other fixed widths in logical order (each aligned to the string
 * alignment). A var (binary, utf8) column takes a 4-byte end slot in that order; its bytes follow the
 * fixed part. The defaults, 8 and 8, are what every Arrow caller uses.
 */
public final class RowTableMetadata {
    /** Row alignment used by every Arrow caller. */
    public static final int DEFAULT_ROW_ALIGNMENT = 8;
    /** String alignment used by every Arrow caller. */
    public static final int DEFAULT_STRING_ALIGNMENT = 8;

    private final List<ArrowType> types;
    private final List<ColumnMetadata> columns;
    private final int rowAlignment;
    private final int stringAlignment;
    private final int[] columnOrder;
    private final int[] inverseColumnOrder;
    private final int[] columnOffsets;
    private final boolean isFixedLength;
    private final int fixedLength;
    private final int varbinaryEndArrayOffset;
    private final int varColumnCount;
    private final int nullMaskBytesPerRow;

    private RowTableMetadata(List<ArrowType> types, int rowAlignment, int stringAlignment) {
        this.types = List.copyOf(types);
        List<ColumnMetadata> cols = new ArrayList<>(types.size());
        for (ArrowType type : this.types) {
            cols.add(ColumnMetadata.of(type));
        }
        this.columns = List.copyOf(cols);
        this.rowAlignment = rowAlignment;
        this.stringAlignment = stringAlignment;
        int n = cols.size();
        this.columnOrder = physicalOrder(cols);
        this.inverseColumnOrder = new int[n];
        this.columnOffsets = new int[n];
        long off = 0;
        int endArray = 0;
        int vars = 0;
        for (int p = 0; p < n; p++) {
            int i = columnOrder[p];
            inverseColumnOrder[i] = p;
            ColumnMetadata col = cols.get(i);
            if (!col.isPowerOfTwo()) {
                off += padding(off, stringAlignment);
            }
            columnOffsets[p] = (int) off;
            if (!col.isFixedLength() && vars++ == 0) {
                endArray = (int) off;
            }
            off += col.slotWidth();
        }
        this.varColumnCount = vars;
        this.isFixedLength = vars == 0;
        this.varbinaryEndArrayOffset = endArray;
        long fixed = off + padding(off, isFixedLength ? rowAlignment : stringAlignment);
        if (fixed > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("the fixed part of a row would take " + fixed + " bytes");
        }
        this.fixedLength = (int) fixed;
        int maskBytes = 1;
        while (maskBytes * 8L < n) {
            maskBytes *= 2;
        }
        this.nullMaskBytesPerRow = maskBytes;
    }

    /**
     * The metadata of rows of these column types with the default alignments (8, 8).
     *
     * @param types the column types, in logical order
     * @return the layout of rows of these columns
     * @throws UnsupportedColumnTypeException if a type cannot be held in a row
     */
    public static RowTableMetadata of(List<ArrowType> types) {
        return of(types, DEFAULT_ROW_ALIGNMENT, DEFAULT_STRING_ALIGNMENT);
    }

    /**
     * The metadata of rows of these column types with the default alignments (8, 8).
     *
     * @param types the column types, in logical order
     * @return the layout of rows of these columns
     * @throws UnsupportedColumnTypeException if a type cannot be held in a row
     */
    public static RowTableMetadata of(ArrowType... types) {
        return of(List.of(types));
    }

    /**
     * The metadata of rows of these column types.
     *
     * @param types the column types, in logical order
     * @param rowAlignment a power of two: every row starts and ends at a multiple of it
     * @param stringAlignment a power of two, at most {@code rowAlignment}: var values and fixed columns of
     *     other widths start at a multiple of it (within the row)
     * @return the layout of rows of these columns
     * @throws UnsupportedColumnTypeException if a type cannot be held in a row
     * @throws IllegalArgumentException if the alignments are not such powers of two, or the fixed part
     *     of a row would exceed {@link Integer#MAX_VALUE} bytes
     */
    public static RowTableMetadata of(List<ArrowType> types, int rowAlignment, int stringAlignment) {
        Objects.requireNonNull(types, "types");
        if (Integer.bitCount(rowAlignment) != 1 || Integer.bitCount(stringAlignment) != 1
                || stringAlignment > rowAlignment) {
            throw new IllegalArgumentException("alignments must be powers of two with string alignment "
                    + stringAlignment + " <= row alignment " + rowAlignment);
        }
        return new RowTableMetadata(types, rowAlignment, stringAlignment);
    }

    private static int[] physicalOrder(List<ColumnMetadata> cols) {
        Integer[] order = new Integer[cols.size()];
        Arrays.setAll(order, i -> i);
        Comparator<Integer> byGroup = Comparator.comparingInt(i -> cols.get(i).isPowerOfTwo() ? 0 : 1);
        Comparator<Integer> byWidth = Comparator.comparingInt(
                i -> cols.get(i).isPowerOfTwo() ? -cols.get(i).fixedLength() : 0);
        Comparator<Integer> varLast = Comparator.comparingInt(
                i -> cols.get(i).isPowerOfTwo() && !cols.get(i).isFixedLength() ? 1 : 0);
        Arrays.sort(order, byGroup.thenComparing(byWidth).thenComparing(varLast).thenComparingInt(i -> i));
        int[] out = new int[order.length];
        Arrays.setAll(out, i -> order[i]);
        return out;
    }

    /**
     * The bytes that round {@code x} up to a multiple of the power of two {@code alignment}.
     *
     * @param x a size or offset
     * @param alignment a power of two
     * @return the padding, from 0 to {@code alignment - 1}
     */
    public static long padding(long x, int alignment) {
        return -x & (alignment - 1);
    }

    /**
     * {@code x} rounded up to a multiple of the power of two {@code alignment}.
     *
     * @param x a size or offset
     * @param alignment a power of two
     * @return the smallest multiple of {@code alignment} not below {@code x}
     */
    public static long roundUp(long x, int alignment) {
        return x + padding(x, alignment);
    }

    /**
     * The column types, in logical order.
     *
     * @return the types, unmodifiable
     */
    public List<ArrowType> types() {
        return types;
    }

    /**
     * The type of logical column {@code i}.
     *
     * @param i the logical index of the column
     * @return the column's type, as given
     */
    public ArrowType type(int i) {
        return types.get(i);
    }

    /**
     * The column metadata, in logical order.
     *
     * @return the metadata, unmodifiable
     */
    public List<ColumnMetadata> columns() {
        return columns;
    }

    /**
     * The metadata of logical column {@code i}.
     *
     * @param i the logical index of the column
     * @return how a row holds the column's values
     */
    public ColumnMetadata column(int i) {
        return columns.get(i);
    }

    /**
     * The number of columns.
     *
     * @return the number of column types given
     */
    public int columnCount() {
        return columns.size();
    }

    /**
     * The row alignment: every row starts and ends at a multiple of it.
     *
     * @return a power of two
     */
    public int rowAlignment() {
        return rowAlignment;
    }

    /**
     * The string alignment: var values and fixed columns of widths other than powers of two start at a
     * multiple of it within the row.
     *
     * @return a power of two, at most {@link #rowAlignment()}
     */
    public int stringAlignment() {
        return stringAlignment;
    }

    /**
     * Whether no column is binary or utf8: every row then has {@link #fixedLength()} bytes.
     *
     * @return true when every column is fixed-width
     */
    public boolean isFixedLength() {
        return isFixedLength;
    }

    /**
     * The size of every row of a fixed-length table; for a var-length table, the size of the fixed part
     * of a row (fixed columns and end slots), where the first var value starts.
     *
     * @return the length in bytes, padded to the row alignment (fixed-length) or string alignment (var)
     */
    public int fixedLength() {
        return fixedLength;
    }

    /**
     * The offset within a row of the end slot of var column 0 (0 for a fixed-length table).
     *
     * @return the offset in bytes; the end slots of the other var columns follow, 4 bytes each
     */
    public int varbinaryEndArrayOffset() {
        return varbinaryEndArrayOffset;
    }

    /**
     * The number of binary and utf8 columns.
     *
     * @return the number of var columns
     */
    public int varColumnCount() {
        return varColumnCount;
    }

    /**
     * Bytes of null mask per row: the smallest power of two with a bit per column.
     *
     * @return the bytes, at least 1
     */
    public int nullMaskBytesPerRow() {
        return nullMaskBytesPerRow;
    }

    /**
     * The logical index of the column at physical position {@code p} ({@code column_order[p]}).
     *
     * @param p a physical position
     * @return the logical index of the column there
     */
    public int encodedFieldOrder(int p) {
        return columnOrder[p];
    }

    /**
     * The physical position of logical column {@code i} ({@code inverse_column_order[i]}).
     *
     * @param i the logical index of a column
     * @return its physical position
     */
    public int positionOf(int i) {
        return inverseColumnOrder[i];
    }

    /**
     * The offset within a row of the column at physical position {@code p}.
     *
     * @param p a physical position
     * @return the offset in bytes of the column's slot (its end slot for a var column)
     */
    public int encodedFieldOffset(int p) {
        return columnOffsets[p];
    }

    /**
     * The physical order: {@code columnOrder()[p]} is the logical column at position {@code p}.
     *
     * @return a new array of the logical indices, in physical order
     */
    public int[] columnOrder() {
        return columnOrder.clone();
    }

    /**
     * The offset within a row of every position, in physical order.
     *
     * @return a new array of the offsets in bytes, in physical order
     */
    public int[] columnOffsets() {
        return columnOffsets.clone();
    }

    /**
     * Whether rows of {@code other} can be appended to a table of this metadata: same column count, same
     * alignments, and the same fixed/var kind and width of every logical column.
     *
     * @param other the metadata of the rows to append
     * @return true when the rows have the same layout
     */
    public boolean isCompatible(RowTableMetadata other) {
        if (columns.size() != other.columns.size() || rowAlignment != other.rowAlignment
                || stringAlignment != other.stringAlignment) {
            return false;
        }
        for (int i = 0; i < columns.size(); i++) {
            ColumnMetadata a = columns.get(i);
            ColumnMetadata b = other.columns.get(i);
            if (a.isFixedLength() != b.isFixedLength() || a.fixedLength() != b.fixedLength()) {
                return false;
            }
        }
        return true;
    }

    /**
     * The layout as text, for debugging.
     *
     * @return the types, physical order, offsets, fixed length and null mask bytes
     */
    @Override
    public String toString() {
        return "RowTableMetadata[types=" + types + ", order=" + Arrays.toString(columnOrder) + ", offsets="
                + Arrays.toString(columnOffsets) + ", fixedLength=" + fixedLength + ", "
                + (isFixedLength ? "fixed-length" : "var-length, endArray=" + varbinaryEndArrayOffset)
                + ", nullMaskBytes=" + nullMaskBytesPerRow + "]";
    }
}
