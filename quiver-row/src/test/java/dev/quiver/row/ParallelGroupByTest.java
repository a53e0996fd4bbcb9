// SPDX-License-Identifier: Apache-2.0
package dev.quiver.row;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.QuiverException;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class ParallelGroupByTest {
    private static final List<ArrowType> VALUE_TYPES = List.of(ArrowType.INT8, ArrowType.INT32, ArrowType.INT64,
            ArrowType.UINT16, ArrowType.UINT64);

    /** Batches of random sizes: random key columns with few distinct values, random integer values. */
    private static List<RecordBatch> batches(Schema schema, Random rnd, int keyCount, int rows) {
        List<RecordBatch> out = new ArrayList<>();
        int left = rows;
        while (left > 0) {
            int n = Math.min(left, 1 + rnd.nextInt(90_000));
            List<Array> columns = new ArrayList<>();
            for (int c = 0; c < schema.fields().size(); c++) {
                ArrowType type = schema.field(c).type();
                ArrayData data = c < keyCount ? fewDistinct(type, rnd, n) : RandomColumns.column(type, rnd, n, 0.1);
                columns.add(Array.ofUnchecked(data));
            }
            out.add(new RecordBatch(schema, columns, n));
            left -= n;
        }
        return out;
    }

    /** A column of {@code n} values drawn from a small random pool, so that groups repeat across ranges. */
    private static ArrayData fewDistinct(ArrowType type, Random rnd, int n) {
        ArrayData pool = RandomColumns.column(type, rnd, 1 + rnd.nextInt(300), 0.05);
        List<Object> values = Cols.values(pool);
        Object[] picked = new Object[n];
        Array array = Array.ofUnchecked(pool);
        for (int i = 0; i < n; i++) {
            picked[i] = array.getObject(rnd.nextInt(values.size()));
        }
        return Cols.of(type, picked).data();
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6})
    void everyThreadCountGivesTheSingleThreadedResult(long seed) {
        Random rnd = new Random(seed);
        int keyCount = 1 + rnd.nextInt(2);
        List<Field> fields = new ArrayList<>();
        for (int k = 0; k < keyCount; k++) {
            fields.add(Field.nullable("k" + k, RandomColumns.randomType(rnd)));
        }
        for (int v = 0; v < 2; v++) {
            fields.add(Field.nullable("v" + v, VALUE_TYPES.get(rnd.nextInt(VALUE_TYPES.size()))));
        }
        Schema schema = new Schema(fields);
        List<RecordBatch> batches = batches(schema, rnd, keyCount, 150_000 + rnd.nextInt(200_000));
        List<String> keys = fields.subList(0, keyCount).stream().map(Field::name).toList();
        List<String> values = List.of("v0", "v1");
        GroupByResult single;
        try (HashGroupBy groupBy = new HashGroupBy(fields.subList(0, keyCount), fields.subList(keyCount, keyCount + 2))) {
            for (RecordBatch batch : batches) {
                groupBy.add(batch.columns().subList(0, keyCount).stream().map(Array::data).toList(),
                        batch.columns().subList(keyCount, keyCount + 2).stream().map(Array::data).toList());
            }
            single = groupBy.result();
        }
        for (int threads : new int[] {1, 2, 3, 4, 7}) {
            GroupByResult parallel = ParallelGroupBy.groupBy(schema, batches, keys, values, threads);
            assertEquals(single.batch(), parallel.batch(), "threads " + threads + ", " + schema);
        }
    }

    /**
     * Keys with nearly as many groups as rows take the plan that hash-partitions the input: the result,
     * floating-point sums included, equals the single-threaded one.
     */
    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void manyGroupsGiveTheSingleThreadedResult(boolean utf8) {
        Random rnd = new Random(utf8 ? 11 : 12);
        Schema schema = new Schema(List.of(Field.nullable("k", utf8 ? ArrowType.UTF8 : ArrowType.INT64),
                Field.nullable("v", ArrowType.FLOAT64)));
        List<RecordBatch> batches = new ArrayList<>();
        for (int b = 0; b < 4; b++) {
            int n = 40_000 + rnd.nextInt(40_000);
            Object[] keys = new Object[n];
            Double[] values = new Double[n];
            for (int i = 0; i < n; i++) {
                long key = rnd.nextInt(150_000);
                keys[i] = rnd.nextInt(50) == 0 ? null : utf8 ? "key number " + key + (key % 3 == 0 ? "" : "-x") : key;
                values[i] = rnd.nextInt(20) == 0 ? null : rnd.nextGaussian() * 1e6;
            }
            batches.add(new RecordBatch(schema, List.of(Cols.of(schema.field(0).type(), keys),
                    Cols.of(ArrowType.FLOAT64, (Object[]) values)), n));
        }
        GroupByResult single = ParallelGroupBy.groupBy(schema, batches, List.of("k"), List.of("v"), 1);
        assertTrue(single.groupCount() > 100_000, "groups: " + single.groupCount());
        for (int threads : new int[] {2, 3, 4}) {
            assertEquals(single.batch(), ParallelGroupBy.groupBy(schema, batches, List.of("k"), List.of("v"), threads)
                    .batch(), "threads " + threads);
        }
    }

    /**
     * Few groups in the first chunk pick the range plan; many groups later leave partial results big
     * enough for the partitioned merge, which must give the single-threaded result too (whole-number
     * values: this plan adds floating-point partial sums in another order, docs/row-table.md).
     */
    @Test
    void fewGroupsFirstAndManyLaterMergeByPartitions() {
        Random rnd = new Random(21);
        Schema schema = new Schema(List.of(Field.nullable("k", ArrowType.UTF8), Field.nullable("v", ArrowType.FLOAT64)));
        List<RecordBatch> batches = new ArrayList<>();
        for (int b = 0; b < 4; b++) {
            int n = 80_000;
            Object[] keys = new Object[n];
            Double[] values = new Double[n];
            for (int i = 0; i < n; i++) {
                keys[i] = b == 0 ? "few " + rnd.nextInt(100) : "many " + rnd.nextInt(1_000_000);
                values[i] = (double) rnd.nextInt(1000);
            }
            batches.add(new RecordBatch(schema, List.of(Cols.of(ArrowType.UTF8, keys),
                    Cols.of(ArrowType.FLOAT64, (Object[]) values)), n));
        }
        GroupByResult single = ParallelGroupBy.groupBy(schema, batches, List.of("k"), List.of("v"), 1);
        assertTrue(single.groupCount() > 200_000, "groups: " + single.groupCount());
        for (int threads : new int[] {2, 3}) {
            assertEquals(single.batch(), ParallelGroupBy.groupBy(schema, batches, List.of("k"), List.of("v"), threads)
                    .batch(), "threads " + threads);
        }
    }

    @Test
    void noBatchesGiveNoGroups() {
        Schema schema = new Schema(List.of(Field.nullable("k", ArrowType.UTF8), Field.nullable("v", ArrowType.INT64)));
        GroupByResult result = ParallelGroupBy.groupBy(schema, List.of(), List.of("k"), List.of("v"), 4);
        assertEquals(0, result.groupCount());
        assertEquals(List.of("k", "count", "v_count", "v_sum", "v_min", "v_max"),
                result.batch().schema().fields().stream().map(Field::name).toList());
    }

    @Test
    void refusesUnknownColumnsAndNoThreads() {
        Schema schema = new Schema(List.of(Field.nullable("k", ArrowType.UTF8)));
        assertEquals("no column named x in " + schema, assertThrows(QuiverException.class,
                () -> ParallelGroupBy.groupBy(schema, List.of(), List.of("x"), List.of(), 2)).getMessage());
        assertEquals("a group-by needs at least one thread, not 0", assertThrows(QuiverException.class,
                () -> ParallelGroupBy.groupBy(schema, List.of(), List.of("k"), List.of(), 0)).getMessage());
    }
}
