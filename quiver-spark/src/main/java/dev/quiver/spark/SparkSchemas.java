// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.TimeUnit;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DayTimeIntervalType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.NullType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;

/**
 * Arrow schemas as Spark SQL schemas and back (the table in docs/spark.md). Reading widens unsigned integers
 * to the next signed type (uint64 to {@code DECIMAL(20,0)}), decodes dictionaries to their value type, reads
 * large and view variants as their plain type, timestamps with a time zone as {@code TIMESTAMP} and without
 * one as {@code TIMESTAMP_NTZ}, durations as {@code INTERVAL DAY TO SECOND}. A type Spark cannot hold is one
 * {@link QuiverSparkException} naming the column.
 */
public final class SparkSchemas {
    /** Spark's widest decimal. */
    static final int MAX_SPARK_PRECISION = 38;

    private SparkSchemas() {
    }

    /**
     * The Spark schema of an Arrow schema.
     *
     * @param schema the Arrow schema
     * @return the Spark schema, field for field
     * @throws QuiverSparkException naming the first column whose type Spark cannot hold
     */
    public static StructType toSpark(Schema schema) {
        List<StructField> fields = new ArrayList<>();
        for (Field field : schema.fields()) {
            fields.add(toSpark(field, field.name()));
        }
        return new StructType(fields.toArray(StructField[]::new));
    }

    private static StructField toSpark(Field field, String path) {
        return new StructField(field.name(), toSpark(field.type(), path), field.nullable(),
                org.apache.spark.sql.types.Metadata.empty());
    }

    /**
     * The Spark type of an Arrow type.
     *
     * @param type the Arrow type
     * @param path the column's path, for the message
     * @return the Spark type
     * @throws QuiverSparkException if Spark cannot hold the type
     */
    static DataType toSpark(ArrowType type, String path) {
        return switch (type) {
            case ArrowType.Null t -> DataTypes.NullType;
            case ArrowType.Bool t -> DataTypes.BooleanType;
            case ArrowType.Int t -> switch (t.bitWidth()) {
                case 8 -> t.signed() ? DataTypes.ByteType : DataTypes.ShortType;
                case 16 -> t.signed() ? DataTypes.ShortType : DataTypes.IntegerType;
                case 32 -> t.signed() ? DataTypes.IntegerType : DataTypes.LongType;
                default -> t.signed() ? DataTypes.LongType : DataTypes.createDecimalType(20, 0);
            };
            case ArrowType.FloatingPoint t -> switch (t.precision()) {
                case HALF, SINGLE -> DataTypes.FloatType;
                case DOUBLE -> DataTypes.DoubleType;
            };
            case ArrowType.Utf8 t -> DataTypes.StringType;
            case ArrowType.LargeUtf8 t -> DataTypes.StringType;
            case ArrowType.Utf8View t -> DataTypes.StringType;
            case ArrowType.Binary t -> DataTypes.BinaryType;
            case ArrowType.LargeBinary t -> DataTypes.BinaryType;
            case ArrowType.BinaryView t -> DataTypes.BinaryType;
            case ArrowType.FixedSizeBinary t -> DataTypes.BinaryType;
            case ArrowType.Decimal t -> {
                if (t.precision() > MAX_SPARK_PRECISION) {
                    throw unsupported(path, type, "Spark's decimals hold at most " + MAX_SPARK_PRECISION + " digits");
                }
                yield DataTypes.createDecimalType(t.precision(), t.scale());
            }
            case ArrowType.Date t -> DataTypes.DateType;
            case ArrowType.Timestamp t -> t.timezone() == null ? DataTypes.TimestampNTZType : DataTypes.TimestampType;
            case ArrowType.Duration t -> DataTypes.createDayTimeIntervalType();
            case ArrowType.List t -> list(t.valueField(), path);
            case ArrowType.LargeList t -> list(t.valueField(), path);
            case ArrowType.ListView t -> list(t.valueField(), path);
            case ArrowType.LargeListView t -> list(t.valueField(), path);
            case ArrowType.FixedSizeList t -> list(t.valueField(), path);
            case ArrowType.Struct t -> {
                List<StructField> fields = new ArrayList<>();
                for (Field child : t.fields()) {
                    fields.add(toSpark(child, path + "." + child.name()));
                }
                yield new StructType(fields.toArray(StructField[]::new));
            }
            case ArrowType.Map t -> {
                Field key = t.entries().type().children().get(0);
                Field value = t.entries().type().children().get(1);
                yield DataTypes.createMapType(toSpark(key.type(), path + ".key"), toSpark(value.type(), path + ".value"),
                        value.nullable());
            }
            case ArrowType.Dictionary t -> toSpark(t.valueType(), path);
            case ArrowType.Time t -> throw unsupported(path, type, "the connector does not read times of day yet");
            case ArrowType.Interval t -> throw unsupported(path, type, "the connector does not read intervals yet");
            case ArrowType.Union t -> throw unsupported(path, type, "Spark has no union type");
            case ArrowType.RunEndEncoded t -> throw unsupported(path, type,
                    "the connector does not decode run-end encoded columns");
            case ArrowType.Extension t -> throw unsupported(path, type, "the connector does not read extension types");
        };
    }

