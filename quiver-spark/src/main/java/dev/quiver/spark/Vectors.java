// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;

/** The Spark column vector over an array's data, for the Spark type {@link SparkSchemas} maps its type to. */
final class Vectors {
    private Vectors() {
    }

    /**
     * A vector reading {@code data} in place.
     *
     * @param data the array's data
     * @param type the Spark type of the column, as {@link SparkSchemas#toSpark} gives it
     * @param path the column's path, for messages
     * @return the vector
     * @throws QuiverSparkException if Spark cannot hold the type
     */
    static ColumnVector of(ArrayData data, DataType type, String path) {
        return switch (data.type()) {
            case ArrowType.Null t -> new NestedVectors.NullVector(type, data, path);
            case ArrowType.Bool t -> new PrimitiveVectors.Bool(type, data, path);
            case ArrowType.Int t -> switch (t.bitWidth()) {
                case 8 -> new PrimitiveVectors.Int8(type, data, path, t.signed());
                case 16 -> new PrimitiveVectors.Int16(type, data, path, t.signed());
                case 32 -> new PrimitiveVectors.Int32(type, data, path, t.signed());
                default -> new PrimitiveVectors.Int64(type, data, path);
            };
            case ArrowType.FloatingPoint t -> switch (t.precision()) {
                case HALF -> new PrimitiveVectors.Float32(type, data, path, true);
                case SINGLE -> new PrimitiveVectors.Float32(type, data, path, false);
                case DOUBLE -> new PrimitiveVectors.Float64(type, data, path);
            };
            case ArrowType.Date t -> t.unit() == DateUnit.DAY ? new PrimitiveVectors.Int32(type, data, path, true)
                    : new PrimitiveVectors.Date64(type, data, path);
            case ArrowType.Timestamp t -> new PrimitiveVectors.Micros(type, data, path, t.unit());
            case ArrowType.Duration t -> new PrimitiveVectors.Micros(type, data, path, t.unit());
            case ArrowType.Decimal t -> new DecimalVector(type, data, path);
            case ArrowType.Utf8 t -> new BinaryVectors.VarBinary(type, data, path, false);
            case ArrowType.Binary t -> new BinaryVectors.VarBinary(type, data, path, false);
            case ArrowType.LargeUtf8 t -> new BinaryVectors.VarBinary(type, data, path, true);
            case ArrowType.LargeBinary t -> new BinaryVectors.VarBinary(type, data, path, true);
            case ArrowType.Utf8View t -> new BinaryVectors.View(type, data, path);
            case ArrowType.BinaryView t -> new BinaryVectors.View(type, data, path);
            case ArrowType.FixedSizeBinary t -> new BinaryVectors.FixedSize(type, data, path, t.byteWidth());
            case ArrowType.List t -> list(type, data, path, NestedVectors.ListVector.Layout.OFFSETS, 0);
            case ArrowType.LargeList t -> list(type, data, path, NestedVectors.ListVector.Layout.LARGE_OFFSETS, 0);
            case ArrowType.ListView t -> list(type, data, path, NestedVectors.ListVector.Layout.VIEWS, 0);
            case ArrowType.LargeListView t -> list(type, data, path, NestedVectors.ListVector.Layout.LARGE_VIEWS, 0);
            case ArrowType.FixedSizeList t -> list(type, data, path, NestedVectors.ListVector.Layout.FIXED, t.listSize());
            case ArrowType.Map t -> new NestedVectors.MapVector((MapType) type, data, path);
            case ArrowType.Struct t -> new NestedVectors.StructVector((StructType) type, data, path);
            case ArrowType.Dictionary t -> new DictionaryVector(type, data, path);
            case ArrowType.Time t -> throw unsupported(data, path);
            case ArrowType.Interval t -> throw unsupported(data, path);
            case ArrowType.Union t -> throw unsupported(data, path);
            case ArrowType.RunEndEncoded t -> throw unsupported(data, path);
            case ArrowType.Extension t -> throw unsupported(data, path);
        };
    }

    private static ColumnVector list(DataType type, ArrayData data, String path,
            NestedVectors.ListVector.Layout layout, int listSize) {
        return new NestedVectors.ListVector((ArrayType) type, data, path, layout, listSize);
    }

    private static QuiverSparkException unsupported(ArrayData data, String path) {
        return new QuiverSparkException("column " + path + " has type " + data.type() + ", which Spark cannot hold");
    }
}
