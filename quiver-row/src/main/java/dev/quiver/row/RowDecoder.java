// SPDX-License-Identifier: Apache-2.0
package dev.quiver.row;

import dev.quiver.core.QuiverException;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Types;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Decodes rows of a {@link RowTable} back into columns (Arrow C++ {@code DecodeFixedLengthBuffers} and
 * {@code DecodeVaryingLengthBuffers}), a column at a time. The arrays have the table's types and start
 * at offset 0; their validity bitmap is absent when no value is null. Under a null fixed value the
 * 0xAE filler of the row is copied; a bool is the lowest bit of its byte; a null-type column is
 * rebuilt as all null; a dictionary-encoded column gets the table's dictionary.
 */
public final class RowDecoder {
    private final BufferAllocator allocator;

    /** A decoder whose arrays live on the garbage-collected allocator. */
    public RowDecoder() {
        this(BufferAllocator.managed());
    }

    /**
     * A decoder whose arrays' buffers come from {@code allocator}.
     *
     * @param allocator where the memory of the decoded arrays comes from
     * @throws NullPointerException if {@code allocator} is null
     */
    public RowDecoder(BufferAllocator allocator) {
        this.allocator = Objects.requireNonNull(allocator, "allocator");
    }

    /**
     * Every row of {@code table}, as one array per logical column.
     *
     * @param table the rows to decode
     * @return the columns, in logical order, each of {@code table.length()} values
     * @throws QuiverException if a binary or utf8 column would hold more bytes than 32-bit offsets address
     */
    public List<ArrayData> decode(RowTable table) {
        return decode(table, null, table.length());
    }

    /**
     * Rows {@code rows[j]} for {@code j < count}, as one array per logical column. Indexes may repeat.
     *
     * @param table the rows to decode from
     * @param rows the indexes of the rows to decode
     * @param count the number of entries of {@code rows} used
     * @return the columns, in logical order, each of {@code count} values
     * @throws IndexOutOfBoundsException if {@code count} exceeds {@code rows} or an index is not a row of
     *     the table
     * @throws QuiverException if a binary or utf8 column would hold more bytes than 32-bit offsets address
     */
    public List<ArrayData> decodeSelected(RowTable table, int[] rows, int count) {
        if (count < 0 || count > rows.length) {
            throw new IndexOutOfBoundsException("count " + count + " of a selection of " + rows.length);
        }
        for (int j = 0; j < count; j++) {
            if (rows[j] < 0 || rows[j] >= table.length()) {
                throw new IndexOutOfBoundsException("row " + rows[j] + " of a table of " + table.length() + " rows");
            }
        }
        return decode(table, rows, count);
    }

    private List<ArrayData> decode(RowTable table, int[] rows, long count) {
        RowTableMetadata md = table.metadata();
        ArrayData[] columns = new ArrayData[md.columnCount()];
        int k = 0;
        for (int p = 0; p < md.columnCount(); p++) {
            int i = md.encodedFieldOrder(p);
            ColumnMetadata col = md.column(i);
            columns[i] = col.isNullType() ? nullColumn(md.type(i), count)
                    : col.isBool() ? boolColumn(table, p, i, rows, count)
                    : col.isFixedLength() ? fixedColumn(table, p, i, rows, count)
                    : varColumn(table, p, i, k++, rows, count);
        }
        return new ArrayList<>(Arrays.asList(columns));
    }

    private static ArrayData nullColumn(ArrowType type, long count) {
        return new ArrayData(type, count, 0, count, List.of(), List.of(), null);
    }

    private static long row(int[] rows, long j) {
        return rows == null ? j : rows[(int) j];
    }

    /** The validity bitmap of position {@code p}, or null when no row has it null; counts into {@code nulls}. */
    private ArrowBuffer validity(RowTable table, int p, int[] rows, long count, long[] nulls) {
        nulls[0] = 0;
        if (!table.hasAnyNulls()) {
            return null;
        }
        ArrowBuffer bitmap = allocator.allocate(Bitmaps.bytesFor(count));
        MemorySegment out = bitmap.segment();
        MemorySegment masks = table.maskSegment();
        int maskBytes = table.metadata().nullMaskBytesPerRow();
        long byteInMask = p >>> 3;
        int bit = p & 7;
        long nullCount = 0;
        int acc = 0;
        for (long j = 0; j < count; j++) {
            int isNull = (masks.get(LittleEndian.BYTE, row(rows, j) * maskBytes + byteInMask) >>> bit) & 1;
            nullCount += isNull;
            acc |= (isNull ^ 1) << (j & 7);
            if ((j & 7) == 7) {
                out.set(LittleEndian.BYTE, j >>> 3, (byte) acc);
                acc = 0;
            }
        }
        if ((count & 7) != 0) {
            out.set(LittleEndian.BYTE, count >>> 3, (byte) acc);
        }
        nulls[0] = nullCount;
        if (nullCount == 0) {
            allocator.release(bitmap);
            return null;
        }
        return bitmap;
    }

