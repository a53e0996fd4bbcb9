// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.format;

/** Codes of Parquet's physical types ({@code Type} in parquet.thrift). */
public final class PhysicalType {
    /** BOOLEAN, bit-packed. */
    public static final int BOOLEAN = 0;
    /** 32-bit signed integer. */
    public static final int INT32 = 1;
    /** 64-bit signed integer. */
    public static final int INT64 = 2;
    /** 96-bit value (legacy timestamps). */
    public static final int INT96 = 3;
    /** IEEE 754 single precision. */
    public static final int FLOAT = 4;
    /** IEEE 754 double precision. */
    public static final int DOUBLE = 5;
    /** Variable-length bytes. */
    public static final int BYTE_ARRAY = 6;
    /** Fixed-length bytes. */
    public static final int FIXED_LEN_BYTE_ARRAY = 7;

    private static final String[] NAMES = {
        "BOOLEAN", "INT32", "INT64", "INT96", "FLOAT", "DOUBLE", "BYTE_ARRAY", "FIXED_LEN_BYTE_ARRAY"
    };

    private PhysicalType() {}

    /**
     * The name of a code.
     *
     * @param code the code
     * @return its name, or "type N" for a code this version does not know
     */
    public static String name(int code) {
        return code >= 0 && code < NAMES.length ? NAMES[code] : "type " + code;
    }
}
