// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.read;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.Precision;
import dev.quiver.core.type.TimeUnit;
import dev.quiver.parquet.ParquetException;
import dev.quiver.parquet.format.ConvertedType;
import dev.quiver.parquet.format.LogicalType;
import dev.quiver.parquet.format.PhysicalType;
import dev.quiver.parquet.format.SchemaElement;

/** The Arrow type of a leaf column from its physical, logical and converted types, as Arrow C++ maps them. */
final class LeafTypes {
    private LeafTypes() {}

    static ArrowType of(LeafColumn leaf) {
        SchemaElement e = leaf.element();
        LogicalType logical = e.logicalType();
        int physical = leaf.physicalType();
        if (logical != null) {
            ArrowType t = fromLogical(leaf, logical);
            if (t != null) {
                return t;
            }
        } else if (e.convertedType() != null) {
            ArrowType t = fromConverted(leaf, e);
            if (t != null) {
                return t;
            }
        }
        return switch (physical) {
            case PhysicalType.BOOLEAN -> new ArrowType.Bool();
            case PhysicalType.INT32 -> new ArrowType.Int(32, true);
            case PhysicalType.INT64 -> new ArrowType.Int(64, true);
            case PhysicalType.INT96 -> new ArrowType.Timestamp(TimeUnit.NANOSECOND, null);
            case PhysicalType.FLOAT -> new ArrowType.FloatingPoint(Precision.SINGLE);
            case PhysicalType.DOUBLE -> new ArrowType.FloatingPoint(Precision.DOUBLE);
            case PhysicalType.BYTE_ARRAY -> new ArrowType.Binary();
            case PhysicalType.FIXED_LEN_BYTE_ARRAY -> new ArrowType.FixedSizeBinary(leaf.typeLength());
            default -> throw new ParquetException("column " + leaf.dottedPath() + " has unknown physical type " + physical);
        };
    }

    private static ArrowType fromLogical(LeafColumn leaf, LogicalType t) {
        int p = leaf.physicalType();
        return switch (t.kind()) {
            case LogicalType.STRING, LogicalType.ENUM, LogicalType.JSON ->
                    p == PhysicalType.BYTE_ARRAY ? new ArrowType.Utf8() : mismatch(leaf, "STRING");
            case LogicalType.BSON -> p == PhysicalType.BYTE_ARRAY ? new ArrowType.Binary() : mismatch(leaf, "BSON");
            case LogicalType.UUID -> p == PhysicalType.FIXED_LEN_BYTE_ARRAY && leaf.typeLength() == 16
                    ? new ArrowType.FixedSizeBinary(16) : mismatch(leaf, "UUID");
            case LogicalType.FLOAT16 -> p == PhysicalType.FIXED_LEN_BYTE_ARRAY && leaf.typeLength() == 2
                    ? new ArrowType.FloatingPoint(Precision.HALF) : mismatch(leaf, "FLOAT16");
            case LogicalType.DATE -> p == PhysicalType.INT32 ? new ArrowType.Date(DateUnit.DAY) : mismatch(leaf, "DATE");
            case LogicalType.DECIMAL -> decimal(leaf, t.precision(), t.scale());
            case LogicalType.TIME -> time(leaf, t.unit());
            case LogicalType.TIMESTAMP -> {
                if (p != PhysicalType.INT64) {
                    yield mismatch(leaf, "TIMESTAMP");
                }
                yield new ArrowType.Timestamp(unit(t.unit()), t.adjustedToUtc() ? "UTC" : null);
            }
            case LogicalType.INTEGER -> integer(leaf, t.bitWidth(), t.signed());
            case LogicalType.UNKNOWN -> new ArrowType.Null();
            default -> null; // MAP, LIST on a leaf, and types this version does not know: the physical type's mapping
        };
    }

