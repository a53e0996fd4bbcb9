// SPDX-License-Identifier: Apache-2.0
package dev.quiver.duckdb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.quiver.core.array.IntervalMonthDayNano;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.Table;
import dev.quiver.core.type.Field;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A result of every DuckDB type that has an Arrow form, imported through the C Data interface. */
class TypesTest {
    /** Column name, DuckDB expression, the Arrow type Quiver reads, the value. */
    private record Column(String name, String sql, String arrowType, Object value) {
    }

    private static final List<Column> COLUMNS = List.of(
            new Column("i8", "-1::TINYINT", "int8", -1),
            new Column("i16", "-2::SMALLINT", "int16", -2),
            new Column("i32", "-3::INTEGER", "int32", -3),
            new Column("i64", "-4::BIGINT", "int64", -4L),
            new Column("u8", "255::UTINYINT", "uint8", 255),
            new Column("u16", "65535::USMALLINT", "uint16", 65535),
            new Column("u32", "4294967295::UINTEGER", "uint32", 4294967295L),
            new Column("u64", "18446744073709551615::UBIGINT", "uint64", new BigInteger("18446744073709551615")),
            new Column("hi", "-99999999999999999999999999999999999999::HUGEINT", "decimal128(38, 0)",
                    new BigDecimal("-99999999999999999999999999999999999999")),
            new Column("uhi", "12345678901234567890123::UHUGEINT", "decimal128(38, 0)",
                    new BigDecimal("12345678901234567890123")),
            new Column("d4", "-12.3::DECIMAL(4,1)", "decimal128(4, 1)", new BigDecimal("-12.3")),
            new Column("d9", "1234.5678::DECIMAL(9,4)", "decimal128(9, 4)", new BigDecimal("1234.5678")),
            new Column("d18", "123456789012.345678::DECIMAL(18,6)", "decimal128(18, 6)",
                    new BigDecimal("123456789012.345678")),
            new Column("d38", "12345678901234567890123456789.123456789::DECIMAL(38,9)", "decimal128(38, 9)",
                    new BigDecimal("12345678901234567890123456789.123456789")),
            new Column("f32", "1.5::FLOAT", "float32", 1.5f),
            new Column("f64", "2.25::DOUBLE", "float64", 2.25),
            new Column("s", "'héllo'", "utf8", "héllo"),
            new Column("b", "'\\xAA\\xBB'::BLOB", "binary", new byte[] {(byte) 0xAA, (byte) 0xBB}),
            new Column("t", "true", "bool", true),
            new Column("dt", "DATE '2024-02-29'", "date32[day]", LocalDate.of(2024, 2, 29)),
            new Column("tm", "TIME '12:34:56.789'", "time64[us]", LocalTime.of(12, 34, 56, 789_000_000)),
            new Column("ts_s", "TIMESTAMP_S '2024-01-02 03:04:05'", "timestamp[s]",
                    LocalDateTime.of(2024, 1, 2, 3, 4, 5)),
            new Column("ts_ms", "TIMESTAMP_MS '2024-01-02 03:04:05.123'", "timestamp[ms]",
                    LocalDateTime.of(2024, 1, 2, 3, 4, 5, 123_000_000)),
            new Column("ts_us", "TIMESTAMP '2024-01-02 03:04:05.123456'", "timestamp[us]",
                    LocalDateTime.of(2024, 1, 2, 3, 4, 5, 123_456_000)),
            new Column("ts_ns", "TIMESTAMP_NS '2024-01-02 03:04:05.123456789'", "timestamp[ns]",
                    LocalDateTime.of(2024, 1, 2, 3, 4, 5, 123_456_789)),
            new Column("tstz", "TIMESTAMPTZ '2024-01-02 03:04:05.123456+00'", "timestamp[us, tz=UTC]",
                    Instant.parse("2024-01-02T03:04:05.123456Z")),
            new Column("iv", "INTERVAL '1 year 2 months 3 days 4 hours'", "interval[month_day_nano]",
                    new IntervalMonthDayNano(14, 3, 4 * 3_600_000_000_000L)),
            new Column("u", "'12345678-1234-5678-1234-567812345678'::UUID", "utf8",
                    "12345678-1234-5678-1234-567812345678"),
            new Column("l", "[1, 2, NULL]", "list<l: int32>", Arrays.asList(1, 2, null)),
            new Column("st", "{'a': 1, 'b': 'x'}", "struct<a: int32, b: utf8>", orderedMap("a", 1, "b", "x")),
            new Column("e", "'b'::ENUM('a', 'b', 'c')", "dictionary<values=utf8, indices=uint8>", "b"),
            new Column("arr", "[1, 2, 3]::INTEGER[3]", "fixed_size_list<: int32>[3]", List.of(1, 2, 3)),
            new Column("un", "union_value(num := 2)::UNION(num INTEGER, str VARCHAR)",
                    "sparse_union<num: int32=0, str: utf8=1>", 2),
            new Column("n", "NULL::INTEGER", "int32", null));

