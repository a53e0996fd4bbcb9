// SPDX-License-Identifier: Apache-2.0
package dev.quiver.duckdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.benchdata.BenchV1;
import dev.quiver.core.QuiverException;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.Table;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.ScopedAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SQL errors, failing producers, registration and the library's lookup. */
class ErrorsTest {
    private static final Schema SCHEMA = Schema.of(Field.nullable("n", ArrowType.INT64),
            Field.notNull("s", ArrowType.UTF8));

    private static List<RecordBatch> batches(int count) {
        List<RecordBatch> out = new ArrayList<>();
        for (int b = 0; b < count; b++) {
            out.add(RecordBatch.ofRows(SCHEMA, List.of(Arrays.asList((long) b, "x" + b), Arrays.asList(null, "y"))));
        }
        return out;
    }

    @Test
    void anSqlErrorIsADuckDbExceptionWithDuckDbsMessage() {
        try (DuckDbConnection db = DuckDb.open()) {
            DuckDbException e = assertThrows(DuckDbException.class, () -> db.query("SELEC 1"));
            assertTrue(e.getMessage().contains("syntax error"), e.getMessage());
            DuckDbException missing = assertThrows(DuckDbException.class, () -> db.query("SELECT * FROM nowhere"));
            assertTrue(missing.getMessage().contains("nowhere"), missing.getMessage());
            try (RecordBatchReader r = db.query("SELECT 1 AS one")) {
                assertEquals(1, r.readNext().orElseThrow().column(0).getObject(0), "the connection still works");
            }
        }
    }

    @Test
    void aResultTypeWithoutAnArrowFormIsNamed() {
        try (DuckDbConnection db = DuckDb.open()) {
            DuckDbException e = assertThrows(DuckDbException.class, () -> db.query("SELECT 1 AS i, 1::VARIANT AS v"));
            assertTrue(e.getMessage().startsWith("the result (columns i, v) has a type without an Arrow form"),
                    e.getMessage());
            assertTrue(e.getMessage().endsWith("Arrow form: Not implemented Error: Unsupported Arrow type VARIANT"),
                    e.getMessage());
            assertEquals("plain text", DuckDbApi.readable("plain text"));
        }
    }

    @Test
    void aProducerFailingMidwaySurfacesItsErrorAndLeaksNothing() {
        try (ScopedAllocator allocator = BufferAllocator.scoped()) {
            BenchV1 bench = new BenchV1(allocator);
            List<RecordBatch> batches = List.of(bench.batch(0, 1000), bench.batch(1000, 1000), bench.batch(2000, 1000));
            ListReader producer = new ListReader(BenchV1.SCHEMA, batches, new QuiverException("disk on fire"));
            try (DuckDbConnection db = DuckDb.open()) {
                db.register("t", producer);
                DuckDbException e = assertThrows(DuckDbException.class, () -> db.query("SELECT sum(id) FROM t"));
                assertEquals("Invalid Input Error: reading table t failed: disk on fire", e.getMessage());
                try (RecordBatchReader r = db.query("SELECT 2 AS two")) {
                    assertEquals(2, r.readNext().orElseThrow().column(0).getObject(0), "the connection still works");
                }
            }
            assertTrue(producer.closed(), "the failed stream was released");
            allocator.close();
            assertEquals(0, allocator.allocatedBytes(), "every batch DuckDB took was released");
        }
    }

    @Test
    void aTableIsRegisteredReplacedAndUnregistered() {
        ListReader first = new ListReader(SCHEMA, batches(2));
        ListReader second = new ListReader(SCHEMA, batches(3));
        try (DuckDbConnection db = DuckDb.open()) {
            db.register("my table", first);
            db.register("my table", second);
            assertTrue(first.closed(), "the replaced reader is closed");
            assertEquals(List.of("my table"), db.tables());
            try (RecordBatchReader r = db.query("SELECT count(*) AS n, count(n) AS nn, max(s) AS s FROM \"my table\"")) {
                RecordBatch b = r.readNext().orElseThrow();
                assertEquals(6L, b.column("n").getObject(0));
                assertEquals(3L, b.column("nn").getObject(0));
                assertEquals("y", b.column("s").getObject(0));
            }
            assertTrue(db.unregister("my table"));
            assertTrue(second.closed());
            assertFalse(db.unregister("my table"));
            assertThrows(DuckDbException.class, () -> db.query("SELECT * FROM \"my table\""));
        }
    }

    @Test
    void aSecondScanOfAReaderIsRefusedByName() {
        try (DuckDbConnection db = DuckDb.open()) {
            db.register("t", new ListReader(SCHEMA, batches(2)));
            DuckDbException twice = assertThrows(DuckDbException.class,
                    () -> db.query("SELECT count(*) FROM t a JOIN t b ON a.n = b.n"));
            assertTrue(twice.getMessage().contains("table t is a stream, read once: this query scans it twice"),
                    twice.getMessage());
            db.register("t", new ListReader(SCHEMA, batches(2)));
            try (RecordBatchReader r = db.query("SELECT count(*) AS n FROM t")) {
                assertEquals(4L, r.readNext().orElseThrow().column(0).getObject(0));
            }
            DuckDbException again = assertThrows(DuckDbException.class, () -> db.query("SELECT count(*) FROM t"));
            assertTrue(again.getMessage().contains("table t is a stream, read once: an earlier query read it"),
                    again.getMessage());
        }
    }

