// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import java.lang.foreign.MemorySegment;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * A dictionary-encoded column decoded on the fly: each getter reads the slot's index and asks the vector of
 * the dictionary's values (built once per batch). A slot is null when its index is null or the value it
 * points at is. The strings of a dictionary of at most {@link #MAX_CACHED} values are made once per batch,
 * each when first asked for, and handed out again (Spark's {@code UTF8String} is immutable).
 */
final class DictionaryVector extends SegmentVector {
    private final MemorySegment indices;
    private final int indexBytes;
    private final boolean signed;
    private final ColumnVector values;
    private final long dictionaryLength;
    /** The largest dictionary whose strings are kept. */
    static final int MAX_CACHED = 1 << 16;
    private final UTF8String[] strings;

    DictionaryVector(DataType type, ArrayData data, String path) {
        super(type, data, path);
        ArrowType.Int indexType = ((ArrowType.Dictionary) data.type()).indexType();
        this.indices = data.buffer(1).segment();
        this.indexBytes = indexType.bitWidth() / 8;
        this.signed = indexType.signed();
        this.values = Vectors.of(data.dictionary(), type, path);
        this.dictionaryLength = data.dictionary().length();
        this.strings = dictionaryLength <= MAX_CACHED ? new UTF8String[(int) dictionaryLength] : null;
    }

    private int index(int rowId) {
        long slot = offset + rowId;
        long index = switch (indexBytes) {
            case 1 -> signed ? indices.get(LittleEndian.BYTE, slot) : indices.get(LittleEndian.BYTE, slot) & 0xFF;
            case 2 -> signed ? indices.get(LittleEndian.SHORT, slot * 2)
                    : indices.get(LittleEndian.SHORT, slot * 2) & 0xFFFF;
            case 4 -> signed ? indices.get(LittleEndian.INT, slot * 4)
                    : Integer.toUnsignedLong(indices.get(LittleEndian.INT, slot * 4));
            default -> indices.get(LittleEndian.LONG, slot * 8);
        };
        if (index < 0 || index >= dictionaryLength) {
            throw new QuiverSparkException("column " + path + ", row " + rowId + ": dictionary index " + index
                    + " is outside the dictionary of " + dictionaryLength + " values");
        }
        return (int) index;
    }

    @Override
    public boolean hasNull() {
        return super.hasNull() || values.hasNull();
    }

    @Override
    public int numNulls() {
        if (!values.hasNull()) {
            return super.numNulls();
        }
        int n = 0;
        for (int i = 0; i < length; i++) {
            if (isNullAt(i)) {
                n++;
            }
        }
        return n;
    }

    @Override
    public boolean isNullAt(int rowId) {
        return super.isNullAt(rowId) || values.isNullAt(index(rowId));
    }

    @Override
    public boolean getBoolean(int rowId) {
        return values.getBoolean(index(rowId));
    }

    @Override
    public byte getByte(int rowId) {
        return values.getByte(index(rowId));
    }

    @Override
    public short getShort(int rowId) {
        return values.getShort(index(rowId));
    }

    @Override
    public int getInt(int rowId) {
        return values.getInt(index(rowId));
    }

    @Override
    public long getLong(int rowId) {
        return values.getLong(index(rowId));
    }

    @Override
    public float getFloat(int rowId) {
        return values.getFloat(index(rowId));
    }

    @Override
    public double getDouble(int rowId) {
        return values.getDouble(index(rowId));
    }

    @Override
    public ColumnarArray getArray(int rowId) {
        return values.getArray(index(rowId));
    }

    @Override
    public ColumnarMap getMap(int rowId) {
        return values.getMap(index(rowId));
    }

    @Override
    public Decimal getDecimal(int rowId, int precision, int scale) {
        return values.getDecimal(index(rowId), precision, scale);
    }

    @Override
    public UTF8String getUTF8String(int rowId) {
        int index = index(rowId);
        if (strings == null) {
            return values.getUTF8String(index);
        }
        UTF8String s = strings[index];
        if (s == null) {
            s = values.getUTF8String(index);
            strings[index] = s;
        }
        return s;
    }

    @Override
    public byte[] getBinary(int rowId) {
        return values.getBinary(index(rowId));
    }
}
