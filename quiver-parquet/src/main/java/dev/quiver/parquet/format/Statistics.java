// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.format;

import dev.quiver.parquet.thrift.ThriftReader;
import dev.quiver.parquet.thrift.ThriftType;
import dev.quiver.parquet.thrift.ThriftWriter;

/**
 * Statistics of a column chunk or page. Bounds are the plain encoding of a value (for BYTE_ARRAY, without
 * the length). {@code min}/{@code max} are the deprecated fields with signed order; {@code minValue}/
 * {@code maxValue} follow the column's sort order.
 *
 * @param max the deprecated maximum, or {@code null}
 * @param min the deprecated minimum, or {@code null}
 * @param nullCount the number of nulls, or {@code null}
 * @param distinctCount the number of distinct values, or {@code null}
 * @param maxValue the maximum, or {@code null}
 * @param minValue the minimum, or {@code null}
 * @param isMaxValueExact whether the maximum is a value of the column, or {@code null}
 * @param isMinValueExact whether the minimum is a value of the column, or {@code null}
 * @param nanCount the number of NaN values, or {@code null}
 */
public record Statistics(byte[] max, byte[] min, Long nullCount, Long distinctCount, byte[] maxValue,
        byte[] minValue, Boolean isMaxValueExact, Boolean isMinValueExact, Long nanCount) {
    /**
     * Reads one from the compact protocol.
     *
     * @param in the reader
     * @return the statistics
     */
    public static Statistics read(ThriftReader in) {
        in.beginStruct("Statistics");
        byte[] max = null;
        byte[] min = null;
        Long nulls = null;
        Long distinct = null;
        byte[] maxValue = null;
        byte[] minValue = null;
        Boolean maxExact = null;
        Boolean minExact = null;
        Long nans = null;
        for (int t; (t = in.readFieldHeader()) != ThriftType.STOP; ) {
            switch (in.fieldId()) {
                case 1 -> max = in.is(t, ThriftType.BINARY) ? in.readBinary() : max;
                case 2 -> min = in.is(t, ThriftType.BINARY) ? in.readBinary() : min;
                case 3 -> nulls = in.is(t, ThriftType.I64) ? Long.valueOf(in.readI64()) : nulls;
                case 4 -> distinct = in.is(t, ThriftType.I64) ? Long.valueOf(in.readI64()) : distinct;
                case 5 -> maxValue = in.is(t, ThriftType.BINARY) ? in.readBinary() : maxValue;
                case 6 -> minValue = in.is(t, ThriftType.BINARY) ? in.readBinary() : minValue;
                case 7 -> maxExact = in.is(t, ThriftType.TRUE) ? Boolean.valueOf(in.readBool()) : maxExact;
                case 8 -> minExact = in.is(t, ThriftType.TRUE) ? Boolean.valueOf(in.readBool()) : minExact;
                case 9 -> nans = in.is(t, ThriftType.I64) ? Long.valueOf(in.readI64()) : nans;
                default -> in.skip(t);
            }
        }
        in.endStruct();
        return new Statistics(max, min, nulls, distinct, maxValue, minValue, maxExact, minExact, nans);
    }

    /**
     * Writes it to the compact protocol.
     *
     * @param out the writer
     */
    public void write(ThriftWriter out) {
        out.beginStruct();
        if (max != null) {
            out.binaryField(1, max);
        }
        if (min != null) {
            out.binaryField(2, min);
        }
        if (nullCount != null) {
            out.i64Field(3, nullCount);
        }
        if (distinctCount != null) {
            out.i64Field(4, distinctCount);
        }
        if (maxValue != null) {
            out.binaryField(5, maxValue);
        }
        if (minValue != null) {
            out.binaryField(6, minValue);
        }
        if (isMaxValueExact != null) {
            out.boolField(7, isMaxValueExact);
        }
        if (isMinValueExact != null) {
            out.boolField(8, isMinValueExact);
        }
        if (nanCount != null) {
            out.i64Field(9, nanCount);
        }
        out.endStruct();
    }
}