    private static ArrowType fromConverted(LeafColumn leaf, SchemaElement e) {
        int p = leaf.physicalType();
        return switch (e.convertedType()) {
            case ConvertedType.UTF8, ConvertedType.ENUM, ConvertedType.JSON ->
                    p == PhysicalType.BYTE_ARRAY ? new ArrowType.Utf8() : mismatch(leaf, "UTF8");
            case ConvertedType.BSON -> new ArrowType.Binary();
            case ConvertedType.DECIMAL -> {
                if (e.precision() == null) {
                    throw new ParquetException("DECIMAL column " + leaf.dottedPath() + " has no precision");
                }
                yield decimal(leaf, e.precision(), e.scale() == null ? 0 : e.scale());
            }
            case ConvertedType.DATE -> p == PhysicalType.INT32 ? new ArrowType.Date(DateUnit.DAY) : mismatch(leaf, "DATE");
            case ConvertedType.TIME_MILLIS -> time(leaf, LogicalType.MILLIS);
            case ConvertedType.TIME_MICROS -> time(leaf, LogicalType.MICROS);
            case ConvertedType.TIMESTAMP_MILLIS -> p == PhysicalType.INT64
                    ? new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC") : mismatch(leaf, "TIMESTAMP_MILLIS");
            case ConvertedType.TIMESTAMP_MICROS -> p == PhysicalType.INT64
                    ? new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC") : mismatch(leaf, "TIMESTAMP_MICROS");
            case ConvertedType.UINT_8 -> integer(leaf, 8, false);
            case ConvertedType.UINT_16 -> integer(leaf, 16, false);
            case ConvertedType.UINT_32 -> integer(leaf, 32, false);
            case ConvertedType.UINT_64 -> integer(leaf, 64, false);
            case ConvertedType.INT_8 -> integer(leaf, 8, true);
            case ConvertedType.INT_16 -> integer(leaf, 16, true);
            case ConvertedType.INT_32 -> integer(leaf, 32, true);
            case ConvertedType.INT_64 -> integer(leaf, 64, true);
            default -> null; // INTERVAL and annotations of groups: the physical type's mapping
        };
    }

    private static ArrowType decimal(LeafColumn leaf, int precision, int scale) {
        int p = leaf.physicalType();
        int maxDigits = switch (p) {
            case PhysicalType.INT32 -> 9;
            case PhysicalType.INT64 -> 18;
            case PhysicalType.FIXED_LEN_BYTE_ARRAY -> (int) Math.floor(Math.log10(2) * (8.0 * leaf.typeLength() - 1));
            case PhysicalType.BYTE_ARRAY -> 76;
            default -> 0;
        };
        if (maxDigits == 0) {
            return mismatch(leaf, "DECIMAL");
        }
        if (precision < 1 || precision > 76 || (p != PhysicalType.BYTE_ARRAY && precision > maxDigits)) {
            throw new ParquetException("DECIMAL column " + leaf.dottedPath() + " has precision " + precision
                    + ", out of range for " + PhysicalType.name(p) + (p == PhysicalType.FIXED_LEN_BYTE_ARRAY
                    ? "(" + leaf.typeLength() + ")" : "") + " (Arrow decimals hold up to 76 digits)");
        }
        if (scale < 0 || scale > precision) {
            throw new ParquetException("DECIMAL column " + leaf.dottedPath() + " has scale " + scale + " for precision "
                    + precision);
        }
        if (p == PhysicalType.FIXED_LEN_BYTE_ARRAY && leaf.typeLength() > 32 || p == PhysicalType.BYTE_ARRAY && precision > 76) {
            throw new ParquetException("DECIMAL column " + leaf.dottedPath() + " is wider than Arrow's 256-bit decimals");
        }
        return new ArrowType.Decimal(precision, scale, precision <= 38 ? 128 : 256);
    }

    private static ArrowType time(LeafColumn leaf, int unit) {
        int p = leaf.physicalType();
        if (unit == LogicalType.MILLIS && p == PhysicalType.INT32) {
            return new ArrowType.Time(TimeUnit.MILLISECOND, 32);
        }
        if (unit != LogicalType.MILLIS && p == PhysicalType.INT64) {
            return new ArrowType.Time(unit(unit), 64);
        }
        return mismatch(leaf, "TIME");
    }

    private static ArrowType integer(LeafColumn leaf, int width, boolean signed) {
        int p = leaf.physicalType();
        boolean ok = (p == PhysicalType.INT32 && width <= 32) || (p == PhysicalType.INT64 && width == 64);
        if (!ok || (width != 8 && width != 16 && width != 32 && width != 64)) {
            return mismatch(leaf, "INTEGER(" + width + ")");
        }
        return new ArrowType.Int(width, signed);
    }

    static TimeUnit unit(int unit) {
        return switch (unit) {
            case LogicalType.MILLIS -> TimeUnit.MILLISECOND;
            case LogicalType.MICROS -> TimeUnit.MICROSECOND;
            default -> TimeUnit.NANOSECOND;
        };
    }

    private static ArrowType mismatch(LeafColumn leaf, String annotation) {
        throw new ParquetException("column " + leaf.dottedPath() + ": " + annotation + " cannot annotate "
                + PhysicalType.name(leaf.physicalType()) + (leaf.physicalType() == PhysicalType.FIXED_LEN_BYTE_ARRAY
                ? "(" + leaf.typeLength() + ")" : ""));
    }
}