    private static Map<String, Object> orderedMap(String k1, Object v1, String k2, Object v2) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(k1, v1);
        m.put(k2, v2);
        return m;
    }

    private static RecordBatch single(DuckDbConnection db, String sql) {
        try (RecordBatchReader reader = db.query(sql)) {
            Table table = Table.from(reader);
            assertEquals(1, table.batches().size());
            return table.batches().getFirst();
        }
    }

    @Test
    void everyTypeArrivesWithItsArrowTypeAndValueAndNulls() {
        List<String> select = new ArrayList<>();
        for (Column c : COLUMNS) {
            select.add(c.sql() + " AS " + c.name());
        }
        try (DuckDbConnection db = DuckDb.open()) {
            db.execute("SET TimeZone = 'UTC'");
            db.execute("CREATE TABLE every AS SELECT 0 AS k, " + String.join(", ", select));
            db.execute("INSERT INTO every (k) VALUES (1)");
            RecordBatch batch = single(db, "SELECT * EXCLUDE (k) FROM every ORDER BY k");
            assertEquals(2, batch.rowCount());
            for (int i = 0; i < COLUMNS.size(); i++) {
                Column c = COLUMNS.get(i);
                Field field = batch.schema().fields().get(i);
                assertEquals(c.name(), field.name());
                assertEquals(c.arrowType(), field.type().toString(), c.name());
                Object actual = batch.column(i).getObject(0);
                if (c.value() instanceof byte[] bytes) {
                    assertArrayEquals(bytes, (byte[]) actual, c.name());
                } else {
                    assertEquals(c.value(), actual, c.name());
                }
                assertNull(batch.column(i).getObject(1), c.name() + " null");
            }
        }
    }

    @Test
    void aMapIsAListOfEntries() {
        try (DuckDbConnection db = DuckDb.open()) {
            RecordBatch batch = single(db, "SELECT MAP {'k1': 10, 'k2': 20} AS m");
            assertEquals("map<key: utf8 not null, value: int32>", batch.schema().fields().getFirst().type().toString());
            assertEquals("[k1=10, k2=20]", batch.column(0).getObject(0).toString());
        }
    }

    @Test
    void losslessConversionGivesExtensionTypes() {
        try (DuckDbConnection db = DuckDb.open()) {
            db.execute("SET arrow_lossless_conversion = true");
            RecordBatch batch = single(db, "SELECT '12345678-1234-5678-1234-567812345678'::UUID AS u, "
                    + "1::HUGEINT AS hi, TIMETZ '01:02:03+05' AS ttz, '101'::BIT AS bit");
            assertEquals("extension<arrow.uuid, storage=fixed_size_binary[16]>",
                    batch.schema().fields().get(0).type().toString());
            assertArrayEquals(HexFormat.of().parseHex("12345678123456781234567812345678"),
                    (byte[]) batch.column(0).getObject(0), "uuid bytes");
            for (int i = 1; i < 4; i++) {
                assertEquals("extension<arrow.opaque", batch.schema().fields().get(i).type().toString().split(",")[0]);
            }
        }
    }
}