    private ArrayData fixedColumn(RowTable table, int p, int i, int[] rows, long count) {
        RowTableMetadata md = table.metadata();
        long[] nulls = new long[1];
        ArrowBuffer validity = validity(table, p, rows, count, nulls);
        int w = md.column(i).fixedLength();
        ArrowBuffer values = allocator.allocate(count * w);
        MemorySegment out = values.segment();
        MemorySegment src = table.rowSegment();
        int at = md.encodedFieldOffset(p);
        switch (w) {
            case 1 -> {
                for (long j = 0; j < count; j++) {
                    out.set(LittleEndian.BYTE, j, src.get(LittleEndian.BYTE, table.offsetOf(row(rows, j)) + at));
                }
            }
            case 2 -> {
                for (long j = 0; j < count; j++) {
                    out.set(LittleEndian.SHORT, j * 2, src.get(LittleEndian.SHORT, table.offsetOf(row(rows, j)) + at));
                }
            }
            case 4 -> {
                for (long j = 0; j < count; j++) {
                    out.set(LittleEndian.INT, j * 4, src.get(LittleEndian.INT, table.offsetOf(row(rows, j)) + at));
                }
            }
            case 8 -> {
                for (long j = 0; j < count; j++) {
                    out.set(LittleEndian.LONG, j * 8, src.get(LittleEndian.LONG, table.offsetOf(row(rows, j)) + at));
                }
            }
            default -> {
                for (long j = 0; j < count; j++) {
                    MemorySegment.copy(src, table.offsetOf(row(rows, j)) + at, out, j * w, w);
                }
            }
        }
        return new ArrayData(md.type(i), count, 0, nulls[0], Arrays.asList(validity, values), List.of(),
                dictionary(table, i));
    }

    private ArrayData boolColumn(RowTable table, int p, int i, int[] rows, long count) {
        long[] nulls = new long[1];
        ArrowBuffer validity = validity(table, p, rows, count, nulls);
        ArrowBuffer bits = allocator.allocate(Bitmaps.bytesFor(count));
        MemorySegment out = bits.segment();
        MemorySegment src = table.rowSegment();
        int at = table.metadata().encodedFieldOffset(p);
        int acc = 0;
        for (long j = 0; j < count; j++) {
            acc |= (src.get(LittleEndian.BYTE, table.offsetOf(row(rows, j)) + at) & 1) << (j & 7);
            if ((j & 7) == 7) {
                out.set(LittleEndian.BYTE, j >>> 3, (byte) acc);
                acc = 0;
            }
        }
        if ((count & 7) != 0) {
            out.set(LittleEndian.BYTE, count >>> 3, (byte) acc);
        }
        return new ArrayData(table.metadata().type(i), count, 0, nulls[0], Arrays.asList(validity, bits),
                List.of(), null);
    }

    private ArrayData varColumn(RowTable table, int p, int i, int k, int[] rows, long count) {
        long[] nulls = new long[1];
        ArrowBuffer validity = validity(table, p, rows, count, nulls);
        ArrowBuffer offsets = allocator.allocate((count + 1) * 4);
        MemorySegment out = offsets.segment();
        long total = 0;
        for (long j = 0; j < count; j++) {
            long r = row(rows, j);
            total += table.varValueEnd(r, k) - table.varValueStart(r, k);
            if (total > Integer.MAX_VALUE) {
                throw new QuiverException("column " + i + " would hold " + total
                        + " bytes, more than 32-bit offsets address: decode fewer rows at a time");
            }
            out.set(LittleEndian.INT, (j + 1) * 4, (int) total);
        }
        ArrowBuffer data = allocator.allocate(total);
        MemorySegment bytes = data.segment();
        MemorySegment src = table.rowSegment();
        for (long j = 0; j < count; j++) {
            long r = row(rows, j);
            long start = table.varValueStart(r, k);
            long to = Integer.toUnsignedLong(out.get(LittleEndian.INT, j * 4));
            MemorySegment.copy(src, table.offsetOf(r) + start, bytes, to, table.varValueEnd(r, k) - start);
        }
        return new ArrayData(table.metadata().type(i), count, 0, nulls[0], Arrays.asList(validity, offsets, data),
                List.of(), null);
    }

    /** The dictionary of a dictionary-encoded column: the table's, or an empty one when it has none. */
    private ArrayData dictionary(RowTable table, int i) {
        if (!(Types.storage(table.metadata().type(i)) instanceof ArrowType.Dictionary d)) {
            return null;
        }
        ArrayData known = table.dictionary(i);
        return known != null ? known : ArrayBuilder.of(d.valueType(), allocator).build().data();
    }
}
