// SPDX-License-Identifier: Apache-2.0
package dev.quiver.row;

import dev.quiver.core.QuiverException;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.Values;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.LittleEndian;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * The memory of one input column, taken apart once per call so that loops read segments directly
 * (Arrow C++ {@code KeyColumnArray}). Value {@code i} of the column is element {@code offset + i}.
 */
final class ColumnView {
    static final int NA = 0;
    static final int BOOL = 1;
    static final int FIXED = 2;
    static final int VAR = 3;

    private static final MemorySegment NONE = MemorySegment.ofArray(new byte[0]);

    final int kind;
    final int width;
    final long offset;
    final long length;
    /** The validity bitmap, or null when no value is null. */
    final MemorySegment validity;
    /** Values (fixed), bits (bool) or int32 offsets (var). */
    final MemorySegment values;
    /** The value bytes of a var column. */
    final MemorySegment data;
    final ArrayData dictionary;

    ColumnView(ArrayData array, ColumnMetadata md) {
        this.kind = md.isNullType() ? NA : md.isBool() ? BOOL : md.isFixedLength() ? FIXED : VAR;
        this.width = md.fixedLength();
        this.offset = array.offset();
        this.length = array.length();
        ArrowBuffer valid = kind == NA || array.nullCount() == 0 ? null : array.validity();
        this.validity = valid == null ? null : valid.segment();
        this.values = kind == NA ? NONE : segment(array.buffer(1));
        this.data = kind == VAR ? segment(array.buffer(2)) : NONE;
        this.dictionary = array.dictionary();
    }

    private static MemorySegment segment(ArrowBuffer buffer) {
        return buffer == null ? NONE : buffer.segment();
    }

    /** Views of {@code columns}, checked against the metadata's types; all columns must be as long. */
    static ColumnView[] of(RowTableMetadata metadata, List<ArrayData> columns) {
        if (columns.size() != metadata.columnCount()) {
            throw new QuiverException(columns.size() + " columns given for rows of " + metadata.columnCount());
        }
        ColumnView[] views = new ColumnView[columns.size()];
        for (int i = 0; i < views.length; i++) {
            ArrayData column = columns.get(i);
            if (!column.type().equals(metadata.type(i))) {
                throw new QuiverException("column " + i + " has type " + column.type() + " where the rows have "
                        + metadata.type(i));
            }
            if (column.length() != columns.get(0).length()) {
                throw new QuiverException("column " + i + " has " + column.length() + " values, column 0 has "
                        + columns.get(0).length());
            }
            views[i] = new ColumnView(column, metadata.column(i));
        }
        return views;
    }

    /** Whether value {@code i} is null (false for a null-type column: it never sets a mask bit). */
    boolean isNull(long i) {
        if (validity == null) {
            return false;
        }
        long bit = offset + i;
        return (validity.get(LittleEndian.BYTE, bit >>> 3) & (1 << (bit & 7))) == 0;
    }
}
