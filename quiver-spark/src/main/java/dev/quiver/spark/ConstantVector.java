// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * A batch's column of one value on every row: a partition key of a file's rows, taken from its directories. The value
 * is held as Spark holds it (a {@link UTF8String}, an {@link Integer} for INT and DATE, a {@link Long}, a
 * {@link Double}, a {@link Boolean}), or null for a null on every row.
 */
final class ConstantVector extends ColumnVector {
    private final Object value;
    private final int rows;
    private final long bits;
    private final double real;

    ConstantVector(DataType type, Object value, int rows) {
        super(type);
        this.value = value;
        this.rows = rows;
        this.bits = value instanceof Number n ? n.longValue() : value instanceof Boolean b && b ? 1 : 0;
        this.real = value instanceof Number n ? n.doubleValue() : 0;
    }

    @Override
    public void close() {
        // Holds no memory of its own.
    }

    @Override
    public boolean hasNull() {
        return value == null;
    }

    @Override
    public int numNulls() {
        return value == null ? rows : 0;
    }

    @Override
    public boolean isNullAt(int rowId) {
        return value == null;
    }

    @Override
    public boolean getBoolean(int rowId) {
        return bits != 0;
    }

    @Override
    public byte getByte(int rowId) {
        return (byte) bits;
    }

    @Override
    public short getShort(int rowId) {
        return (short) bits;
    }

    @Override
    public int getInt(int rowId) {
        return (int) bits;
    }

    @Override
    public long getLong(int rowId) {
        return bits;
    }

    @Override
    public float getFloat(int rowId) {
        return (float) real;
    }

    @Override
    public double getDouble(int rowId) {
        return real;
    }

    @Override
    public ColumnarArray getArray(int rowId) {
        throw new UnsupportedOperationException("a partition key holds no arrays");
    }

    @Override
    public ColumnarMap getMap(int ordinal) {
        throw new UnsupportedOperationException("a partition key holds no maps");
    }

    @Override
    public Decimal getDecimal(int rowId, int precision, int scale) {
        throw new UnsupportedOperationException("a partition key holds no decimals");
    }

    @Override
    public UTF8String getUTF8String(int rowId) {
        return (UTF8String) value;
    }

    @Override
    public byte[] getBinary(int rowId) {
        throw new UnsupportedOperationException("a partition key holds no binary values");
    }

    @Override
    public ColumnVector getChild(int ordinal) {
        throw new UnsupportedOperationException("a partition key has no children");
    }
}
