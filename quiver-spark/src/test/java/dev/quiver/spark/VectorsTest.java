// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.TimeUnit;
import dev.quiver.ipc.IpcFileReader;
import dev.quiver.ipc.IpcFileWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The column vectors over Quiver arrays, read without a Spark job: every type, sliced arrays, native memory. */
class VectorsTest {
    private static final Schema SCHEMA = Schema.of(
            Field.nullable("u8", ArrowType.UINT8),
            Field.nullable("u16", ArrowType.UINT16),
            Field.nullable("u32", ArrowType.UINT32),
            Field.nullable("u64", ArrowType.UINT64),
            Field.nullable("f16", ArrowType.FLOAT16),
            Field.nullable("d64", new ArrowType.Date(DateUnit.MILLISECOND)),
            Field.nullable("ts_s", new ArrowType.Timestamp(TimeUnit.SECOND, "Europe/Paris")),
            Field.nullable("ts_ns", new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)),
            Field.nullable("big", new ArrowType.Decimal(30, 3, 128)),
            Field.nullable("d256", new ArrowType.Decimal(20, 1, 256)),
            Field.nullable("large", ArrowType.LARGE_UTF8),
            Field.nullable("view", ArrowType.UTF8_VIEW),
            Field.nullable("bview", ArrowType.BINARY_VIEW),
            Field.nullable("fixed", new ArrowType.FixedSizeBinary(2)),
            Field.dictionary("dict", ArrowType.INT8, ArrowType.UTF8, false, 0L, false),
            Field.nullable("lview", new ArrowType.ListView(Field.nullable("item", ArrowType.INT32))),
            Field.nullable("fsl", new ArrowType.FixedSizeList(Field.nullable("item", ArrowType.INT16), 2)),
            Field.nullable("llist", new ArrowType.LargeList(Field.nullable("item", ArrowType.UTF8))),
            Field.nullable("map", new ArrowType.Map(new Field("entries", new ArrowType.Struct(List.of(
                    Field.notNull("key", ArrowType.UTF8), Field.nullable("value", ArrowType.INT64))), false), false)),
            Field.nullable("st", new ArrowType.Struct(List.of(Field.nullable("a", ArrowType.INT32),
                    Field.nullable("b", ArrowType.UTF8)))));

    @TempDir
    Path dir;

    private static RecordBatch batch() {
        List<Object> row0 = Arrays.asList(1, 2, 3L, 4L, 0.5f, 0L, 0L, 0L, new BigDecimal("0.000"),
                new BigDecimal("0.0"), "a", "b", new byte[] {1}, new byte[] {1, 2}, "x", List.of(1),
                Arrays.asList((short) 1, (short) 2), List.of("p"), Map.of("k", 1L), Map.of("a", 1, "b", "s"));
        List<Object> row1 = Arrays.asList(255, 65535, 4294967295L, new BigInteger("18446744073709551615"), -2.5f,
                86_400_000L * 3, 1_700_000_000L, 1_600_000_000_123_456_000L,
                new BigDecimal("123456789012345678901234567.891"), new BigDecimal("-1234567890123456789.5"),
                "long text ü", "a view longer than twelve bytes", "short".getBytes(StandardCharsets.UTF_8),
                new byte[] {9, 8}, "y", List.of(5, 6, 7), Arrays.asList((short) -1, null), List.of("q", "r"),
                Map.of("m", -7L), Map.of("a", 2, "b", "t"));
        List<Object> nulls = Arrays.asList(new Object[20]);
        nulls.set(14, "x");
        return RecordBatch.ofRows(SCHEMA, List.of(nulls, row0, row1, nulls));
    }

    private static ColumnVector vector(RecordBatch batch, String name) {
        StructType spark = SparkSchemas.toSpark(batch.schema());
        int k = batch.schema().index(name);
        return Vectors.of(batch.column(k).data(), spark.fields()[k].dataType(), name);
    }

    @Test
    void everyTypeOfASlicedBatchMappedFromAFile() {
        Path file = dir.resolve("types.arrow");
        try (IpcFileWriter writer = IpcFileWriter.open(file, SCHEMA)) {
            writer.write(batch());
        }
        try (IpcFileReader reader = IpcFileReader.map(file)) {
            // Rows 1 and 2: the arrays' offset is 1, which every vector must add.
            RecordBatch b = reader.batch(0).slice(1, 2);
            assertEquals(255, vector(b, "u8").getShort(1));
            assertEquals(65535, vector(b, "u16").getInt(1));
            assertEquals(4294967295L, vector(b, "u32").getLong(1));
            assertEquals(new BigDecimal("18446744073709551615"), vector(b, "u64").getDecimal(1, 20, 0).toJavaBigDecimal());
            assertEquals(4L, vector(b, "u64").getDecimal(0, 20, 0).toUnscaledLong());
            assertEquals(-2.5f, vector(b, "f16").getFloat(1));
            assertEquals(3, vector(b, "d64").getInt(1));
            assertEquals(1_700_000_000_000_000L, vector(b, "ts_s").getLong(1));
            assertEquals(1_600_000_000_123_456L, vector(b, "ts_ns").getLong(1));
            assertEquals(new BigDecimal("123456789012345678901234567.891"),
                    vector(b, "big").getDecimal(1, 30, 3).toJavaBigDecimal());
            assertEquals(new BigDecimal("-1234567890123456789.5"),
                    vector(b, "d256").getDecimal(1, 20, 1).toJavaBigDecimal());
            assertEquals("long text ü", vector(b, "large").getUTF8String(1).toString());
            assertEquals("b", vector(b, "view").getUTF8String(0).toString());
            assertEquals("a view longer than twelve bytes", vector(b, "view").getUTF8String(1).toString());
            assertArrayEquals("short".getBytes(StandardCharsets.UTF_8), vector(b, "bview").getBinary(1));
            assertArrayEquals(new byte[] {9, 8}, vector(b, "fixed").getBinary(1));
            assertEquals("y", vector(b, "dict").getUTF8String(1).toString());
            ColumnarArray lview = vector(b, "lview").getArray(1);
            assertArrayEquals(new int[] {5, 6, 7}, lview.toIntArray());
            ColumnarArray fsl = vector(b, "fsl").getArray(1);
            assertEquals(-1, fsl.getShort(0));
            assertTrue(fsl.isNullAt(1));
            assertEquals("r", vector(b, "llist").getArray(1).getUTF8String(1).toString());
            ColumnarMap map = vector(b, "map").getMap(1);
            assertEquals("m", map.keyArray().getUTF8String(0).toString());
            assertEquals(-7L, map.valueArray().getLong(0));
            ColumnVector st = vector(b, "st");
            assertEquals(2, st.getStruct(1).getInt(0));
            assertEquals("t", st.getStruct(1).getUTF8String(1).toString());
            assertEquals("s", st.getChild(1).getUTF8String(0).toString());
        }
    }

    @Test
    void nullsAreSeenThroughTheOffset() {
        RecordBatch b = batch().slice(2, 2);
        for (String name : List.of("u64", "ts_ns", "view", "lview", "map", "st")) {
            ColumnVector v = vector(b, name);
            assertFalse(v.isNullAt(0), name);
            assertTrue(v.isNullAt(1), name);
            assertEquals(1, v.numNulls(), name);
        }
    }

    @Test
    void aNanosecondFractionIsAnErrorNotATruncation() {
        RecordBatch b = RecordBatch.ofRows(Schema.of(Field.nullable("t", new ArrowType.Timestamp(TimeUnit.NANOSECOND, "UTC"))),
                List.of(List.of(1_000L), List.of(1_001L)));
        ColumnVector v = vector(b, "t");
        assertEquals(1L, v.getLong(0));
        QuiverSparkException e = assertThrows(QuiverSparkException.class, () -> v.getLong(1));
        assertTrue(e.getMessage().contains("column t, row 1"), e.getMessage());
    }

    @Test
    void secondsBeyondSparksMicrosecondsAreAnError() {
        RecordBatch b = RecordBatch.ofRows(Schema.of(Field.nullable("t", new ArrowType.Timestamp(TimeUnit.SECOND, null))),
                List.of(List.of(Long.MAX_VALUE / 10)));
        QuiverSparkException e = assertThrows(QuiverSparkException.class, () -> vector(b, "t").getLong(0));
        assertTrue(e.getMessage().contains("overflows"), e.getMessage());
    }
}
