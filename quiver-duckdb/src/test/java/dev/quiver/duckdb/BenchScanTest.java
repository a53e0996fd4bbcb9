// SPDX-License-Identifier: Apache-2.0
package dev.quiver.duckdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.benchdata.BenchV1;
import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.Table;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.ScopedAllocator;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** bench-v1 (1M rows) scanned by DuckDB through the C Stream interface, its group-by imported back. */
class BenchScanTest {
    private static final long ROWS = 1_000_000;
    private static final String GROUP_BY = "SELECT cat, count(*) AS count, count(maybe) AS maybe_count, "
            + "sum(maybe) AS maybe_sum, min(maybe) AS maybe_min, max(maybe) AS maybe_max FROM t GROUP BY cat";

    /** One group's figures: rows, non-null maybe count, sum, min, max. */
    private record Group(long count, long maybeCount, long sum, long min, long max) {
        Group plus(Integer maybe) {
            if (maybe == null) {
                return new Group(count + 1, maybeCount, sum, min, max);
            }
            return new Group(count + 1, maybeCount + 1, sum + maybe, Math.min(min, maybe), Math.max(max, maybe));
        }
    }

    /** The expected groups, computed from the generated batches (not by DuckDB). */
    private static Map<String, Group> expected(List<RecordBatch> batches) {
        Map<String, Group> groups = new TreeMap<>();
        for (RecordBatch batch : batches) {
            Array cat = batch.column("cat");
            Array maybe = batch.column("maybe");
            for (long r = 0; r < batch.rowCount(); r++) {
                groups.merge((String) cat.getObject(r), new Group(0, 0, 0, Long.MAX_VALUE, Long.MIN_VALUE)
                        .plus((Integer) maybe.getObject(r)), BenchScanTest::merge);
            }
        }
        return groups;
    }

    private static Group merge(Group a, Group b) {
        return new Group(a.count + b.count, a.maybeCount + b.maybeCount, a.sum + b.sum, Math.min(a.min, b.min),
                Math.max(a.max, b.max));
    }

    @Test
    void duckDbGroupsBenchV1AsTheDefinitionSays() {
        try (ScopedAllocator allocator = BufferAllocator.scoped()) {
            List<RecordBatch> batches = new BenchV1(allocator).batches(ROWS);
            Map<String, Group> expected = expected(batches);
            assertEquals(16, expected.size());
            ListReader producer = new ListReader(BenchV1.SCHEMA, batches);
            Map<String, Group> actual = new TreeMap<>();
            Table result;
            try (DuckDbConnection db = DuckDb.open()) {
                db.register("t", producer);
                try (RecordBatchReader reader = db.query(GROUP_BY)) {
                    result = Table.from(reader);
                }
            }
            for (RecordBatch batch : result) {
                for (long r = 0; r < batch.rowCount(); r++) {
                    actual.put((String) batch.column("cat").getObject(r), new Group(
                            ((Number) batch.column("count").getObject(r)).longValue(),
                            ((Number) batch.column("maybe_count").getObject(r)).longValue(),
                            ((BigDecimal) batch.column("maybe_sum").getObject(r)).longValueExact(),
                            ((Number) batch.column("maybe_min").getObject(r)).longValue(),
                            ((Number) batch.column("maybe_max").getObject(r)).longValue()));
                }
            }
            assertEquals(expected, actual);
            assertEquals(ROWS, actual.values().stream().mapToLong(Group::count).sum());
            assertTrue(producer.closed(), "closing the connection closed the registered reader");
            long held = allocator.allocatedBytes();
            batches = null;
            allocator.close();
            assertEquals(0, allocator.allocatedBytes(), "every exported batch released by DuckDB (held " + held
                    + " bytes before the allocator closed)");
        }
    }
}
