// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet;

import dev.quiver.parquet.format.ColumnChunk;
import dev.quiver.parquet.format.ColumnMetaData;
import dev.quiver.parquet.format.ConvertedType;
import dev.quiver.parquet.format.LogicalType;
import dev.quiver.parquet.format.PhysicalType;
import dev.quiver.parquet.format.RowGroup;
import dev.quiver.parquet.format.SchemaElement;
import dev.quiver.parquet.format.Statistics;
import dev.quiver.parquet.read.FileDecoder;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Evaluates a predicate against a row group's column statistics (and, for equality, its bloom filters):
 * false only when no row of the group can match. Bounds are read from {@code min_value}/{@code max_value}
 * (the column's sort order); the deprecated {@code min}/{@code max} only for signed numeric columns, whose
 * order they always had. Types without a known order (decimals, INT96, intervals) never exclude a group.
 */
final class StatisticsPredicate {
    private StatisticsPredicate() {}

    static boolean mightMatch(FileDecoder decoder, int rowGroup, ParquetPredicate predicate) {
        RowGroup group = decoder.metadata().rowGroups().get(rowGroup);
        return switch (predicate) {
            case ParquetPredicate.And and -> {
                for (ParquetPredicate part : and.parts()) {
                    if (!mightMatch(decoder, rowGroup, part)) {
                        yield false;
                    }
                }
                yield true;
            }
            case ParquetPredicate.Or or -> {
                for (ParquetPredicate part : or.parts()) {
                    if (mightMatch(decoder, rowGroup, part)) {
                        yield true;
                    }
                }
                yield false;
            }
            case ParquetPredicate.IsNull isNull -> {
                ColumnMetaData meta = column(decoder, group, isNull.column());
                Statistics s = meta == null ? null : meta.statistics();
                if (s == null || s.nullCount() == null) {
                    yield true;
                }
                yield isNull.negated() ? s.nullCount() < meta.numValues() : s.nullCount() > 0;
            }
            case ParquetPredicate.Comparison c -> comparison(decoder, group, rowGroup, c);
        };
    }

    private static ColumnMetaData column(FileDecoder decoder, RowGroup group, String path) {
        int index = decoder.leafPaths().indexOf(path);
        if (index < 0) {
            throw new ParquetException(decoder.input().name() + ": the filter names no leaf column " + path
                    + " (leaf columns: " + decoder.leafPaths() + ")");
        }
        ColumnChunk chunk = group.columns().get(index);
        return chunk.metaData();
    }

    private static boolean comparison(FileDecoder decoder, RowGroup group, int rowGroup, ParquetPredicate.Comparison c) {
        ColumnMetaData meta = column(decoder, group, c.column());
        if (meta == null) {
            return true;
        }
        SchemaElement element = decoder.leafElement(c.column());
        Order order = Order.of(element);
        if (order == null) {
            return true;
        }
        byte[] literal = order.encode(c.literal(), c.column());
        Statistics s = meta.statistics();
        if (s != null) {
            if (s.nullCount() != null && s.nullCount() == meta.numValues() && meta.numValues() > 0) {
                return false; // only nulls: no comparison holds
            }
            byte[] min = s.minValue();
            byte[] max = s.maxValue();
            if ((min == null || max == null) && order.signedNumeric()) {
                min = s.min();
                max = s.max();
            }
            if (min != null && max != null && !boundsAllow(order, c.op(), min, max, literal)) {
                return false;
            }
        }
        if (c.op() == ParquetPredicate.Op.EQ && meta.bloomFilterOffset() != null) {
            return BloomFilters.mightContain(decoder, meta, literal, rowGroup);
        }
        return true;
    }

    static boolean boundsAllow(Order order, ParquetPredicate.Op op, byte[] min, byte[] max, byte[] literal) {
        if (!order.wellFormed(min) || !order.wellFormed(max)) {
            return true; // bounds of the wrong size say nothing
        }
        if (order.isNaN(min) || order.isNaN(max) || order.isNaN(literal)) {
            return true;
        }
        int vsMin = order.compare(literal, min);
        int vsMax = order.compare(literal, max);
        return switch (op) {
            case EQ -> vsMin >= 0 && vsMax <= 0;
            case NE -> !(vsMin == 0 && vsMax == 0);
            case LT -> order.compare(min, literal) < 0;
            case LE -> order.compare(min, literal) <= 0;
            case GT -> order.compare(max, literal) > 0;
            case GE -> order.compare(max, literal) >= 0;
        };
    }

    /** The sort order of a column, and the plain encoding of literals in it. */
    enum Order {
        INT32_SIGNED, INT32_UNSIGNED, INT64_SIGNED, INT64_UNSIGNED, FLOAT, DOUBLE, BOOLEAN, BYTES;

        static Order of(SchemaElement e) {
            int physical = e.type();
            LogicalType logical = e.logicalType();
            Integer converted = e.convertedType();
            boolean decimal = (logical != null && logical.kind() == LogicalType.DECIMAL)
                    || (converted != null && converted == ConvertedType.DECIMAL);
            boolean unsigned = (logical != null && logical.kind() == LogicalType.INTEGER && !logical.signed())
                    || (converted != null && converted >= ConvertedType.UINT_8 && converted <= ConvertedType.UINT_64);
            if (decimal) {
                return null;
            }
            return switch (physical) {
                case PhysicalType.INT32 -> unsigned ? INT32_UNSIGNED : INT32_SIGNED;
                case PhysicalType.INT64 -> unsigned ? INT64_UNSIGNED : INT64_SIGNED;
                case PhysicalType.FLOAT -> FLOAT;
                case PhysicalType.DOUBLE -> DOUBLE;
                case PhysicalType.BOOLEAN -> BOOLEAN;
                case PhysicalType.BYTE_ARRAY, PhysicalType.FIXED_LEN_BYTE_ARRAY -> {
                    boolean interval = converted != null && converted == ConvertedType.INTERVAL;
                    yield interval ? null : BYTES;
                }
                default -> null;
            };
        }

        boolean signedNumeric() {
            return this == INT32_SIGNED || this == INT64_SIGNED || this == FLOAT || this == DOUBLE || this == BOOLEAN;
        }

        byte[] encode(Object literal, String column) {
            ByteBuffer b;
            switch (this) {
                case INT32_SIGNED, INT32_UNSIGNED -> {
                    b = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(integer(literal, column).intValue());
                }
                case INT64_SIGNED, INT64_UNSIGNED -> {
                    b = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(integer(literal, column));
                }
                case FLOAT -> b = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putFloat(number(literal, column).floatValue());
                case DOUBLE -> b = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putDouble(number(literal, column).doubleValue());
                case BOOLEAN -> {
                    if (!(literal instanceof Boolean bool)) {
                        throw new ParquetException("filter on " + column + ": a Boolean literal is needed, not " + literal);
                    }
                    return new byte[] {(byte) (bool ? 1 : 0)};
                }
                default -> {
                    if (literal instanceof String str) {
                        return str.getBytes(StandardCharsets.UTF_8);
                    }
                    if (literal instanceof byte[] bytes) {
                        return bytes.clone();
                    }
                    throw new ParquetException("filter on " + column + ": a String or byte[] literal is needed, not " + literal);
                }
            }
            return b.array();
        }

        private static Long integer(Object literal, String column) {
            if (literal instanceof Long || literal instanceof Integer || literal instanceof Short || literal instanceof Byte) {
                return ((Number) literal).longValue();
            }
            throw new ParquetException("filter on " + column + ": an integer literal is needed, not " + literal);
        }

        private static Number number(Object literal, String column) {
            if (literal instanceof Number n) {
                return n;
            }
            throw new ParquetException("filter on " + column + ": a number literal is needed, not " + literal);
        }

        boolean wellFormed(byte[] v) {
            return switch (this) {
                case INT32_SIGNED, INT32_UNSIGNED, FLOAT -> v.length == 4;
                case INT64_SIGNED, INT64_UNSIGNED, DOUBLE -> v.length == 8;
                case BOOLEAN -> v.length == 1;
                default -> true;
            };
        }

        boolean isNaN(byte[] v) {
            return (this == FLOAT && v.length == 4 && Float.isNaN(ByteBuffer.wrap(v).order(ByteOrder.LITTLE_ENDIAN).getFloat()))
                    || (this == DOUBLE && v.length == 8
                            && Double.isNaN(ByteBuffer.wrap(v).order(ByteOrder.LITTLE_ENDIAN).getDouble()));
        }

        int compare(byte[] a, byte[] b) {
            ByteBuffer x = ByteBuffer.wrap(a).order(ByteOrder.LITTLE_ENDIAN);
            ByteBuffer y = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
            return switch (this) {
                case INT32_SIGNED -> a.length < 4 || b.length < 4 ? 0 : Integer.compare(x.getInt(), y.getInt());
                case INT32_UNSIGNED -> a.length < 4 || b.length < 4 ? 0 : Integer.compareUnsigned(x.getInt(), y.getInt());
                case INT64_SIGNED -> a.length < 8 || b.length < 8 ? 0 : Long.compare(x.getLong(), y.getLong());
                case INT64_UNSIGNED -> a.length < 8 || b.length < 8 ? 0 : Long.compareUnsigned(x.getLong(), y.getLong());
                case FLOAT -> a.length < 4 || b.length < 4 ? 0 : Float.compare(x.getFloat() + 0.0f, y.getFloat() + 0.0f);
                case DOUBLE -> a.length < 8 || b.length < 8 ? 0 : Double.compare(x.getDouble() + 0.0, y.getDouble() + 0.0);
                case BOOLEAN -> a.length < 1 || b.length < 1 ? 0 : Integer.compare(a[0] & 1, b[0] & 1);
                default -> Arrays.compareUnsigned(a, b);
            };
        }
    }
}
