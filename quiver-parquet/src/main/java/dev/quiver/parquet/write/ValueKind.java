// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.write;

/**
 * How an Arrow leaf's values become Parquet physical values (the conversions Arrow C++ makes when writing).
 */
public enum ValueKind {
    /** No values (the null type: every entry ends above the leaf). */
    NONE(0),
    /** BOOLEAN from a bitmap (held as one byte per value until encoded). */
    BOOLEAN(1),
    /** INT32 from signed 8-bit integers. */
    INT8(4),
    /** INT32 from unsigned 8-bit integers. */
    UINT8(4),
    /** INT32 from signed 16-bit integers. */
    INT16(4),
    /** INT32 from unsigned 16-bit integers. */
    UINT16(4),
    /** INT32 copied (32-bit integers, date32, time32 in milliseconds). */
    INT32(4),
    /** INT32 milliseconds from time32 seconds. */
    TIME32_SECONDS(4),
    /** INT32 days from date64 milliseconds. */
    DATE64(4),
    /** INT64 copied (64-bit integers, time64, timestamps in ms/us/ns, durations). */
    INT64(8),
    /** INT64 milliseconds from timestamp seconds. */
    TIMESTAMP_SECONDS(8),
    /** FLOAT copied. */
    FLOAT(4),
    /** DOUBLE copied. */
    DOUBLE(8),
    /** FIXED_LEN_BYTE_ARRAY copied (fixed-size binary, float16 little-endian). */
    FIXED(-1),
    /** FIXED_LEN_BYTE_ARRAY big-endian two's complement from a little-endian decimal. */
    DECIMAL(-1),
    /** BYTE_ARRAY from 32-bit offsets. */
    BINARY(0),
    /** BYTE_ARRAY from 64-bit offsets. */
    LARGE_BINARY(0),
    /** BYTE_ARRAY from 16-byte views. */
    BINARY_VIEW(0);

    private final int width;

    ValueKind(int width) {
        this.width = width;
    }

    /**
     * The bytes of a dense value: 1 for booleans, 4 or 8 for numbers, -1 for fixed-length byte arrays (the
     * column's length), 0 for byte arrays (held with offsets).
     *
     * @return the width
     */
    public int width() {
        return width;
    }
}
