// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.read;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.Precision;
import dev.quiver.core.type.TimeUnit;
import dev.quiver.core.type.Types;
import dev.quiver.parquet.format.LogicalType;
import dev.quiver.parquet.format.PhysicalType;

/**
 * How a leaf's stored values become the values of its Arrow type.
 *
 * @param kind the conversion
 * @param width the Arrow value width in bytes (fixed-width kinds)
 * @param factor the multiplier or divisor ({@link Kind#MULTIPLY}, {@link Kind#DIVIDE}, {@link Kind#INT96})
 * @param values for {@link Kind#DICTIONARY}, the conversion of the dictionary's values, else null
 */
record Conversion(Kind kind, int width, long factor, Conversion values) {
    Conversion(Kind kind, int width, long factor) {
        this(kind, width, factor, null);
    }

    /** The conversions. */
    enum Kind {
        /** The stored bytes as they are. */
        COPY,
        /** The low bytes of a little-endian integer. */
        NARROW,
        /** A little-endian integer sign-extended. */
        SIGN_EXTEND,
        /** Big-endian two's complement bytes (FIXED_LEN_BYTE_ARRAY) to a little-endian decimal. */
        BIG_ENDIAN,
        /** Big-endian two's complement bytes of any length (BYTE_ARRAY) to a little-endian decimal. */
        BINARY_BIG_ENDIAN,
        /** INT96 (nanoseconds of the day, Julian day) to a timestamp, divided by the factor. */
        INT96,
        /** An integer multiplied by the factor (widened to 8 bytes). */
        MULTIPLY,
        /** A 64-bit integer divided by the factor, exactly. */
        DIVIDE,
        /** Booleans to a bitmap. */
        BOOL,
        /** Byte arrays with 32-bit offsets. */
        BINARY,
        /** Byte arrays with 64-bit offsets. */
        LARGE_BINARY,
        /** Byte arrays as views. */
        VIEW,
        /** No values: every slot null. */
        NULL,
        /** Dictionary indices of {@code width} bytes, over the chunk's dictionary. */
        DICTIONARY
    }

    /**
     * The conversion of a leaf's values to {@code target}, or null if it is not one this reader makes.
     *
     * @param leaf the leaf
     * @param target the Arrow type wanted (extension types by their storage)
     * @return the conversion, or null
     */
    static Conversion of(LeafColumn leaf, ArrowType target) {
        ArrowType t = Types.storage(target);
        int p = leaf.physicalType();
        int stored = leaf.storedWidth();
        if (t instanceof ArrowType.Null) {
            return new Conversion(Kind.NULL, 0, 0);
        }
        if (t instanceof ArrowType.Dictionary d) {
            Conversion values = of(leaf, d.valueType());
            if (values == null || values.kind() == Kind.NULL || values.kind() == Kind.DICTIONARY) {
                return null;
            }
            return new Conversion(Kind.DICTIONARY, d.indexType().bitWidth() / 8, 0, values);
        }
        switch (p) {
            case PhysicalType.BOOLEAN:
                return t instanceof ArrowType.Bool ? new Conversion(Kind.BOOL, 0, 0) : null;
            case PhysicalType.BYTE_ARRAY:
                if (t instanceof ArrowType.Binary || t instanceof ArrowType.Utf8) {
                    return new Conversion(Kind.BINARY, 0, 0);
                }
                if (t instanceof ArrowType.LargeBinary || t instanceof ArrowType.LargeUtf8) {
                    return new Conversion(Kind.LARGE_BINARY, 0, 0);
                }
                if (t instanceof ArrowType.BinaryView || t instanceof ArrowType.Utf8View) {
                    return new Conversion(Kind.VIEW, 0, 0);
                }
                if (t instanceof ArrowType.Decimal d) {
                    return new Conversion(Kind.BINARY_BIG_ENDIAN, d.bitWidth() / 8, 0);
                }
                return null;
            case PhysicalType.FIXED_LEN_BYTE_ARRAY:
                if (t instanceof ArrowType.FixedSizeBinary f && f.byteWidth() == stored) {
                    return new Conversion(Kind.COPY, stored, 0);
                }
                if (t instanceof ArrowType.FloatingPoint fp && fp.precision() == Precision.HALF && stored == 2) {
                    return new Conversion(Kind.COPY, 2, 0);
                }
                if (t instanceof ArrowType.Decimal d && stored <= d.bitWidth() / 8) {
                    return new Conversion(Kind.BIG_ENDIAN, d.bitWidth() / 8, 0);
                }
                if (t instanceof ArrowType.Binary || t instanceof ArrowType.Utf8) {
                    return null;
                }
                return null;
            case PhysicalType.INT96:
                if (t instanceof ArrowType.Timestamp ts) {
                    return new Conversion(Kind.INT96, 8, ts.unit().nanosPerUnit());
                }
                return null;
            case PhysicalType.FLOAT:
                return t instanceof ArrowType.FloatingPoint fp && fp.precision() == Precision.SINGLE
                        ? new Conversion(Kind.COPY, 4, 0) : null;
            case PhysicalType.DOUBLE:
                return t instanceof ArrowType.FloatingPoint fp && fp.precision() == Precision.DOUBLE
                        ? new Conversion(Kind.COPY, 8, 0) : null;
            case PhysicalType.INT32:
            case PhysicalType.INT64:
                return integer(leaf, t, stored);
            default:
                return null;
        }
    }

