// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.thrift;

/** The type codes of the Thrift compact protocol, as they appear in field headers and list headers. */
public final class ThriftType {
    /** The end of a struct's fields. */
    public static final int STOP = 0;
    /** A boolean true (in a field header the value is the type; in a list, a boolean element). */
    public static final int TRUE = 1;
    /** A boolean false. */
    public static final int FALSE = 2;
    /** A signed byte. */
    public static final int BYTE = 3;
    /** A 16-bit integer, zigzag varint. */
    public static final int I16 = 4;
    /** A 32-bit integer, zigzag varint. */
    public static final int I32 = 5;
    /** A 64-bit integer, zigzag varint. */
    public static final int I64 = 6;
    /** An IEEE 754 double, 8 bytes little-endian. */
    public static final int DOUBLE = 7;
    /** A length-prefixed byte string (binary or UTF-8 string). */
    public static final int BINARY = 8;
    /** A list. */
    public static final int LIST = 9;
    /** A set (same framing as a list). */
    public static final int SET = 10;
    /** A map. */
    public static final int MAP = 11;
    /** A struct (or a union). */
    public static final int STRUCT = 12;

    private ThriftType() {}
}