    private static DataType list(Field item, String path) {
        return DataTypes.createArrayType(toSpark(item.type(), path + "[]"), item.nullable());
    }

    private static QuiverSparkException unsupported(String path, Object type, String why) {
        return new QuiverSparkException("column " + path + " has type " + type + ", which Spark cannot hold: " + why);
    }

    /**
     * The Arrow schema a Spark schema is written as.
     *
     * @param schema the Spark schema
     * @return the Arrow schema, field for field
     * @throws QuiverSparkException naming the first column whose type has no Arrow counterpart here
     */
    public static Schema toArrow(StructType schema) {
        List<Field> fields = new ArrayList<>();
        for (StructField field : schema.fields()) {
            fields.add(toArrow(field.name(), field.dataType(), field.nullable(), field.name()));
        }
        return new Schema(fields);
    }

    private static Field toArrow(String name, DataType type, boolean nullable, String path) {
        return new Field(name, toArrow(type, path), nullable);
    }

    private static ArrowType toArrow(DataType type, String path) {
        return switch (type) {
            case NullType t -> ArrowType.NULL;
            case BooleanType t -> ArrowType.BOOL;
            case ByteType t -> ArrowType.INT8;
            case ShortType t -> ArrowType.INT16;
            case IntegerType t -> ArrowType.INT32;
            case LongType t -> ArrowType.INT64;
            case FloatType t -> ArrowType.FLOAT32;
            case DoubleType t -> ArrowType.FLOAT64;
            case StringType t -> ArrowType.UTF8;
            case BinaryType t -> ArrowType.BINARY;
            case DecimalType t -> new ArrowType.Decimal(t.precision(), t.scale(), 128);
            case DateType t -> new ArrowType.Date(DateUnit.DAY);
            case TimestampType t -> new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC");
            case TimestampNTZType t -> new ArrowType.Timestamp(TimeUnit.MICROSECOND, null);
            case DayTimeIntervalType t -> new ArrowType.Duration(TimeUnit.MICROSECOND);
            case ArrayType t -> new ArrowType.List(toArrow("item", t.elementType(), t.containsNull(), path + "[]"));
            case MapType t -> new ArrowType.Map(new Field("entries", new ArrowType.Struct(List.of(
                    toArrow("key", t.keyType(), false, path + ".key"),
                    toArrow("value", t.valueType(), t.valueContainsNull(), path + ".value"))), false), false);
            case StructType t -> {
                List<Field> fields = new ArrayList<>();
                for (StructField child : t.fields()) {
                    fields.add(toArrow(child.name(), child.dataType(), child.nullable(), path + "." + child.name()));
                }
                yield new ArrowType.Struct(fields);
            }
            default -> throw new QuiverSparkException("column " + path + " has Spark type " + type.simpleString()
                    + ", which the connector cannot write as Arrow");
        };
    }
}
