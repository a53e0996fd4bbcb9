// SPDX-License-Identifier: Apache-2.0
package dev.quiver.duckdb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.Table;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Queries with parameters: each Java type bound, counts and types that do not fit refused. */
class ParametersTest {
    private static RecordBatch first(DuckDbConnection db, String sql, Object... parameters) {
        try (RecordBatchReader r = db.query(sql, parameters)) {
            return r.readNext().orElseThrow();
        }
    }

    @Test
    void eachKindOfValueIsBound() {
        try (DuckDbConnection db = DuckDb.open()) {
            RecordBatch b = first(db, "SELECT ?::BOOLEAN AS t, ?::INTEGER AS i, ?::BIGINT AS l, ?::DOUBLE AS d, "
                    + "?::VARCHAR AS s, ?::DECIMAL(20, 3) AS dec, ?::BLOB AS blob, ?::DATE AS day, ?::INTEGER AS n",
                    true, 7, 1L << 40, 2.5, "héllo", new BigDecimal("12345678901234567.125"), new byte[] {1, 2, 0},
                    LocalDate.of(2024, 2, 29), null);
            assertEquals(Arrays.asList(true, 7, 1L << 40, 2.5, "héllo", new BigDecimal("12345678901234567.125")),
                    Arrays.asList(b.column(0).getObject(0), b.column(1).getObject(0), b.column(2).getObject(0),
                            b.column(3).getObject(0), b.column(4).getObject(0), b.column(5).getObject(0)));
            assertArrayEquals(new byte[] {1, 2, 0}, (byte[]) b.column(6).getObject(0));
            assertEquals(LocalDate.of(2024, 2, 29), b.column(7).getObject(0));
            assertEquals(null, b.column(8).getObject(0));
        }
    }

    @Test
    void parametersFilterARegisteredTable() {
        try (DuckDbConnection db = DuckDb.open()) {
            db.register("t", RepeatableScanTest.bench(10_000));
            for (long below : List.of(10L, 500L)) {
                try (RecordBatchReader r = db.query("SELECT count(*) FROM t WHERE id < $1 AND cat = $2", below,
                        "category-3")) {
                    assertEquals((below + 12) / 16, Table.from(r).column(0).getObject(0));
                }
            }
        }
    }

    @Test
    void aWrongCountOrTypeIsRefused() {
        try (DuckDbConnection db = DuckDb.open()) {
            DuckDbException count = assertThrows(DuckDbException.class, () -> db.query("SELECT ?, ?", 1));
            assertEquals("the query has 2 parameters; 1 given", count.getMessage());
            DuckDbException type = assertThrows(DuckDbException.class, () -> db.query("SELECT ?", new Object()));
            assertTrue(type.getMessage().startsWith("parameter 1 is a java.lang.Object, which Quiver does not bind"),
                    type.getMessage());
            DuckDbException sql = assertThrows(DuckDbException.class, () -> db.query("SELEC ?", 1));
            assertTrue(sql.getMessage().contains("syntax error"), sql.getMessage());
            assertEquals(1, first(db, "SELECT 1 AS one").column(0).getObject(0), "the connection still works");
        }
    }
}
