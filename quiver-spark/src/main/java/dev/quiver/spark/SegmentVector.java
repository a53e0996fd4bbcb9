// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import java.lang.foreign.MemorySegment;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * A Spark column vector over one Quiver array, reading its memory segments in place. This base reads the
 * validity bitmap; each subclass reads its own type's values and refuses the getters of other types. The
 * segments belong to the batch's reader, which releases them once Spark has moved past the batch: closing a
 * vector releases nothing.
 */
abstract class SegmentVector extends ColumnVector {
    /** The validity bitmap, or null when every slot is valid (no bitmap, or a null count of 0). */
    private final MemorySegment validity;
    /** The array's offset: slot {@code i} is bit and value {@code offset + i} of the buffers. */
    protected final long offset;
    /** The number of slots. */
    protected final int length;
    /** The column's path, for messages. */
    protected final String path;
    private final int nulls;

    SegmentVector(DataType type, ArrayData data, String path) {
        super(type);
        ArrowBuffer bitmap = data.validity();
        this.nulls = (int) data.nullCount();
        this.validity = bitmap == null || nulls == 0 ? null : bitmap.segment();
        this.offset = data.offset();
        this.path = path;
        this.length = Math.toIntExact(data.length());
    }

    @Override
    public boolean hasNull() {
        return nulls > 0;
    }

    @Override
    public int numNulls() {
        return nulls;
    }

    @Override
    public boolean isNullAt(int rowId) {
        return validity != null && !Bitmaps.get(validity, offset + rowId);
    }

    @Override
    public void close() {
        // The reader owns the segments and releases them with the batch.
    }

    /** A getter this vector's type does not answer: Spark asked for another type than the schema says. */
    protected final UnsupportedOperationException wrongGetter(String getter) {
        return new UnsupportedOperationException(getter + " on column " + path + " of type " + dataType().simpleString());
    }

    @Override
    public boolean getBoolean(int rowId) {
        throw wrongGetter("getBoolean");
    }

    @Override
    public byte getByte(int rowId) {
        throw wrongGetter("getByte");
    }

    @Override
    public short getShort(int rowId) {
        throw wrongGetter("getShort");
    }

    @Override
    public int getInt(int rowId) {
        throw wrongGetter("getInt");
    }

    @Override
    public long getLong(int rowId) {
        throw wrongGetter("getLong");
    }

    @Override
    public float getFloat(int rowId) {
        throw wrongGetter("getFloat");
    }

    @Override
    public double getDouble(int rowId) {
        throw wrongGetter("getDouble");
    }

    @Override
    public ColumnarArray getArray(int rowId) {
        throw wrongGetter("getArray");
    }

    @Override
    public ColumnarMap getMap(int rowId) {
        throw wrongGetter("getMap");
    }

    @Override
    public Decimal getDecimal(int rowId, int precision, int scale) {
        throw wrongGetter("getDecimal");
    }

    @Override
    public UTF8String getUTF8String(int rowId) {
        throw wrongGetter("getUTF8String");
    }

    @Override
    public byte[] getBinary(int rowId) {
        throw wrongGetter("getBinary");
    }

    @Override
    public ColumnVector getChild(int ordinal) {
        throw wrongGetter("getChild");
    }
}
