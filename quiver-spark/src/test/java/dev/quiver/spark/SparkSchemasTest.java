// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.TimeUnit;
import dev.quiver.core.type.UnionMode;
import java.util.List;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/** The type mapping of docs/spark.md, both ways, and its errors. */
class SparkSchemasTest {
    @Test
    void arrowToSpark() {
        StructType s = SparkSchemas.toSpark(Schema.of(
                Field.notNull("u8", ArrowType.UINT8),
                Field.nullable("u64", ArrowType.UINT64),
                Field.nullable("tz", new ArrowType.Timestamp(TimeUnit.NANOSECOND, "Asia/Tokyo")),
                Field.nullable("ntz", new ArrowType.Timestamp(TimeUnit.MILLISECOND, null)),
                Field.nullable("dur", new ArrowType.Duration(TimeUnit.SECOND)),
                Field.nullable("lv", new ArrowType.LargeListView(Field.notNull("i", ArrowType.BINARY_VIEW)))));
        assertEquals("struct<u8:smallint,u64:decimal(20,0),tz:timestamp,ntz:timestamp_ntz,"
                + "dur:interval day to second,lv:array<binary>>", s.simpleString());
        assertEquals(false, s.apply("u8").nullable());
        assertEquals(DataTypes.createArrayType(DataTypes.BinaryType, false), s.apply("lv").dataType());
    }

    @Test
    void sparkToArrow() {
        StructType s = new StructType().add("d", DataTypes.createDecimalType(38, 10))
                .add("m", DataTypes.createMapType(DataTypes.StringType, DataTypes.DateType, false), false)
                .add("t", DataTypes.TimestampNTZType);
        Schema a = SparkSchemas.toArrow(s);
        assertEquals(new ArrowType.Decimal(38, 10, 128), a.field(0).type());
        assertEquals(false, a.field(1).nullable());
        assertEquals(new ArrowType.Timestamp(TimeUnit.MICROSECOND, null), a.field(2).type());
        assertEquals(s, SparkSchemas.toSpark(a), "Spark to Arrow to Spark is the identity");
    }

    @Test
    void whatSparkCannotHoldNamesTheColumn() {
        Schema union = Schema.of(Field.nullable("outer", new ArrowType.Struct(List.of(Field.nullable("u",
                new ArrowType.Union(UnionMode.SPARSE, List.of(Field.nullable("i", ArrowType.INT32)), List.of(0)))))));
        QuiverSparkException e = assertThrows(QuiverSparkException.class, () -> SparkSchemas.toSpark(union));
        assertTrue(e.getMessage().startsWith("column outer.u has type"), e.getMessage());
        Schema wide = Schema.of(Field.nullable("w", new ArrowType.Decimal(40, 2, 256)));
        e = assertThrows(QuiverSparkException.class, () -> SparkSchemas.toSpark(wide));
        assertTrue(e.getMessage().contains("column w") && e.getMessage().contains("38 digits"), e.getMessage());
    }

    @Test
    void whatArrowCannotTakeNamesTheColumn() {
        StructType s = new StructType().add("a", DataTypes.createArrayType(DataTypes.CalendarIntervalType));
        QuiverSparkException e = assertThrows(QuiverSparkException.class, () -> SparkSchemas.toArrow(s));
        assertTrue(e.getMessage().startsWith("column a[] has Spark type interval"), e.getMessage());
    }
}
