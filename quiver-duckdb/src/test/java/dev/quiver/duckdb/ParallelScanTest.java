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
import dev.quiver.core.type.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * A {@link ParallelReader}'s batches are finished by the scan's threads at the same time (each thread takes
 * the next batch in turn and finishes it outside the scan's lock), the query's result is the one over the
 * same rows read whole, and a batch that fails to finish fails the query with one error naming the table.
 */
class ParallelScanTest {
    private static final int BATCHES = 12;
    private static final int ROWS = 4096;
    private static final String GROUP_BY = "SELECT cat, count(*), count(maybe), sum(maybe), min(maybe), max(maybe), "
            + "min(name), max(name) FROM t GROUP BY cat ORDER BY cat";

    /** bench-v1's first rows, as batches; the source finishing them on the scan's threads. */
    private static final class Source implements ProjectingSource {
        final List<RecordBatch> batches = new ArrayList<>();
        /** The first two finishes wait here for each other: they pass only if they overlap. */
        final CyclicBarrier firstTwo = new CyclicBarrier(2);
        final AtomicInteger finishing = new AtomicInteger();
        final Set<Thread> finishers = ConcurrentHashMap.newKeySet();
        /** The batch whose finishing fails, or -1. */
        final int failing;

        Source(int failing) {
            BenchV1 bench = new BenchV1(BufferAllocator.managed());
            for (int b = 0; b < BATCHES; b++) {
                batches.add(bench.batch((long) b * ROWS, ROWS));
            }
            this.failing = failing;
        }

        @Override
        public RecordBatchReader get() {
            return open(new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8});
        }

        @Override
        public RecordBatchReader open(int[] columns) {
            return new ParallelReader() {
                private int next;

                @Override
                public Schema schema() {
                    return batches.getFirst().select(columns).schema();
                }

                @Override
                public Optional<Supplier<RecordBatch>> take() {
                    if (next == BATCHES) {
                        return Optional.empty();
                    }
                    int b = next++;
                    return Optional.of(() -> finish(b, columns));
                }

                @Override
                public void close() {
                }
            };
        }

        private RecordBatch finish(int b, int[] columns) {
            finishers.add(Thread.currentThread());
            if (finishing.getAndIncrement() < 2) {
                try {
                    firstTwo.await(20, TimeUnit.SECONDS);
                } catch (Exception e) {
                    throw new IllegalStateException("the first two batches were not finished at the same time", e);
                }
            }
            if (b == failing) {
                throw new IllegalStateException("batch " + b + " is bad");
            }
            return batches.get(b).select(columns);
        }
    }

    private static List<List<Object>> rows(DuckDbConnection db, String sql) {
        return RepeatableScanTest.rows(db, sql);
    }

    @Test
    void twoThreadsFinishBatchesAtOnceAndTheResultIsTheWholeRead() {
        Source source = new Source(-1);
        List<List<Object>> parallel;
        try (DuckDbConnection db = DuckDb.open(null, Map.of("threads", "2"))) {
            db.register("t", source);
            parallel = rows(db, GROUP_BY);
        }
        assertTrue(source.finishers.size() >= 2, "finished on " + source.finishers);
        assertEquals(BATCHES, source.finishing.get(), "every batch finished once");
        try (DuckDbConnection db = DuckDb.open(null, Map.of("threads", "1"))) {
            db.register("t", new Table(BenchV1.SCHEMA, source.batches));
            assertEquals(rows(db, GROUP_BY), parallel);
        }
        assertEquals(16, parallel.size(), "bench-v1 has 16 categories");
    }

    @Test
    void aBatchThatFailsToFinishFailsTheQueryNamingTheTable() {
        Source source = new Source(7);
        try (DuckDbConnection db = DuckDb.open(null, Map.of("threads", "2"))) {
            db.register("t", source);
            DuckDbException e = assertThrows(DuckDbException.class, () -> rows(db, GROUP_BY));
            assertTrue(e.getMessage().contains("reading table t failed: batch 7 is bad"), e.getMessage());
        }
    }
}
