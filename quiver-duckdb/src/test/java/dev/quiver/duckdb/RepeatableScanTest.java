// SPDX-License-Identifier: Apache-2.0
package dev.quiver.duckdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.benchdata.BenchV1;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.Table;
import dev.quiver.core.memory.BufferAllocator;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * A registered Table or source of readers is scanned any number of times, in one query and across queries:
 * each query gives what DuckDB gives over a copy of the same rows in its own table.
 */
class RepeatableScanTest {
    /** Queries that scan t more than once, or need every row of it at once. */
    static final List<String> QUERIES = List.of(
            "SELECT count(*), sum(a.x) FROM t a JOIN t b ON a.id = b.id",
            "WITH c AS (SELECT cat, count(*) AS n FROM t GROUP BY cat) SELECT x.cat, x.n + y.n FROM c x JOIN c y "
                    + "ON x.cat = y.cat ORDER BY 1",
            "WITH c AS MATERIALIZED (SELECT id, maybe FROM t WHERE id % 7 = 0) SELECT (SELECT count(*) FROM c), "
                    + "(SELECT sum(maybe) FROM c)",
            "SELECT id, sum(maybe) OVER (PARTITION BY cat ORDER BY id ROWS 3 PRECEDING) FROM t ORDER BY id "
                    + "LIMIT 50",
            "SELECT id FROM t o WHERE maybe > (SELECT avg(maybe) FROM t i WHERE i.cat = o.cat) ORDER BY id LIMIT 40",
            "SELECT count(*) FROM t WHERE id IN (SELECT id + 1 FROM t WHERE id % 3 = 0)",
            "SELECT (SELECT max(id) FROM t) - (SELECT min(id) FROM t), (SELECT count(DISTINCT cat) FROM t)");

    static Table bench(int rows) {
        BenchV1 bench = new BenchV1(BufferAllocator.managed());
        List<RecordBatch> batches = new ArrayList<>();
        for (int start = 0; start < rows; start += 4096) {
            batches.add(bench.batch(start, Math.min(4096, rows - start)));
        }
        return new Table(BenchV1.SCHEMA, batches);
    }

    static List<List<Object>> rows(DuckDbConnection db, String sql) {
        List<List<Object>> out = new ArrayList<>();
        try (RecordBatchReader reader = db.query(sql)) {
            for (RecordBatch batch : reader) {
                for (long r = 0; r < batch.rowCount(); r++) {
                    List<Object> row = new ArrayList<>();
                    for (int c = 0; c < batch.columns().size(); c++) {
                        row.add(batch.column(c).getObject(r));
                    }
                    out.add(row);
                }
            }
        }
        return out;
    }

    /** Each query over the registered t equals the same query over DuckDB's own copy of it. */
    static void assertSameAsDuckDbsOwnTable(DuckDbConnection db) {
        db.execute("CREATE OR REPLACE TABLE own AS SELECT * FROM t");
        for (String sql : QUERIES) {
            List<List<Object>> expected = rows(db, sql.replace(" t ", " own ").replace(" t)", " own)"));
            assertTrue(!expected.isEmpty(), sql);
            assertEquals(expected, rows(db, sql), sql);
            assertEquals(expected, rows(db, sql), "again: " + sql);
        }
    }

    @Test
    void aTableIsScannedAnyNumberOfTimes() {
        try (DuckDbConnection db = DuckDb.open()) {
            db.register("t", bench(20_000));
            assertSameAsDuckDbsOwnTable(db);
        }
    }

    @Test
    void eachScanOfASourceReadsItsOwnReaderClosedWhenTheScanEnds() {
        Table table = bench(10_000);
        AtomicInteger opened = new AtomicInteger();
        List<ListReader> readers = new ArrayList<>();
        Supplier<RecordBatchReader> source = () -> {
            opened.incrementAndGet();
            ListReader reader = new ListReader(table.schema(), table.batches());
            synchronized (readers) {
                readers.add(reader);
            }
            return reader;
        };
        try (DuckDbConnection db = DuckDb.open()) {
            db.register("t", source);
            assertEquals(List.of(List.of(10_000L, 10_000L)),
                    rows(db, "SELECT count(*), count(b.id) FROM t a JOIN t b ON a.id = b.id"));
            assertEquals(3, opened.get(), "one reader for the schema, one per scan");
            assertEquals(3, readers.stream().filter(ListReader::closed).count(),
                    "the schema's reader closed at registration, both scans' readers when they ended");
            assertEquals(List.of(List.of(10_000L)), rows(db, "SELECT count(*) FROM t"));
            assertEquals(4, opened.get());
            assertEquals(4, readers.stream().filter(ListReader::closed).count());
        }
        assertTrue(readers.stream().allMatch(ListReader::closed));
    }

    @Test
    void aSourceThatFailsFailsTheQueryNamingTheTable() {
        Table table = bench(100);
        AtomicInteger calls = new AtomicInteger();
        try (DuckDbConnection db = DuckDb.open()) {
            db.register("t", () -> {
                if (calls.incrementAndGet() > 1) {
                    throw new IllegalStateException("the file is gone");
                }
                return table.reader();
            });
            DuckDbException e = assertThrows(DuckDbException.class, () -> rows(db, "SELECT count(*) FROM t"));
            assertTrue(e.getMessage().contains("opening table t for a scan failed: the file is gone"),
                    e.getMessage());
        }
    }
}
