// SPDX-License-Identifier: Apache-2.0
package dev.quiver.duckdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.QuiverException;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.Table;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Results stream: DuckDB computes them as they are read; the next query ends the one before. */
class StreamingResultTest {
    /** A reader of the table's batches that counts those handed out, failing after {@code failAfter}. */
    private static RecordBatchReader counting(Table table, AtomicInteger read, int failAfter) {
        ListReader batches = new ListReader(table.schema(), table.batches());
        return new RecordBatchReader() {
            @Override
            public dev.quiver.core.type.Schema schema() {
                return batches.schema();
            }

            @Override
            public Optional<RecordBatch> readNext() {
                if (read.get() == failAfter) {
                    throw new QuiverException("disk on fire after " + failAfter + " batches");
                }
                Optional<RecordBatch> next = batches.readNext();
                next.ifPresent(b -> read.incrementAndGet());
                return next;
            }

            @Override
            public void close() {
                batches.close();
            }
        };
    }

    private static Table table() {
        // 200 batches of 1,024 rows.
        Table whole = RepeatableScanTest.bench(204_800);
        List<RecordBatch> small = new java.util.ArrayList<>();
        for (RecordBatch b : whole.batches()) {
            small.add(b.slice(0, 1024));
            small.add(b.slice(1024, 1024));
            small.add(b.slice(2048, 1024));
            small.add(b.slice(3072, 1024));
        }
        return new Table(whole.schema(), small);
    }

    @Test
    void theFirstBatchArrivesBeforeTheTableIsReadWhole() {
        Table table = table();
        AtomicInteger read = new AtomicInteger();
        try (DuckDbConnection db = DuckDb.open(null, java.util.Map.of("threads", "1"))) {
            db.register("t", () -> counting(table, read, -1));
            read.set(0);
            try (RecordBatchReader result = db.query("SELECT id, name FROM t")) {
                long rows = result.readNext().orElseThrow().rowCount();
                assertTrue(read.get() < table.batches().size() / 2, read.get() + " of " + table.batches().size()
                        + " batches read for the first result batch");
                for (RecordBatch b : result) {
                    rows += b.rowCount();
                }
                assertEquals(table.rowCount(), rows, "every row, once");
            }
            assertEquals(table.batches().size(), read.get());
        }
    }

    @Test
    void anErrorWhileStreamingComesFromReadNextWithItsMessage() {
        Table table = table();
        AtomicInteger read = new AtomicInteger();
        try (DuckDbConnection db = DuckDb.open(null, java.util.Map.of("threads", "1"))) {
            db.register("t", () -> counting(table, read, 100));
            read.set(0);
            DuckDbException e = assertThrows(DuckDbException.class, () -> {
                try (RecordBatchReader result = db.query("SELECT id FROM t")) {
                    for (RecordBatch b : result) {
                        b.rowCount();
                    }
                }
            });
            assertTrue(e.getMessage().contains("disk on fire after 100 batches"), e.getMessage());
        }
    }

    @Test
    void theNextQueryEndsAStreamingResult() {
        try (DuckDbConnection db = DuckDb.open()) {
            db.register("t", table());
            RecordBatchReader first = db.query("SELECT id FROM t");
            assertTrue(first.readNext().isPresent());
            try (RecordBatchReader second = db.query("SELECT count(*) FROM t")) {
                assertEquals(204_800L, second.readNext().orElseThrow().column(0).getObject(0));
            }
            IllegalStateException e = assertThrows(IllegalStateException.class, first::readNext);
            assertTrue(e.getMessage().contains("ended by a later query"), e.getMessage());
            first.close();
        }
    }
}
