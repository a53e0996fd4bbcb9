// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.write;

/** The orders statistics follow (parquet.thrift's ColumnOrder, TYPE_ORDER), by physical and logical type. */
public enum SortOrder {
    /** INT32 compared as signed (plain INT32, signed integers, DATE, TIME, decimals on INT32). */
    SIGNED_INT32,
    /** INT32 compared as unsigned (UINT_8, UINT_16, UINT_32). */
    UNSIGNED_INT32,
    /** INT64 compared as signed. */
    SIGNED_INT64,
    /** INT64 compared as unsigned (UINT_64). */
    UNSIGNED_INT64,
    /** FLOAT: NaN ignored, a zero minimum written -0.0 and a zero maximum +0.0. */
    FLOAT,
    /** DOUBLE, under the rules of FLOAT. */
    DOUBLE,
    /** FLOAT16 on FIXED_LEN_BYTE_ARRAY(2), under the rules of FLOAT. */
    FLOAT16,
    /** BOOLEAN: false before true. */
    BOOLEAN,
    /** Byte arrays compared byte by byte as unsigned (strings, binary, fixed-size binary). */
    UNSIGNED_BYTES,
    /** Byte arrays as big-endian two's complement integers (decimals on FIXED_LEN_BYTE_ARRAY). */
    SIGNED_BYTES,
    /** No order: no minimum and maximum are written. */
    NONE
}
