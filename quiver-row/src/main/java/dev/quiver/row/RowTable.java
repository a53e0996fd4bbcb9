// SPDX-License-Identifier: Apache-2.0
package dev.quiver.row;

import dev.quiver.core.QuiverException;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.GrowableBuffer;
import dev.quiver.core.memory.LittleEndian;
import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * Rows encoded in the Arrow C++ row format (see {@code docs/row-table.md}), in three buffers:
 * <ul>
 *   <li>null masks: {@link RowTableMetadata#nullMaskBytesPerRow()} bytes per row; bit {@code p} is set when
 *       the column at physical position {@code p} is null;</li>
 *   <li>the fixed-length buffer: the rows themselves ({@link RowTableMetadata#fixedLength()} bytes each)
 *       in a fixed-length table; in a var-length table, {@code length() + 1} int64 row offsets;</li>
 *   <li>the var-length buffer (var-length tables only): the rows, one after another.</li>
 * </ul>
 * Every padding byte is zero, so equal keys (null equal to null) encode to identical bytes.
 *
 * <p>Rows are added by a {@link RowTableEncoder} or copied from another table ({@link #appendFrom}).
 * A dictionary-encoded column stores its indices; the table keeps the dictionary of the first batch and
 * refuses batches with another dictionary. Not thread-safe.
 */
public final class RowTable implements AutoCloseable {
    private final RowTableMetadata metadata;
    private final GrowableBuffer masks;
    private final GrowableBuffer fixed;
    private final GrowableBuffer var;
    private final ArrayData[] dictionaries;
    private long length;
    /** Whether some row has a mask bit set; kept up to date by every way rows are added. */
    private boolean anyNulls;

    /**
     * An empty table on the garbage-collected allocator.
     *
     * @param metadata the layout of the rows
     * @throws NullPointerException if {@code metadata} is null
     */
    public RowTable(RowTableMetadata metadata) {
        this(metadata, BufferAllocator.managed());
    }

    /**
     * An empty table whose buffers come from {@code allocator}.
     *
     * @param metadata the layout of the rows
     * @param allocator where the memory of the buffers comes from
     * @throws NullPointerException if {@code metadata} is null
     */
    public RowTable(RowTableMetadata metadata, BufferAllocator allocator) {
        this.metadata = Objects.requireNonNull(metadata, "metadata");
        this.masks = new GrowableBuffer(allocator);
        this.fixed = new GrowableBuffer(allocator);
        this.var = new GrowableBuffer(allocator);
        this.dictionaries = new ArrayData[metadata.columnCount()];
        resetOffsets();
    }

    private void resetOffsets() {
        if (!metadata.isFixedLength()) {
            fixed.setSize(8);
            fixed.segment().set(LittleEndian.LONG, 0, 0L);
        }
    }

    /**
     * The layout of the rows.
     *
     * @return the metadata the table was created with
     */
    public RowTableMetadata metadata() {
        return metadata;
    }

    /**
     * The number of rows.
     *
     * @return the number of rows added since creation or the last {@link #clear()}
     */
    public long length() {
        return length;
    }

    /** Removes every row (and the remembered dictionaries) and keeps the memory. */
    public void clear() {
        length = 0;
        anyNulls = false;
        masks.setSize(0);
        fixed.setSize(0);
        var.setSize(0);
        java.util.Arrays.fill(dictionaries, null);
        resetOffsets();
    }

    /**
     * The null-mask bytes of all rows (a read-only view, valid until the table grows).
     *
     * @return {@link RowTableMetadata#nullMaskBytesPerRow()} bytes per row, row after row
     */
    public MemorySegment nullMaskBuffer() {
        return masks.segment().asSlice(0, length * metadata.nullMaskBytesPerRow()).asReadOnly();
    }

    /**
     * The fixed-length buffer (a read-only view, valid until the table grows): the rows of a fixed-length
     * table, or the {@code length() + 1} int64 row offsets of a var-length table.
     *
     * @return the bytes of the buffer in use
     */
    public MemorySegment fixedLengthBuffer() {
        return fixed.segment().asSlice(0, fixed.size()).asReadOnly();
    }

    /**
     * The var-length buffer (a read-only view, valid until the table grows); empty for a fixed-length table.
     *
     * @return the rows of a var-length table, one after another
     */
    public MemorySegment varLengthBuffer() {
        return var.segment().asSlice(0, var.size()).asReadOnly();
    }

    /** The memory holding the row bytes, for hot loops: row {@code r} starts at {@link #rowOffset}. */
    MemorySegment rowSegment() {
        return metadata.isFixedLength() ? fixed.segment() : var.segment();
    }

    /** The memory of the null masks, for hot loops: row {@code r}'s mask starts at r * bytes per row. */
    MemorySegment maskSegment() {
        return masks.segment();
    }

    /**
     * Where row {@code r} starts: in the fixed-length buffer of a fixed-length table, in the var-length
     * buffer otherwise.
     *
     * @param r the index of a row
     * @return the offset in bytes of the row's first byte
     * @throws IndexOutOfBoundsException if {@code r} is not the index of a row
     */
    public long rowOffset(long r) {
        checkRow(r);
        return offsetOf(r);
    }

    /** {@link #rowOffset} without the check, for hot loops. */
    long offsetOf(long r) {
        return metadata.isFixedLength() ? r * metadata.fixedLength() : fixed.segment().get(LittleEndian.LONG, r * 8);
    }

    /**
     * The number of bytes of row {@code r}, padding included.
     *
     * @param r the index of a row
     * @return the length in bytes
     * @throws IndexOutOfBoundsException if {@code r} is not the index of a row
     */
    public long rowLength(long r) {
        checkRow(r);
        return lengthOf(r);
    }

    /** {@link #rowLength} without the check, for hot loops. */
    long lengthOf(long r) {
        if (metadata.isFixedLength()) {
            return metadata.fixedLength();
        }
        MemorySegment offsets = fixed.segment();
        return offsets.get(LittleEndian.LONG, r * 8 + 8) - offsets.get(LittleEndian.LONG, r * 8);
    }

    /**
     * The bytes of row {@code r} (a read-only view, valid until the table grows).
     *
     * @param r the index of a row
     * @return the row's {@link #rowLength(long)} bytes
     * @throws IndexOutOfBoundsException if {@code r} is not the index of a row
     */
    public MemorySegment row(long r) {
        checkRow(r);
        return rowSegment().asSlice(rowOffset(r), rowLength(r)).asReadOnly();
    }

    /**
     * Whether logical column {@code column} of row {@code r} is null.
     *
     * @param r the index of a row
     * @param column the logical index of a column
     * @return true when the row's mask bit for the column is set
     * @throws IndexOutOfBoundsException if {@code r} is not the index of a row
     */
    public boolean isNull(long r, int column) {
        checkRow(r);
        return isNullAtPosition(r, metadata.positionOf(column));
    }

    /**
     * Whether the column at physical position {@code p} of row {@code r} is null. The row is not checked.
     *
     * @param r the index of a row, from 0 to {@link #length()} - 1
     * @param p a physical position
     * @return true when bit {@code p} of the row's null mask is set
     */
    public boolean isNullAtPosition(long r, int p) {
        long at = r * metadata.nullMaskBytesPerRow() + (p >>> 3);
        return (masks.segment().get(LittleEndian.BYTE, at) & (1 << (p & 7))) != 0;
    }

    /**
     * Whether any row has a null in any column.
     *
     * @return true when some row's null mask has a bit set
     */
    public boolean hasAnyNulls() {
        return anyNulls;
    }

    /** Records that some row added has a null (the encoder's and appending's business). */
    void markNulls() {
        anyNulls = true;
    }

    /**
     * The bytes of value {@code k} (the k-th binary or utf8 column in physical order) of row {@code r}
     * start at {@code rowOffset(r) + varValueStart(r, k)}.
     *
     * @param r the index of a row
     * @param k the index of a var column among the var columns, in physical order
     * @return the offset of the value's first byte from the row's first byte
     * @throws IndexOutOfBoundsException if {@code k} is not the index of a var column, or (for {@code k > 0})
     *     {@code r} is not the index of a row
     */
    public long varValueStart(long r, int k) {
        checkVar(k);
        if (k == 0) {
            return metadata.fixedLength();
        }
        return RowTableMetadata.roundUp(varValueEnd(r, k - 1), metadata.stringAlignment());
    }

    /**
     * The end of value {@code k} of row {@code r}, from the first byte of the row (its end slot).
     *
     * @param r the index of a row
     * @param k the index of a var column among the var columns, in physical order
     * @return the offset just past the value's last byte, from the row's first byte
     * @throws IndexOutOfBoundsException if {@code k} is not the index of a var column or {@code r} is not
     *     the index of a row
     */
    public long varValueEnd(long r, int k) {
        checkVar(k);
        return Integer.toUnsignedLong(
                var.segment().get(LittleEndian.INT, rowOffset(r) + metadata.varbinaryEndArrayOffset() + 4L * k));
    }

    /**
     * The dictionary of a dictionary-encoded logical column (null before any row is added, or if not one).
     *
     * @param column the logical index of a column
     * @return the dictionary shared by all rows of the table, or null
     */
    public ArrayData dictionary(int column) {
        return dictionaries[column];
    }

    /**
     * Copies rows of {@code src} (whole encoded rows and their masks; nothing is re-encoded) to the end
     * of this table: row {@code selection[j]} for j &lt; count, or the first {@code count} rows when
     * {@code selection} is null. Indexes may repeat. No row is appended when a check fails.
     *
     * @param src the table to copy from
     * @param selection the indexes of the rows to copy, or null for the first {@code count} rows
     * @param count the number of rows to copy
     * @throws QuiverException if {@code src} has incompatible metadata or other dictionaries
     * @throws IndexOutOfBoundsException if a selected index is not a row of {@code src}
     */
    public void appendFrom(RowTable src, int[] selection, int count) {
        if (!metadata.isCompatible(src.metadata)) {
            throw new QuiverException("cannot append rows of " + src.metadata + " to a table of " + metadata);
        }
        for (int c = 0; c < dictionaries.length; c++) {
            bindDictionary(c, src.dictionaries[c]);
        }
        for (int j = 0; j < count; j++) {
            long r = selection == null ? j : selection[j];
            src.checkRow(r);
        }
        for (int j = 0; j < count; j++) {
            appendRowUnchecked(src, selection == null ? j : selection[j]);
        }
    }

    /**
     * Copies every row of {@code src} to the end of this table.
     *
     * @param src the table to copy from
     * @throws QuiverException if {@code src} has incompatible metadata or other dictionaries, or more
     *     than {@link Integer#MAX_VALUE} rows
     */
    public void appendFrom(RowTable src) {
        if (src.length > Integer.MAX_VALUE) {
            throw new QuiverException("cannot append " + src.length + " rows in one call");
        }
        appendFrom(src, null, (int) src.length);
    }

    /** Copies one row of a compatible table (dictionaries already checked) to the end; returns its index. */
    long appendRowUnchecked(RowTable src, long r) {
        int maskBytes = metadata.nullMaskBytesPerRow();
        long maskAt = length * maskBytes;
        masks.setSize(maskAt + maskBytes);
        MemorySegment.copy(src.masks.segment(), r * maskBytes, masks.segment(), maskAt, maskBytes);
        if (src.anyNulls && !anyNulls && !RowComparator.isZero(masks.segment(), maskAt, maskBytes)) {
            anyNulls = true;
        }
        long from = src.offsetOf(r);
        long size = src.lengthOf(r);
        if (metadata.isFixedLength()) {
            long at = length * size;
            fixed.setSize(at + size);
            copyWords(src.fixed.segment(), from, fixed.segment(), at, size);
        } else {
            long at = var.size();
            var.setSize(at + size);
            copyWords(src.var.segment(), from, var.segment(), at, size);
            long offsetAt = fixed.size();
            fixed.setSize(offsetAt + 8);
            fixed.segment().set(LittleEndian.LONG, offsetAt, at + size);
        }
        return length++;
    }

    private static void copyWords(MemorySegment src, long from, MemorySegment dst, long to, long size) {
        if (size <= 32 && (size & 7) == 0) {
            for (long i = 0; i < size; i += 8) {
                dst.set(LittleEndian.LONG, to + i, src.get(LittleEndian.LONG, from + i));
            }
        } else {
            MemorySegment.copy(src, from, dst, to, size);
        }
    }

    /**
     * Makes room for {@code rows} more rows of a fixed-length table (zero-filled, masks included) and
     * returns the index of the first; {@link #commit} makes them part of the table.
     */
    long reserveFixedRows(int rows) {
        long first = length;
        int maskBytes = metadata.nullMaskBytesPerRow();
        zeroExtend(masks, (first + rows) * maskBytes);
        zeroExtend(fixed, (first + rows) * metadata.fixedLength());
        return first;
    }

    /**
     * Makes room for {@code rows} more rows of a var-length table: zeroed masks, and row offsets taken
     * from {@code rowSizes}; the row bytes are zero-filled. Returns the byte offset of the first new row.
     */
    long reserveVarRows(int rows, long[] rowStarts, long[] rowSizes) {
        int maskBytes = metadata.nullMaskBytesPerRow();
        zeroExtend(masks, (length + rows) * maskBytes);
        long offsetAt = (length + 1) * 8;
        fixed.setSize(offsetAt + rows * 8L);
        MemorySegment offsets = fixed.segment();
        long at = offsets.get(LittleEndian.LONG, offsetAt - 8);
        long first = at;
        for (int r = 0; r < rows; r++) {
            rowStarts[r] = at;
            at += rowSizes[r];
            offsets.set(LittleEndian.LONG, offsetAt + r * 8L, at);
        }
        zeroExtend(var, at);
        return first;
    }

    private static void zeroExtend(GrowableBuffer buffer, long newSize) {
        long old = buffer.size();
        buffer.setSize(newSize);
        buffer.segment().asSlice(old, newSize - old).fill((byte) 0);
    }

    /** Counts {@code rows} reserved rows as part of the table. */
    void commit(int rows) {
        length += rows;
    }

    /** Remembers the dictionary of a column, or checks that it is the one already remembered. */
    void bindDictionary(int column, ArrayData dictionary) {
        if (dictionary == null) {
            return;
        }
        if (dictionaries[column] == null) {
            dictionaries[column] = dictionary;
        } else {
            checkSameDictionary(column, dictionaries[column], dictionary);
        }
    }

    /** Throws unless both dictionaries are equal (or either is null). */
    static void checkSameDictionary(int column, ArrayData known, ArrayData given) {
        if (known != null && given != null && known != given
                && !Array.ofUnchecked(known).equals(Array.ofUnchecked(given))) {
            throw new QuiverException("column " + column + " has another dictionary than the rows already in the"
                    + " table: a row table stores dictionary indices, so all its rows must share one dictionary");
        }
    }

    private void checkVar(int k) {
        if (k < 0 || k >= metadata.varColumnCount()) {
            throw new IndexOutOfBoundsException("var column " + k + " of " + metadata.varColumnCount());
        }
    }

    private void checkRow(long r) {
        if (r < 0 || r >= length) {
            throw new IndexOutOfBoundsException("row " + r + " of a table of " + length + " rows");
        }
    }

    /** Releases the memory; the table must not be used afterwards. */
    @Override
    public void close() {
        masks.clear();
        fixed.clear();
        var.clear();
        length = 0;
        java.util.Arrays.fill(dictionaries, null);
    }

    /**
     * The table as text, for debugging.
     *
     * @return the number of rows and the metadata
     */
    @Override
    public String toString() {
        return "RowTable[" + length + " rows, " + metadata + "]";
    }
}
