// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.builder.BooleanBuilder;
import dev.quiver.core.builder.DateBuilder;
import dev.quiver.core.builder.DecimalBuilder;
import dev.quiver.core.builder.DurationBuilder;
import dev.quiver.core.builder.FloatBuilder;
import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.builder.ListBuilder;
import dev.quiver.core.builder.MapBuilder;
import dev.quiver.core.builder.StructBuilder;
import dev.quiver.core.builder.TimestampBuilder;
import dev.quiver.core.builder.VarBinaryBuilder;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.catalyst.util.MapData;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DayTimeIntervalType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.NullType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;

/**
 * Appends a Spark value (a field of a row, an element of an array) to the Arrow builder of its column, in the
 * type {@link SparkSchemas#toArrow} maps the Spark type to. One appender per column, made once per file.
 */
abstract class ColumnAppender {
    private static final int MAX_LONG_DIGITS = 18;

    /**
     * Appends value {@code ordinal} of {@code from}, or a null.
     *
     * @param from a row, an array or a struct
     * @param ordinal the value's position in it
     */
    final void append(SpecializedGetters from, int ordinal) {
        if (from.isNullAt(ordinal)) {
            builder().appendNull();
        } else {
            appendValue(from, ordinal);
        }
    }

    /** The builder appended to. */
    abstract ArrayBuilder builder();

    /** Appends the value, not null. */
    abstract void appendValue(SpecializedGetters from, int ordinal);

    /**
     * The appender of a Spark type to a builder of its Arrow type.
     *
     * @param type the Spark type
     * @param builder the builder, of the Arrow type {@link SparkSchemas#toArrow} gives
     * @return the appender
     */
    static ColumnAppender of(DataType type, ArrayBuilder builder) {
        return switch (type) {
            case BooleanType t -> simple(builder, (from, k) -> ((BooleanBuilder) builder).append(from.getBoolean(k)));
            case ByteType t -> simple(builder, (from, k) -> ((IntBuilder<?>) builder).append(from.getByte(k)));
            case ShortType t -> simple(builder, (from, k) -> ((IntBuilder<?>) builder).append(from.getShort(k)));
            case IntegerType t -> simple(builder, (from, k) -> ((IntBuilder<?>) builder).append(from.getInt(k)));
            case LongType t -> simple(builder, (from, k) -> ((IntBuilder<?>) builder).append(from.getLong(k)));
            case FloatType t -> simple(builder, (from, k) -> ((FloatBuilder<?>) builder).append(from.getFloat(k)));
            case DoubleType t -> simple(builder, (from, k) -> ((FloatBuilder<?>) builder).append(from.getDouble(k)));
            case StringType t -> simple(builder,
                    (from, k) -> ((VarBinaryBuilder) builder).append(from.getUTF8String(k).getBytes()));
            case BinaryType t -> simple(builder, (from, k) -> ((VarBinaryBuilder) builder).append(from.getBinary(k)));
            case DateType t -> simple(builder, (from, k) -> ((DateBuilder) builder).append(from.getInt(k)));
            case TimestampType t -> simple(builder, (from, k) -> ((TimestampBuilder) builder).append(from.getLong(k)));
            case TimestampNTZType t -> simple(builder,
                    (from, k) -> ((TimestampBuilder) builder).append(from.getLong(k)));
            case DayTimeIntervalType t -> simple(builder,
                    (from, k) -> ((DurationBuilder) builder).append(from.getLong(k)));
            case DecimalType t -> simple(builder, (from, k) -> {
                Decimal d = from.getDecimal(k, t.precision(), t.scale());
                if (t.precision() <= MAX_LONG_DIGITS) {
                    ((DecimalBuilder) builder).appendUnscaled(d.toUnscaledLong());
                } else {
                    ((DecimalBuilder) builder).append(d.toJavaBigDecimal());
                }
            });
            case NullType t -> simple(builder, (from, k) -> builder.appendNull());
            case ArrayType t -> {
                ListBuilder lists = (ListBuilder) builder;
                ColumnAppender items = of(t.elementType(), lists.values());
                yield simple(builder, (from, k) -> {
                    ArrayData array = from.getArray(k);
                    lists.startList();
                    for (int i = 0; i < array.numElements(); i++) {
                        items.append(array, i);
                    }
                    lists.endList();
                });
            }
            case MapType t -> {
                MapBuilder maps = (MapBuilder) builder;
                ColumnAppender keys = of(t.keyType(), maps.keys());
                ColumnAppender values = of(t.valueType(), maps.items());
                yield simple(builder, (from, k) -> {
                    MapData map = from.getMap(k);
                    ArrayData keyArray = map.keyArray();
                    ArrayData valueArray = map.valueArray();
                    maps.startMap();
                    for (int i = 0; i < map.numElements(); i++) {
                        keys.append(keyArray, i);
                        values.append(valueArray, i);
                    }
                    maps.endMap();
                });
            }
            case StructType t -> {
                StructBuilder structs = (StructBuilder) builder;
                ColumnAppender[] fields = new ColumnAppender[t.fields().length];
                for (int f = 0; f < fields.length; f++) {
                    fields[f] = of(t.fields()[f].dataType(), structs.field(f));
                }
                yield simple(builder, (from, k) -> {
                    SpecializedGetters struct = from.getStruct(k, fields.length);
                    for (int f = 0; f < fields.length; f++) {
                        fields[f].append(struct, f);
                    }
                    structs.append();
                });
            }
            default -> throw new QuiverSparkException("Spark type " + type.simpleString()
                    + " cannot be written as Arrow");
        };
    }

    /** How a non-null value is appended. */
    @FunctionalInterface
    interface ValueWriter {
        /**
         * Appends value {@code ordinal} of {@code from}.
         *
         * @param from a row, an array or a struct
         * @param ordinal the value's position
         */
        void write(SpecializedGetters from, int ordinal);
    }

    private static ColumnAppender simple(ArrayBuilder builder, ValueWriter writer) {
        return new ColumnAppender() {
            @Override
            ArrayBuilder builder() {
                return builder;
            }

            @Override
            void appendValue(SpecializedGetters from, int ordinal) {
                writer.write(from, ordinal);
            }
        };
    }
}
