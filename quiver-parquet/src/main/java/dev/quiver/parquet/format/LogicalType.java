// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.format;

import dev.quiver.parquet.thrift.ThriftReader;
import dev.quiver.parquet.thrift.ThriftType;
import dev.quiver.parquet.thrift.ThriftWriter;

/**
 * A logical type (the {@code LogicalType} union of parquet.thrift): which member is set, and its
 * parameters. A member this version does not know keeps its field id as {@code kind} and no parameters.
 *
 * @param kind the union member's field id ({@link #STRING}, {@link #DECIMAL}, ...)
 * @param scale the decimal scale (DECIMAL)
 * @param precision the decimal precision (DECIMAL)
 * @param adjustedToUtc whether times or timestamps are adjusted to UTC (TIME, TIMESTAMP)
 * @param unit the time unit: {@link #MILLIS}, {@link #MICROS} or {@link #NANOS} (TIME, TIMESTAMP)
 * @param bitWidth the integer width 8, 16, 32 or 64 (INTEGER)
 * @param signed whether the integer is signed (INTEGER)
 */
public record LogicalType(int kind, int scale, int precision, boolean adjustedToUtc, int unit, int bitWidth,
        boolean signed) {
    /** UTF-8 string. */
    public static final int STRING = 1;
    /** Map. */
    public static final int MAP = 2;
    /** List. */
    public static final int LIST = 3;
    /** Enum. */
    public static final int ENUM = 4;
    /** Decimal. */
    public static final int DECIMAL = 5;
    /** Date. */
    public static final int DATE = 6;
    /** Time of day. */
    public static final int TIME = 7;
    /** Timestamp. */
    public static final int TIMESTAMP = 8;
    /** Integer of a width and signedness. */
    public static final int INTEGER = 10;
    /** Always null. */
    public static final int UNKNOWN = 11;
    /** JSON. */
    public static final int JSON = 12;
    /** BSON. */
    public static final int BSON = 13;
    /** UUID. */
    public static final int UUID = 14;
    /** Half-precision float. */
    public static final int FLOAT16 = 15;
    /** Variant. */
    public static final int VARIANT = 16;
    /** Geometry. */
    public static final int GEOMETRY = 17;
    /** Geography. */
    public static final int GEOGRAPHY = 18;
    /** Milliseconds. */
    public static final int MILLIS = 1;
    /** Microseconds. */
    public static final int MICROS = 2;
    /** Nanoseconds. */
    public static final int NANOS = 3;

    /**
     * A logical type without parameters.
     *
     * @param kind the union member's field id
     * @return the type
     */
    public static LogicalType of(int kind) {
        return new LogicalType(kind, 0, 0, false, 0, 0, false);
    }

    /**
     * A DECIMAL type.
     *
     * @param precision the precision
     * @param scale the scale
     * @return the type
     */
    public static LogicalType decimal(int precision, int scale) {
        return new LogicalType(DECIMAL, scale, precision, false, 0, 0, false);
    }

    /**
     * A TIME or TIMESTAMP type.
     *
     * @param kind {@link #TIME} or {@link #TIMESTAMP}
     * @param adjustedToUtc whether adjusted to UTC
     * @param unit the unit
     * @return the type
     */
    public static LogicalType temporal(int kind, boolean adjustedToUtc, int unit) {
        return new LogicalType(kind, 0, 0, adjustedToUtc, unit, 0, false);
    }

    /**
     * An INTEGER type.
     *
     * @param bitWidth 8, 16, 32 or 64
     * @param signed whether signed
     * @return the type
     */
    public static LogicalType integer(int bitWidth, boolean signed) {
        return new LogicalType(INTEGER, 0, 0, false, 0, bitWidth, signed);
    }

    /**
     * Reads one from the compact protocol.
     *
     * @param in the reader
     * @return the type
     */
    public static LogicalType read(ThriftReader in) {
        in.beginStruct("LogicalType");
        LogicalType result = null;
        for (int t; (t = in.readFieldHeader()) != ThriftType.STOP; ) {
            int id = in.fieldId();
            if (!in.is(t, ThriftType.STRUCT)) {
                continue;
            }
            result = switch (id) {
                case DECIMAL -> readDecimal(in);
                case TIME, TIMESTAMP -> readTemporal(in, id);
                case INTEGER -> readInteger(in);
                default -> {
                    in.skipStruct();
                    yield of(id);
                }
            };
        }
        if (result == null) {
            throw in.error("LogicalType union with no member set");
        }
        in.endStruct();
        return result;
    }

    private static LogicalType readDecimal(ThriftReader in) {
        in.beginStruct("DecimalType");
        int scale = 0;
        int precision = 0;
        int seen = 0;
        for (int t; (t = in.readFieldHeader()) != ThriftType.STOP; ) {
            switch (in.fieldId()) {
                case 1 -> {
                    if (in.is(t, ThriftType.I32)) {
                        scale = in.readI32();
                        seen |= 1;
                    }
                }
                case 2 -> {
                    if (in.is(t, ThriftType.I32)) {
                        precision = in.readI32();
                        seen |= 2;
                    }
                }
                default -> in.skip(t);
            }
        }
        if (seen != 3) {
            throw in.missing("DecimalType", (seen & 1) == 0 ? "scale" : "precision");
        }
        in.endStruct();
        return decimal(precision, scale);
    }

    private static LogicalType readTemporal(ThriftReader in, int kind) {
        in.beginStruct(kind == TIME ? "TimeType" : "TimestampType");
        Boolean utc = null;
        int unit = 0;
        for (int t; (t = in.readFieldHeader()) != ThriftType.STOP; ) {
            switch (in.fieldId()) {
                case 1 -> utc = in.is(t, ThriftType.TRUE) ? Boolean.valueOf(in.readBool()) : utc;
                case 2 -> {
                    if (in.is(t, ThriftType.STRUCT)) {
                        unit = readUnit(in);
                    }
                }
                default -> in.skip(t);
            }
        }
        if (utc == null) {
            throw in.missing(kind == TIME ? "TimeType" : "TimestampType", "isAdjustedToUTC");
        }
        if (unit == 0) {
            throw in.missing(kind == TIME ? "TimeType" : "TimestampType", "unit");
        }
        in.endStruct();
        return temporal(kind, utc, unit);
    }

    private static int readUnit(ThriftReader in) {
        in.beginStruct("TimeUnit");
        int unit = 0;
        for (int t; (t = in.readFieldHeader()) != ThriftType.STOP; ) {
            int id = in.fieldId();
            if (in.is(t, ThriftType.STRUCT)) {
                in.skipStruct();
                unit = id;
            }
        }
        if (unit < MILLIS || unit > NANOS) {
            throw in.error(unit == 0 ? "TimeUnit union with no member set" : "unknown TimeUnit " + unit);
        }
        in.endStruct();
        return unit;
    }

    private static LogicalType readInteger(ThriftReader in) {
        in.beginStruct("IntType");
        int width = 0;
        Boolean signed = null;
        for (int t; (t = in.readFieldHeader()) != ThriftType.STOP; ) {
            switch (in.fieldId()) {
                case 1 -> width = in.is(t, ThriftType.BYTE) ? in.readByte() : width;
                case 2 -> signed = in.is(t, ThriftType.TRUE) ? Boolean.valueOf(in.readBool()) : signed;
                default -> in.skip(t);
            }
        }
        if (width == 0) {
            throw in.missing("IntType", "bitWidth");
        }
        if (signed == null) {
            throw in.missing("IntType", "isSigned");
        }
        in.endStruct();
        return integer(width, signed);
    }

    /**
     * Writes it to the compact protocol.
     *
     * @param out the writer
     */
    public void write(ThriftWriter out) {
        out.beginStruct();
        out.structField(kind);
        switch (kind) {
            case DECIMAL -> {
                out.i32Field(1, scale);
                out.i32Field(2, precision);
            }
            case TIME, TIMESTAMP -> {
                out.boolField(1, adjustedToUtc);
                out.structField(2);
                out.emptyStructField(unit);
                out.endStruct();
            }
            case INTEGER -> {
                out.byteField(1, bitWidth);
                out.boolField(2, signed);
            }
            default -> {
            }
        }
        out.endStruct();
        out.endStruct();
    }
}