    @Test
    void aResultOutlivesNothingButItsBatchesOutliveTheResult() {
        Table table;
        try (DuckDbConnection db = DuckDb.open()) {
            RecordBatchReader r = db.query("SELECT range AS i FROM range(5000)");
            table = Table.from(r);
            r.close();
            assertThrows(IllegalStateException.class, r::readNext);
            RecordBatchReader open = db.query("SELECT 1");
            db.close();
            assertThrows(IllegalStateException.class, open::readNext, "closing the connection closed the result");
            assertThrows(IllegalStateException.class, () -> db.query("SELECT 1"));
        }
        assertEquals(5000, table.rowCount());
        assertEquals(4999L, table.batches().getLast().column(0).getObject(table.batches().getLast().rowCount() - 1));
    }

    @Test
    void aLibraryThatIsNotThereOrNotALibraryIsNamed(@TempDir Path dir) throws IOException {
        String before = System.getProperty(NativeLibrary.PROPERTY);
        try {
            System.setProperty(NativeLibrary.PROPERTY, dir.resolve("missing.so").toString());
            DuckDbException missing = assertThrows(DuckDbException.class, NativeLibrary::load);
            assertTrue(missing.getMessage().contains("is not a file: " + dir.resolve("missing.so")),
                    missing.getMessage());
            Path text = Files.writeString(dir.resolve("not-a-library.so"), "hello");
            System.setProperty(NativeLibrary.PROPERTY, text.toString());
            DuckDbException notLibrary = assertThrows(DuckDbException.class, NativeLibrary::load);
            assertTrue(notLibrary.getMessage().startsWith("cannot load DuckDB's native library " + text),
                    notLibrary.getMessage());
        } finally {
            if (before == null) {
                System.clearProperty(NativeLibrary.PROPERTY);
            } else {
                System.setProperty(NativeLibrary.PROPERTY, before);
            }
        }
    }

    @Test
    void aPlatformWithoutABundledLibraryIsNamed() {
        assertEquals("libduckdb_java.so_linux_amd64", NativeLibrary.resourceName("Linux", "amd64"));
        assertEquals("libduckdb_java.so_linux_arm64", NativeLibrary.resourceName("Linux", "aarch64"));
        assertEquals("libduckdb_java.so_osx_universal", NativeLibrary.resourceName("Mac OS X", "aarch64"));
        DuckDbException e = assertThrows(DuckDbException.class, () -> NativeLibrary.resourceName("Linux", "riscv64"));
        assertTrue(e.getMessage().contains("no DuckDB library for Linux on riscv64"), e.getMessage());
    }

    /** A source whose batches differ from the schema it registered never has its buffers misread. */
    @Test
    void aBatchOfAnotherTypeThanRegisteredIsAnErrorNamingTheColumn() {
        BenchV1 bench = new BenchV1(BufferAllocator.managed());
        RecordBatch batch = bench.batch(0, 100);
        Schema claimed = Schema.of(Field.notNull("id", ArrowType.FLOAT64), Field.notNull("x", ArrowType.FLOAT64));
        try (DuckDbConnection db = DuckDb.open()) {
            db.register("t", () -> new ListReader(claimed, List.of(batch.select("id", "x"))));
            DuckDbException e = assertThrows(DuckDbException.class, () -> db.query("SELECT sum(id) FROM t"));
            assertTrue(e.getMessage().contains("reading table t failed: column id of a batch is "), e.getMessage());
            try (RecordBatchReader r = db.query("SELECT sum(x) FROM t")) {
                assertEquals(1237.5, r.readNext().orElseThrow().column(0).getObject(0), "column x is as registered");
            }
        }
    }

    /** Empty batches and a table without batches are scanned as the empty rows they are. */
    @Test
    void emptyBatchesAndEmptyTablesGiveNoRows() {
        BenchV1 bench = new BenchV1(BufferAllocator.managed());
        try (DuckDbConnection db = DuckDb.open()) {
            db.register("empty", new Table(BenchV1.SCHEMA, List.of()));
            db.register("holes", new Table(BenchV1.SCHEMA, List.of(bench.batch(0, 0), bench.batch(0, 10),
                    bench.batch(10, 0))));
            try (RecordBatchReader r = db.query("SELECT (SELECT count(*) FROM empty), (SELECT count(*) FROM holes),"
                    + " (SELECT sum(id) FROM holes)")) {
                RecordBatch row = r.readNext().orElseThrow();
                assertEquals(0L, row.column(0).getObject(0));
                assertEquals(10L, row.column(1).getObject(0));
                assertEquals(new java.math.BigDecimal(45), row.column(2).getObject(0));
            }
        }
    }

    /** quiver_scan(id) scans only tables of the connection that registered them. */
    @Test
    void anotherConnectionCannotScanATableByItsId() {
        BenchV1 bench = new BenchV1(BufferAllocator.managed());
        try (DuckDbConnection a = DuckDb.open(); DuckDbConnection b = DuckDb.open()) {
            a.register("t", new Table(BenchV1.SCHEMA, List.of(bench.batch(0, 10))));
            String view;
            try (RecordBatchReader r = a.query("SELECT sql FROM duckdb_views() WHERE view_name = 't'")) {
                view = r.readNext().orElseThrow().column(0).getObject(0).toString();
            }
            String call = view.substring(view.indexOf("quiver_scan("), view.indexOf(')', view.indexOf("quiver_scan(")) + 1);
            try (RecordBatchReader r = a.query("SELECT count(*) FROM " + call)) {
                assertEquals(10L, r.readNext().orElseThrow().column(0).getObject(0), "its own connection scans it");
            }
            DuckDbException e = assertThrows(DuckDbException.class, () -> b.query("SELECT count(*) FROM " + call));
            assertTrue(e.getMessage().contains("is registered on this connection"), e.getMessage());
        }
    }
}
