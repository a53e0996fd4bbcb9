// SPDX-License-Identifier: Apache-2.0
package dev.quiver.duckdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.Table;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Further connections on one database ({@link DuckDbConnection#connect()}), {@link DuckDbConnection#interrupt()}
 * and the declared types of a statement's parameters ({@link DuckDbConnection#parameterTypes(String)}).
 */
class SessionsTest {
    private static List<List<Object>> rows(DuckDbConnection db, String sql) {
        return RepeatableScanTest.rows(db, sql);
    }

    @Test
    void aFurtherConnectionSeesTheRegisteredTablesAndTheDatabase() {
        Table bench = RepeatableScanTest.bench(5000);
        try (DuckDbConnection db = DuckDb.open()) {
            db.register("t", bench);
            db.execute("CREATE TABLE shared AS SELECT 41 AS v");
            try (DuckDbConnection other = db.connect()) {
                assertEquals(rows(db, RepeatableScanTest.QUERIES.getFirst()),
                        rows(other, RepeatableScanTest.QUERIES.getFirst()));
                assertEquals(List.of(List.of(41)), rows(other, "SELECT v FROM shared"));
                other.execute("INSERT INTO shared VALUES (42)");
                assertEquals(List.of(List.of(2L)), rows(db, "SELECT count(*) FROM shared"));
                other.register("mine", bench);
                assertEquals(List.of(List.of(5000L)), rows(other, "SELECT count(*) FROM mine"));
                DuckDbException e = assertThrows(DuckDbException.class, () -> rows(db, "SELECT * FROM mine"));
                assertTrue(e.getMessage().contains("mine"), e.getMessage());
            }
            assertEquals(List.of(List.of(5000L)), rows(db, "SELECT count(*) FROM t"));
        }
    }

    @Test
    void theTablesOfOneDatabaseAreNotScannableByIdFromAnother() {
        try (DuckDbConnection db = DuckDb.open(); DuckDbConnection stranger = DuckDb.open()) {
            db.register("t", RepeatableScanTest.bench(10));
            long id = db.table("t").id;
            DuckDbException e = assertThrows(DuckDbException.class,
                    () -> rows(stranger, "SELECT * FROM " + ScanFunction.NAME + "(" + id + ")"));
            assertTrue(e.getMessage().contains("no table " + id), e.getMessage());
        }
    }

    @Test
    void connectionsHaveTransactionsOfTheirOwn() {
        try (DuckDbConnection db = DuckDb.open(); DuckDbConnection a = db.connect(); DuckDbConnection b = db.connect()) {
            db.execute("CREATE TABLE x (v INTEGER)");
            a.execute("BEGIN TRANSACTION");
            a.execute("INSERT INTO x VALUES (1)");
            assertEquals(List.of(List.of(0L)), rows(b, "SELECT count(*) FROM x"));
            assertEquals(List.of(List.of(1L)), rows(a, "SELECT count(*) FROM x"));
            a.execute("COMMIT");
            assertEquals(List.of(List.of(1L)), rows(b, "SELECT count(*) FROM x"));
        }
    }

    @Test
    void closingTheDatabasesConnectionClosesTheOthers() {
        DuckDbConnection other;
        try (DuckDbConnection db = DuckDb.open()) {
            other = db.connect();
            assertThrows(IllegalStateException.class, other::connect);
        }
        assertThrows(IllegalStateException.class, () -> other.execute("SELECT 1"));
        other.interrupt();
        other.close();
    }

    @Test
    void interruptStopsAQueryRunningOnAnotherThread() throws Exception {
        try (DuckDbConnection db = DuckDb.open(null, java.util.Map.of("threads", "1"))) {
            db.interrupt(); // idle: nothing to stop, and the next query is not affected
            assertEquals(List.of(List.of(3L)), rows(db, "SELECT count(*) FROM range(3)"));
            CountDownLatch started = new CountDownLatch(1);
            CompletableFuture<Object> running = CompletableFuture.supplyAsync(() -> {
                started.countDown();
                // no served table in it: only DuckDB can stop it
                return rows(db, "SELECT sum(i * i % 7) FROM range(1000000000000) t(i)");
            });
            started.await();
            ExecutionException failed = null;
            for (int tries = 0; tries < 600 && failed == null; tries++) {
                db.interrupt();
                try {
                    running.get(100, TimeUnit.MILLISECONDS);
                } catch (java.util.concurrent.TimeoutException stillRunning) {
                    continue;
                } catch (ExecutionException e) {
                    failed = e;
                }
            }
            assertTrue(failed != null && failed.getCause() instanceof DuckDbException, String.valueOf(failed));
            assertTrue(failed.getCause().getMessage().contains("Interrupt"), failed.getCause().getMessage());
            assertEquals(List.of(List.of(5L)), rows(db, "SELECT count(*) FROM range(5)"));
        }
    }

    @Test
    void parameterTypesAreTheTypesDuckDbDeclares() {
        try (DuckDbConnection db = DuckDb.open()) {
            db.execute("CREATE TABLE p (id BIGINT, name VARCHAR, day DATE, price DECIMAL(10, 2), ok BOOLEAN, "
                    + "f DOUBLE, small INTEGER)");
            Schema s = db.parameterTypes("SELECT * FROM p WHERE id = ? AND name = ? AND day > ? AND price < ? "
                    + "AND ok = ? AND f > ? AND small = $7");
            assertEquals(List.of(new ArrowType.Int(64, true), new ArrowType.Utf8(), new ArrowType.Date(DateUnit.DAY),
                    new ArrowType.Decimal(10, 2), new ArrowType.Bool(), new ArrowType.FloatingPoint(
                            dev.quiver.core.type.Precision.DOUBLE), new ArrowType.Int(32, true)),
                    s.fields().stream().map(Field::type).toList());
            assertEquals("$1", s.fields().getFirst().name());
            assertEquals(List.of(new ArrowType.Int(64, true), new ArrowType.Utf8()),
                    db.parameterTypes("INSERT INTO p (id, name) VALUES (?, ?)").fields().stream().map(Field::type)
                            .toList());
            assertEquals(List.of(new ArrowType.Null()), db.parameterTypes("SELECT ?").fields().stream()
                    .map(Field::type).toList());
            assertEquals(0, db.parameterTypes("SELECT 1").fields().size());
            assertFalse(rows(db, "SELECT count(*) FROM p").isEmpty());
            DuckDbException e = assertThrows(DuckDbException.class, () -> db.parameterTypes("SELECT nope FROM p"));
            assertTrue(e.getMessage().contains("nope"), e.getMessage());
            assertThrows(DuckDbException.class, () -> db.parameterTypes("SELECT ?; SELECT ?"));
            assertThrows(DuckDbException.class, () -> db.parameterTypes("SELEC"));
        }
    }

    @Test
    void aReaderStreamingOnOneConnectionIsNotEndedByAnother() {
        try (DuckDbConnection db = DuckDb.open(); DuckDbConnection other = db.connect()) {
            try (RecordBatchReader r = db.query("SELECT * FROM range(10000)")) {
                assertEquals(List.of(List.of(3L)), rows(other, "SELECT count(*) FROM range(3)"));
                long n = 0;
                for (var b : r) {
                    n += b.rowCount();
                }
                assertEquals(10000, n);
            }
        }
    }
}
