// SPDX-License-Identifier: Apache-2.0
package dev.quiver.duckdb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quiver.benchdata.BenchV1;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.memory.BufferAllocator;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Queries that DuckDB would push projections and filters into the Arrow scan for, which the C API's scan
 * ignores: with the connection's optimizer settings, each sees the right columns and rows.
 */
class PushdownTest {
    private static List<Object> rows(DuckDbConnection db, String sql) {
        List<Object> out = new ArrayList<>();
        try (RecordBatchReader reader = db.query(sql)) {
            for (RecordBatch batch : reader) {
                for (long r = 0; r < batch.rowCount(); r++) {
                    List<Object> row = new ArrayList<>();
                    for (int c = 0; c < batch.columns().size(); c++) {
                        row.add(batch.column(c).getObject(r));
                    }
                    out.add(row.size() == 1 ? row.getFirst() : row);
                }
            }
        }
        return out;
    }

    private static void register(DuckDbConnection db, String name, long rows) {
        BenchV1 bench = new BenchV1(BufferAllocator.managed());
        db.register(name, new ListReader(BenchV1.SCHEMA, List.of(bench.batch(0, (int) rows))));
    }

    @Test
    void aLaterColumnAloneIsThatColumn() {
        try (DuckDbConnection db = DuckDb.open()) {
            register(db, "t", 100);
            assertEquals(List.of(1237.5), rows(db, "SELECT sum(x) FROM t"), "sum of i * 0.25 for i < 100");
        }
    }

    @Test
    void aFilterFilters() {
        try (DuckDbConnection db = DuckDb.open()) {
            register(db, "t", 100);
            assertEquals(List.of(10L), rows(db, "SELECT count(*) FROM t WHERE id < 10"));
        }
    }

    @Test
    void aJoinAndATopNSeeEveryRowOnce() {
        try (DuckDbConnection db = DuckDb.open()) {
            register(db, "a", 5000);
            register(db, "b", 3000);
            assertEquals(List.of(3000L), rows(db, "SELECT count(*) FROM a JOIN b ON a.id = b.id"));
        }
        try (DuckDbConnection db = DuckDb.open()) {
            register(db, "t", 5000);
            assertEquals(List.of(4999L, 4998L), rows(db, "SELECT id FROM t ORDER BY id DESC LIMIT 2"));
        }
    }
}