    private static Conversion integer(LeafColumn leaf, ArrowType t, int stored) {
        if (t instanceof ArrowType.Int i) {
            int w = i.bitWidth() / 8;
            return w == stored ? new Conversion(Kind.COPY, w, 0)
                    : w < stored ? new Conversion(Kind.NARROW, w, 0) : new Conversion(Kind.SIGN_EXTEND, w, 0);
        }
        if (t instanceof ArrowType.Decimal d) {
            int w = d.bitWidth() / 8;
            return w == stored ? new Conversion(Kind.COPY, w, 0)
                    : w < stored ? new Conversion(Kind.NARROW, w, 0) : new Conversion(Kind.SIGN_EXTEND, w, 0);
        }
        if (t instanceof ArrowType.Date d) {
            if (d.unit() == DateUnit.DAY && stored == 4) {
                return new Conversion(Kind.COPY, 4, 0);
            }
            if (d.unit() == DateUnit.MILLISECOND) {
                return stored == 4 ? new Conversion(Kind.MULTIPLY, 8, 86_400_000L) : new Conversion(Kind.COPY, 8, 0);
            }
            return null;
        }
        if (t instanceof ArrowType.Time tm) {
            if (tm.bitWidth() / 8 != stored) {
                return null;
            }
            Conversion c = scaled(storedTimeUnit(leaf), tm.unit());
            return new Conversion(c.kind(), stored, c.factor());
        }
        if (t instanceof ArrowType.Timestamp ts && stored == 8) {
            return scaled(storedUnit(leaf), ts.unit());
        }
        if (t instanceof ArrowType.Duration du && stored == 8) {
            return scaled(storedUnit(leaf), du.unit());
        }
        if (t instanceof ArrowType.Interval && stored == 4) {
            return new Conversion(Kind.COPY, 4, 0);
        }
        return null;
    }

    private static Conversion scaled(TimeUnit from, TimeUnit to) {
        if (from == null || from == to) {
            return new Conversion(Kind.COPY, 8, 0);
        }
        long a = from.nanosPerUnit();
        long b = to.nanosPerUnit();
        return a > b ? new Conversion(Kind.MULTIPLY, 8, a / b) : new Conversion(Kind.DIVIDE, 8, b / a);
    }

    /** The unit a stored time of day has by its annotation, or null if it has none. */
    private static TimeUnit storedTimeUnit(LeafColumn leaf) {
        LogicalType logical = leaf.element().logicalType();
        if (logical != null && logical.kind() == LogicalType.TIME) {
            return LeafTypes.unit(logical.unit());
        }
        Integer converted = leaf.element().convertedType();
        if (logical == null && converted != null) {
            if (converted == dev.quiver.parquet.format.ConvertedType.TIME_MILLIS) {
                return TimeUnit.MILLISECOND;
            }
            if (converted == dev.quiver.parquet.format.ConvertedType.TIME_MICROS) {
                return TimeUnit.MICROSECOND;
            }
        }
        return null;
    }

    /** The unit a stored INT64 timestamp has by its annotation, or null if it has none. */
    private static TimeUnit storedUnit(LeafColumn leaf) {
        LogicalType logical = leaf.element().logicalType();
        if (logical != null && logical.kind() == LogicalType.TIMESTAMP) {
            return LeafTypes.unit(logical.unit());
        }
        Integer converted = leaf.element().convertedType();
        if (logical == null && converted != null) {
            if (converted == dev.quiver.parquet.format.ConvertedType.TIMESTAMP_MILLIS) {
                return TimeUnit.MILLISECOND;
            }
            if (converted == dev.quiver.parquet.format.ConvertedType.TIMESTAMP_MICROS) {
                return TimeUnit.MICROSECOND;
            }
        }
        return null;
    }
}
