// SPDX-License-Identifier: Apache-2.0
package dev.quiver.dataset;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.FixedWidthArray;
import dev.quiver.core.array.VarBinaryArray;
import dev.quiver.core.builder.FloatBuilder;
import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.builder.VarBinaryBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Precision;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A column of one file converted to the wider type the dataset's schema gives it, for exactly the
 * widenings {@link SchemaUnifier} allows: no value changes.
 */
final class Widening {
    private Widening() {
    }

    /**
     * Converts a column.
     *
     * @param column the file's column
     * @param target the dataset's type, which {@link SchemaUnifier#widen} allowed
     * @param allocator where the new array lives
     * @param place the file and column, for messages
     * @return the column as the target type
     * @throws DatasetException if a 64-bit integer has no exact {@code float64}
     */
    static Array widen(Array column, ArrowType target, BufferAllocator allocator, String place) {
        ArrowType source = column.type();
        if (source.equals(target)) {
            return column;
        }
        if (source instanceof ArrowType.Null) {
            return PartitionKeys.constant(dev.quiver.core.type.Field.nullable("", target), null, column.length(),
                    allocator);
        }
        return switch (target) {
            case ArrowType.Int t -> toInt((FixedWidthArray) column, t, allocator);
            case ArrowType.FloatingPoint t -> toFloat64((FixedWidthArray) column, allocator, place);
            case ArrowType.LargeUtf8 t -> toLarge((VarBinaryArray) column, VarBinaryBuilder.largeUtf8(allocator));
            case ArrowType.LargeBinary t -> toLarge((VarBinaryArray) column, VarBinaryBuilder.largeBinary(allocator));
            default -> throw new IllegalStateException("no widening from " + source + " to " + target);
        };
    }

    private static Array toInt(FixedWidthArray column, ArrowType.Int target, BufferAllocator allocator) {
        IntBuilder<? extends Array> out = IntBuilder.of(target, allocator);
        ArrowType.Int source = (ArrowType.Int) column.type();
        MemorySegment values = column.valuesBuffer().segment();
        long base = column.offset();
        for (long i = 0, n = column.length(); i < n; i++) {
            if (column.isNull(i)) {
                out.appendNull();
            } else {
                out.append(readInt(values, base + i, source));
            }
        }
        return out.build();
    }

    private static Array toFloat64(FixedWidthArray column, BufferAllocator allocator, String place) {
        FloatBuilder<? extends Array> out = FloatBuilder.float64(allocator);
        MemorySegment values = column.valuesBuffer().segment();
        long base = column.offset();
        boolean isFloat32 = column.type() instanceof ArrowType.FloatingPoint f && f.precision() == Precision.SINGLE;
        ArrowType.Int intType = column.type() instanceof ArrowType.Int i ? i : null;
        for (long i = 0, n = column.length(); i < n; i++) {
            if (column.isNull(i)) {
                out.appendNull();
            } else if (isFloat32) {
                out.append(values.getAtIndex(LittleEndian.FLOAT, base + i));
            } else if (intType != null) {
                long v = readInt(values, base + i, intType);
                boolean unsignedHigh = !intType.signed() && v < 0;
                double d = unsignedHigh ? unsignedToDouble(v) : (double) v;
                // Values are never changed silently: an integer past 2^53 may have no exact double.
                boolean exact = unsignedHigh ? (v & 0x7FF) == 0 : (long) d == v && d != 0x1p63;
                if (!exact) {
                    throw new DatasetException(place + ": the integer " + (intType.signed() ? Long.toString(v)
                            : Long.toUnsignedString(v)) + " at row " + i + " has no exact float64, the dataset's type");
                }
                out.append(d);
            } else {
                out.append(values.getAtIndex(LittleEndian.DOUBLE, base + i));
            }
        }
        return out.build();
    }

    private static Array toLarge(VarBinaryArray column, VarBinaryBuilder out) {
        for (long i = 0, n = column.length(); i < n; i++) {
            if (column.isNull(i)) {
                out.appendNull();
            } else {
                out.append(column.getSegment(i), 0, column.valueLength(i));
            }
        }
        return out.build();
    }

    private static double unsignedToDouble(long bits) {
        return ((bits >>> 1) | (bits & 1)) * 2.0;
    }

    private static long readInt(MemorySegment values, long index, ArrowType.Int type) {
        return switch (type.bitWidth()) {
            case 8 -> type.signed() ? values.get(ValueLayout.JAVA_BYTE, index)
                    : Byte.toUnsignedLong(values.get(ValueLayout.JAVA_BYTE, index));
            case 16 -> type.signed() ? values.getAtIndex(LittleEndian.SHORT, index)
                    : Short.toUnsignedLong(values.getAtIndex(LittleEndian.SHORT, index));
            case 32 -> type.signed() ? values.getAtIndex(LittleEndian.INT, index)
                    : Integer.toUnsignedLong(values.getAtIndex(LittleEndian.INT, index));
            default -> values.getAtIndex(LittleEndian.LONG, index);
        };
    }
}
