// SPDX-License-Identifier: Apache-2.0
package dev.quiver.benchdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BenchGroupsTest {
    private static final Schema RESULT = Schema.of(Field.notNull("cat", ArrowType.UTF8),
            Field.notNull("count", ArrowType.INT64), Field.notNull("maybe_count", ArrowType.INT64),
            Field.nullable("maybe_sum", ArrowType.INT64), Field.nullable("maybe_min", ArrowType.INT32),
            Field.nullable("maybe_max", ArrowType.INT32));

    /** A plain group-by over the generated values, one boxed value at a time. */
    private static List<List<Object>> naiveGroups(long rows) {
        Map<String, long[]> groups = new LinkedHashMap<>();
        for (RecordBatch batch : new BenchV1(BufferAllocator.managed()).batches(rows)) {
            for (long r = 0; r < batch.rowCount(); r++) {
                long[] g = groups.computeIfAbsent((String) batch.column("cat").getObject(r),
                        k -> new long[] {0, 0, 0, Long.MAX_VALUE, Long.MIN_VALUE});
                g[0]++;
                Integer v = (Integer) batch.column("maybe").getObject(r);
                if (v != null) {
                    g[1]++;
                    g[2] += v;
                    g[3] = Math.min(g[3], v);
                    g[4] = Math.max(g[4], v);
                }
            }
        }
        List<List<Object>> out = new ArrayList<>();
        groups.forEach((cat, g) -> out.add(Arrays.asList(cat, g[0], g[1], g[1] == 0 ? null : g[2],
                g[1] == 0 ? null : (int) g[3], g[1] == 0 ? null : (int) g[4])));
        return out;
    }

    @Test
    void matchesAPlainGroupByInAnyOrder() {
        List<List<Object>> groups = naiveGroups(5000);
        assertEquals(16, groups.size());
        assertTrue(BenchGroups.of(5000).matches(RecordBatch.ofRows(RESULT, groups)));
        List<List<Object>> shuffled = new ArrayList<>(groups);
        Collections.reverse(shuffled);
        assertTrue(BenchGroups.of(5000).matches(RecordBatch.ofRows(RESULT, shuffled)));
    }

    @Test
    void aGroupWithoutNonNullValuesHasNullAggregates() {
        List<List<Object>> groups = naiveGroups(8);
        assertEquals(8, BenchGroups.of(8).groupCount());
        assertEquals(Arrays.asList("category-7", 1L, 0L, null, null, null), groups.get(7));
        assertTrue(BenchGroups.of(8).matches(RecordBatch.ofRows(RESULT, groups)));
    }

    @Test
    void anyWrongFigureOrGroupIsADifference() {
        List<List<Object>> groups = naiveGroups(1000);
        for (int column = 1; column < RESULT.fields().size(); column++) {
            List<List<Object>> altered = new ArrayList<>(groups);
            List<Object> row = new ArrayList<>(altered.get(3));
            row.set(column, row.get(column) instanceof Long l ? l + 1 : (Integer) row.get(column) + 1);
            altered.set(3, row);
            assertFalse(BenchGroups.of(1000).matches(RecordBatch.ofRows(RESULT, altered)), "column " + column);
        }
        assertFalse(BenchGroups.of(1000).matches(RecordBatch.ofRows(RESULT, groups.subList(0, 15))));
        List<List<Object>> duplicate = new ArrayList<>(groups);
        duplicate.set(1, groups.get(0));
        assertFalse(BenchGroups.of(1000).matches(RecordBatch.ofRows(RESULT, duplicate)));
    }
}
