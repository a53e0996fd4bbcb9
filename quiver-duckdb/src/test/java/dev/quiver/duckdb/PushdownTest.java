// SPDX-License-Identifier: Apache-2.0
package dev.quiver.duckdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.benchdata.BenchV1;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.Table;
import dev.quiver.core.memory.BufferAllocator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * DuckDB pushes a query's projection into the scan of a registered table: the scan converts and hands
 * over only the columns the query uses, and every query gives the rows it gives with the pushdown
 * optimizers off (each scan then reads every column, and every filter stays above the scan).
 */
class PushdownTest {
    /** Queries with projections, filters, joins, top-N and late materialization over bench-v1's t. */
    private static final List<String> QUERIES = List.of(
            "SELECT sum(x) FROM t",
            "SELECT count(*) FROM t WHERE id < 10",
            "SELECT count(*), sum(maybe), min(name), max(price) FROM t WHERE flag AND maybe > 100",
            "SELECT cat, count(*), count(maybe), sum(maybe), min(maybe), max(maybe) FROM t GROUP BY cat ORDER BY cat",
            "SELECT id, name FROM t WHERE cat = (SELECT cat FROM t WHERE id = 5) AND id % 11 = 0 ORDER BY id",
            "SELECT id, ts, tags FROM t ORDER BY x DESC LIMIT 7",
            "SELECT a.id, b.name FROM t a JOIN t b ON a.id = b.id + 1 WHERE b.maybe IS NULL ORDER BY a.id LIMIT 30",
            "SELECT len(tags), count(*) FROM t WHERE price IS NOT NULL GROUP BY 1 ORDER BY 1",
            "SELECT * FROM t WHERE id BETWEEN 4090 AND 4100 ORDER BY id");

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

    @Test
    void pushedDownQueriesGiveWhatUnpushedOnesGive() {
        try (DuckDbConnection db = DuckDb.open()) {
            db.register("t", RepeatableScanTest.bench(30_000));
            List<List<Object>> pushed = new ArrayList<>();
            long before = db.scannedBytes();
            for (String sql : QUERIES) {
                pushed.add(rows(db, sql));
            }
            long pushedBytes = db.scannedBytes() - before;
            db.execute("SET disabled_optimizers = 'unused_columns,filter_pushdown,join_filter_pushdown,top_n,"
                    + "late_materialization,sampling_pushdown'");
            before = db.scannedBytes();
            for (int i = 0; i < QUERIES.size(); i++) {
                List<Object> unpushed = rows(db, QUERIES.get(i));
                assertTrue(!unpushed.isEmpty(), QUERIES.get(i));
                assertEquals(unpushed, pushed.get(i), QUERIES.get(i));
            }
            long unpushedBytes = db.scannedBytes() - before;
            assertTrue(pushedBytes < unpushedBytes / 2, pushedBytes + " bytes pushed down, " + unpushedBytes
                    + " not");
        }
    }

    /** Nine columns of equal width: a query of two of them hands DuckDB exactly 2/9 of the bytes. */
    @Test
    void aQueryOfTwoOfNineColumnsHandsOverTwoNinthsOfTheBytes() {
        try (DuckDbConnection db = DuckDb.open()) {
            Table nine;
            try (RecordBatchReader reader = db.query("SELECT range AS c0, range + 1 AS c1, range + 2 AS c2, "
                    + "range + 3 AS c3, range + 4 AS c4, range + 5 AS c5, range + 6 AS c6, range + 7 AS c7, "
                    + "range + 8 AS c8 FROM range(100000)")) {
                nine = Table.from(reader);
            }
            db.register("t", nine);
            long start = db.scannedBytes();
            assertEquals(List.of(List.of(5_000_050_000L, 5_000_650_000L)), rows(db, "SELECT sum(c1)::BIGINT, sum(c7)::BIGINT FROM t"));
            long two = db.scannedBytes() - start;
            start = db.scannedBytes();
            rows(db, "SELECT * FROM t");
            long all = db.scannedBytes() - start;
            assertEquals(9 * (100_000 * 8L + 100_000 / 8), all, "nine columns of 100,000 int64 and a validity bitmap "
                    + "each (DuckDB's results carry one)");
            assertEquals(all * 2 / 9, two);
        }
    }

    /** The scan runs on several threads, yet a query without ORDER BY gives the rows in the table's order. */
    @Test
    void aPlainSelectKeepsTheTablesOrder() {
        try (DuckDbConnection db = DuckDb.open(null, Map.of("threads", "4"))) {
            db.register("t", RepeatableScanTest.bench(100_000));
            List<Object> ids = rows(db, "SELECT id FROM t");
            assertEquals(100_000, ids.size());
            for (int i = 0; i < ids.size(); i++) {
                assertEquals((long) i, ids.get(i), "row " + i);
            }
        }
    }
}
