// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.format;

/** Codes of Parquet's converted types ({@code ConvertedType} in parquet.thrift), the predecessors of logical types. */
public final class ConvertedType {
    /** UTF-8 string. */
    public static final int UTF8 = 0;
    /** Map. */
    public static final int MAP = 1;
    /** Map key-value group. */
    public static final int MAP_KEY_VALUE = 2;
    /** List. */
    public static final int LIST = 3;
    /** Enum. */
    public static final int ENUM = 4;
    /** Decimal. */
    public static final int DECIMAL = 5;
    /** Date (days). */
    public static final int DATE = 6;
    /** Time in milliseconds. */
    public static final int TIME_MILLIS = 7;
    /** Time in microseconds. */
    public static final int TIME_MICROS = 8;
    /** Timestamp in milliseconds. */
    public static final int TIMESTAMP_MILLIS = 9;
    /** Timestamp in microseconds. */
    public static final int TIMESTAMP_MICROS = 10;
    /** Unsigned 8-bit. */
    public static final int UINT_8 = 11;
    /** Unsigned 16-bit. */
    public static final int UINT_16 = 12;
    /** Unsigned 32-bit. */
    public static final int UINT_32 = 13;
    /** Unsigned 64-bit. */
    public static final int UINT_64 = 14;
    /** Signed 8-bit. */
    public static final int INT_8 = 15;
    /** Signed 16-bit. */
    public static final int INT_16 = 16;
    /** Signed 32-bit. */
    public static final int INT_32 = 17;
    /** Signed 64-bit. */
    public static final int INT_64 = 18;
    /** JSON. */
    public static final int JSON = 19;
    /** BSON. */
    public static final int BSON = 20;
    /** Interval (months, days, milliseconds). */
    public static final int INTERVAL = 21;

    private ConvertedType() {}
}
