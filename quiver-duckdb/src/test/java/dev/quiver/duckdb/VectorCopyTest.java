// SPDX-License-Identifier: Apache-2.0
package dev.quiver.duckdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.Precision;
import dev.quiver.core.type.TimeUnit;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The direct copies of Arrow columns into DuckDB's vectors give exactly what DuckDB's own Arrow conversion
 * gives, for every type they cover, with nulls, strings inlined and not, dictionary columns with nulls,
 * batches longer than a vector and sliced at an offset that is not a whole byte of validity; and bad
 * offsets or indices are one error, never a read out of bounds.
 */
class VectorCopyTest {
    private static final ArrowType.Int INT8 = new ArrowType.Int(8, true);
    private static final ArrowType.Int INT32 = new ArrowType.Int(32, true);
    private static final Schema SCHEMA = new Schema(List.of(
            Field.notNull("id", new ArrowType.Int(64, true)),
            Field.nullable("i8", INT8),
            Field.nullable("u8", new ArrowType.Int(8, false)),
            Field.nullable("i16", new ArrowType.Int(16, true)),
            Field.nullable("u16", new ArrowType.Int(16, false)),
            Field.nullable("i32", INT32),
            Field.nullable("u32", new ArrowType.Int(32, false)),
            Field.nullable("u64", new ArrowType.Int(64, false)),
            Field.nullable("f32", new ArrowType.FloatingPoint(Precision.SINGLE)),
            Field.nullable("f64", new ArrowType.FloatingPoint(Precision.DOUBLE)),
            Field.nullable("flag", new ArrowType.Bool()),
            Field.nullable("day", new ArrowType.Date(DateUnit.DAY)),
            Field.nullable("time", new ArrowType.Time(TimeUnit.MICROSECOND, 64)),
            Field.nullable("ts_s", new ArrowType.Timestamp(TimeUnit.SECOND, null)),
            Field.nullable("ts_ms", new ArrowType.Timestamp(TimeUnit.MILLISECOND, null)),
            Field.nullable("ts_us", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)),
            Field.nullable("ts_ns", new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)),
            Field.nullable("ts_tz", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")),
            Field.nullable("s", new ArrowType.Utf8()),
            Field.nullable("b", new ArrowType.Binary()),
            Field.dictionary("d8", INT8, new ArrowType.Utf8(), false, 0, true),
            Field.dictionary("d32", INT32, new ArrowType.Utf8(), false, 1, true),
            Field.dictionary("d32n", INT32, new ArrowType.Utf8(), false, 2, false)));

    private static List<Object> row(int r) {
        boolean none = r % 7 == 3;
        String s = r % 5 == 0 ? "a string longer than twelve bytes, " + r : "s" + r;
        String d = r % 6 == 0 ? "a dictionary value longer than twelve bytes " + r % 3 : "c" + r % 4;
        List<Object> row = new ArrayList<>(Arrays.asList(r, r % 250 - 125, r % 256, r * 3 % 60000 - 30000,
                r % 65536, r * 7, (long) r * 3, (long) r * 11, r * 0.5f, r * 0.25, r % 3 == 0, r % 20000,
                r * 1000L, 1_700_000_000L + r, 1_700_000_000_000L + r, 1_700_000_000_000_000L + r,
                1_700_000_000_000_000_000L + r, 1_700_000_000_000_000L + r, s, s.getBytes(StandardCharsets.UTF_8),
                d, r % 9 == 4 ? null : d, d));
        if (none) {
            for (int c = 1; c < 21; c++) {
                row.set(c, null);
            }
        }
        return row;
    }

    private static RecordBatch batch(int from, int rows) {
        List<List<Object>> values = new ArrayList<>();
        for (int r = from; r < from + rows; r++) {
            values.add(row(r));
        }
        return RecordBatch.ofRows(SCHEMA, values);
    }

    /** 5,000 rows, then 4,000 rows of a batch sliced at row 3 (validity bits not byte-aligned). */
    private static List<RecordBatch> batches() {
        return List.of(batch(0, 5000), batch(5000, 4100).slice(3, 4000));
    }

    private static List<List<Object>> rows(String sql) {
        List<List<Object>> out = new ArrayList<>();
        try (DuckDbConnection db = DuckDb.open()) {
            db.register("t", () -> new ListReader(SCHEMA, batches()));
            try (RecordBatchReader reader = db.query(sql)) {
                for (RecordBatch batch : reader) {
                    for (long r = 0; r < batch.rowCount(); r++) {
                        List<Object> row = new ArrayList<>();
                        for (int c = 0; c < batch.columnCount(); c++) {
                            Object value = batch.column(c).getObject(r);
                            row.add(value instanceof byte[] bytes ? Arrays.toString(bytes) : value);
                        }
                        out.add(row);
                    }
                }
            }
        }
        return out;
    }

    private static List<List<Object>> converted(String sql) {
        System.setProperty(TableScan.DIRECT_COPY, "false");
        try {
            return rows(sql);
        } finally {
            System.clearProperty(TableScan.DIRECT_COPY);
        }
    }

    @Test
    void everyColumnOfTheSchemaIsCopiedDirectly() throws Throwable {
        try (DuckDbConnection db = DuckDb.open()) {
            db.register("t", () -> new ListReader(SCHEMA, batches()));
            ScanTable table = db.table("t");
            for (int i = 0; i < SCHEMA.fields().size(); i++) {
                assertNotNull(table.directCopy(i), SCHEMA.field(i).name());
            }
        }
    }

    @Test
    void directCopiesGiveWhatDuckDbsConversionGives() {
        String all = "SELECT * FROM t ORDER BY id";
        List<List<Object>> direct = rows(all);
        assertEquals(9000, direct.size());
        assertEquals(converted(all), direct);
        assertEquals(List.of(List.of(5003L, "s5003", "c3")), rows("SELECT id, s, d8 FROM t WHERE id = 5003"),
                "the slice starts at row 5003");
    }

    @Test
    void filtersGroupsAndJoinsOverDirectCopiesAgreeWithTheConversion() {
        for (String sql : List.of(
                "SELECT d8, count(*), count(d32), sum(i32), min(s), max(b) FROM t GROUP BY d8 ORDER BY d8",
                "SELECT count(*), sum(f64), avg(f32) FROM t WHERE flag AND i16 > 0",
                "SELECT a.id, b.s, b.d32 FROM t a JOIN t b ON a.id = b.id + 1 WHERE b.d32 = 'c1' ORDER BY a.id",
                "SELECT id, ts_tz, ts_ns, day, time FROM t WHERE s LIKE 'a string%' ORDER BY id DESC LIMIT 20",
                "SELECT count(*) FROM t WHERE d32 IS NULL OR u8 IS NULL",
                "SELECT d32n, count(*), min(id), max(s) FROM t GROUP BY d32n ORDER BY d32n")) {
            assertEquals(converted(sql), rows(sql), sql);
        }
    }

    private static ArrowBuffer ints(int... values) {
        ArrowBuffer buffer = BufferAllocator.managed().allocate(values.length * 4L);
        for (int i = 0; i < values.length; i++) {
            buffer.setInt(i * 4L, values[i]);
        }
        return buffer;
    }

    private static String failure(Schema schema, Array column) {
        RecordBatch bad = new RecordBatch(schema, List.of(column), column.length());
        try (DuckDbConnection db = DuckDb.open()) {
            db.register("t", () -> new ListReader(schema, List.of(bad)));
            return assertThrows(DuckDbException.class, () -> rows(db, "SELECT * FROM t")).getMessage();
        }
    }

    private static List<Object> rows(DuckDbConnection db, String sql) {
        List<Object> out = new ArrayList<>();
        try (RecordBatchReader reader = db.query(sql)) {
            for (RecordBatch batch : reader) {
                out.add(batch.rowCount());
            }
        }
        return out;
    }

    /** A dictionary's values: "x", "y". */
    private static ArrayData xy() {
        return RecordBatch.ofRows(new Schema(List.of(Field.nullable("v", new ArrowType.Utf8()))),
                List.of(List.of("x"), List.of("y"))).column(0).data();
    }

    @Test
    void aDictionaryIndexOutsideTheDictionaryIsOneError() {
        ArrayData values = xy();
        Field field = Field.dictionary("d", INT32, new ArrowType.Utf8(), false, 0, true);
        Array column = Array.ofUnchecked(ArrayData.dictionaryEncoded((ArrowType.Dictionary) field.type(), 2,
                Arrays.asList(null, ints(1, 7)), values));
        String message = failure(new Schema(List.of(field)), column);
        assertTrue(message.contains("dictionary index 7 of row 1 lies outside the dictionary's 2 values"), message);
    }

    @Test
    void aNegativeDictionaryIndexIsOneError() {
        ArrayData values = xy();
        Field field = Field.dictionary("d", INT32, new ArrowType.Utf8(), false, 0, false);
        Array column = Array.ofUnchecked(ArrayData.dictionaryEncoded((ArrowType.Dictionary) field.type(), 3,
                Arrays.asList(null, ints(0, 1, -1)), values));
        String message = failure(new Schema(List.of(field)), column);
        assertTrue(message.contains("dictionary index -1 of row 2 lies outside the dictionary's 2 values"), message);
    }

    @Test
    void selectedDictionaryRowsKeepNullAndLongValues() {
        String longer = "a dictionary value longer than twelve bytes";
        ArrayData values = RecordBatch.ofRows(new Schema(List.of(Field.nullable("v", new ArrowType.Utf8()))),
                Arrays.asList(List.of("x"), Arrays.asList((Object) null), List.of(longer))).column(0).data();
        Field field = Field.dictionary("d", INT32, new ArrowType.Utf8(), false, 0, false);
        Schema schema = new Schema(List.of(field));
        Array column = Array.ofUnchecked(ArrayData.dictionaryEncoded((ArrowType.Dictionary) field.type(), 5,
                Arrays.asList(null, ints(2, 1, 0, 1, 2)), values));
        RecordBatch batch = new RecordBatch(schema, List.of(column), column.length());
        List<Object> out = new ArrayList<>();
        try (DuckDbConnection db = DuckDb.open()) {
            db.register("t", () -> new ListReader(schema, List.of(batch)));
            try (RecordBatchReader reader = db.query("SELECT d FROM t")) {
                for (RecordBatch b : reader) {
                    for (long r = 0; r < b.rowCount(); r++) {
                        out.add(b.column(0).getObject(r));
                    }
                }
            }
        }
        assertEquals(Arrays.asList(longer, null, "x", null, longer), out);
    }

    @Test
    void anOffsetOutsideTheDataIsOneError() {
        Field field = Field.nullable("s", new ArrowType.Utf8());
        ArrowBuffer data = BufferAllocator.managed().allocate(3);
        Array column = Array.ofUnchecked(ArrayData.of(field.type(), 2, Arrays.asList(null, ints(0, 2, 100), data),
                List.of()));
        String message = failure(new Schema(List.of(field)), column);
        assertTrue(message.contains("offsets 2 to 100 lie outside the 3 bytes of its column's data (row 1)"),
                message);
    }
}
