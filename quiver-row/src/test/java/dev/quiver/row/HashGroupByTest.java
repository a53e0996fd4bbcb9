package dev.quiver.row;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.QuiverException;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class HashGroupByTest {
    private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

    /** Reference aggregates of one value column in one group, on boxed values. */
    private static final class Acc {
        long count;
        BigInteger intSum = BigInteger.ZERO;
        double floatSum;
        Object min;
        Object max;

        @SuppressWarnings({"unchecked", "rawtypes"})
        void add(Object v) {
            if (v == null) {
                return;
            }
            count++;
            if (v instanceof Number n && !(v instanceof Float || v instanceof Double)) {
                intSum = intSum.add(v instanceof BigInteger b ? b : BigInteger.valueOf(n.longValue()));
            } else {
                floatSum += ((Number) v).doubleValue();
            }
            Comparable c = comparable(v);
            if (min == null || c.compareTo(comparable(min)) < 0) {
                min = v;
            }
            if (max == null || c.compareTo(comparable(max)) > 0) {
                max = v;
            }
        }

        private static Comparable<?> comparable(Object v) {
            return v instanceof Long l ? BigInteger.valueOf(l) : (Comparable<?>) v;
        }
    }

    private static final class Group {
        long rows;
        final Acc[] accs;

        Group(int values) {
            accs = new Acc[values];
            Arrays.setAll(accs, i -> new Acc());
        }
    }

    /** Checks a result against a map-based group-by of the same batches. */
    private static void check(List<Field> keyFields, List<Field> valueFields, List<List<ArrayData>> keyBatches,
            List<List<ArrayData>> valueBatches, GroupByResult result) {
        Map<List<Object>, Group> expected = new LinkedHashMap<>();
        for (int b = 0; b < keyBatches.size(); b++) {
            List<List<Object>> keys = keyBatches.get(b).stream().map(Cols::values).toList();
            List<List<Object>> values = valueBatches.get(b).stream().map(Cols::values).toList();
            int rows = keys.get(0).size();
            for (int r = 0; r < rows; r++) {
                List<Object> key = new ArrayList<>();
                for (List<Object> k : keys) {
                    key.add(k.get(r));
                }
                Group g = expected.computeIfAbsent(key, k -> new Group(valueFields.size()));
                g.rows++;
                for (int v = 0; v < values.size(); v++) {
                    g.accs[v].add(values.get(v).get(r));
                }
            }
        }
        assertEquals(expected.size(), result.groupCount());
        List<List<Object>> keyColumns = new ArrayList<>();
        for (int k = 0; k < keyFields.size(); k++) {
            keyColumns.add(Cols.values(result.key(k).data()));
        }
        List<Object> counts = Cols.values(result.count().data());
        int g = 0;
        for (Map.Entry<List<Object>, Group> e : expected.entrySet()) {
            List<Object> key = new ArrayList<>();
            for (List<Object> k : keyColumns) {
                key.add(k.get(g));
            }
            assertEquals(e.getKey(), key, "groups come in order of first appearance");
            assertEquals(e.getValue().rows, counts.get(g));
            for (int v = 0; v < valueFields.size(); v++) {
                Acc acc = e.getValue().accs[v];
                String what = "group " + key + " value " + valueFields.get(v);
                assertEquals(acc.count, Cols.values(result.count(v).data()).get(g), what);
                Object sum = Cols.values(result.sum(v).data()).get(g);
                boolean isFloat = valueFields.get(v).type() instanceof ArrowType.FloatingPoint;
                if (acc.count == 0) {
                    assertEquals(null, sum, what);
                } else if (isFloat) {
                    assertEquals(acc.floatSum, (Double) sum, 1e-9 * Math.max(1, Math.abs(acc.floatSum)), what);
                } else {
                    BigInteger wrapped = acc.intSum.mod(TWO_64);
                    BigInteger actual = sum instanceof BigInteger b ? b
                            : BigInteger.valueOf((Long) sum).mod(TWO_64);
                    assertEquals(wrapped, actual, what);
                }
                assertEquals(acc.min, Cols.values(result.min(v).data()).get(g), what);
                assertEquals(acc.max, Cols.values(result.max(v).data()).get(g), what);
            }
            g++;
        }
    }

    private static final List<ArrowType> VALUE_TYPES = List.of(ArrowType.INT8, ArrowType.INT32, ArrowType.INT64,
            ArrowType.UINT16, ArrowType.UINT32, ArrowType.UINT64, ArrowType.FLOAT32, ArrowType.FLOAT64);

    private static ArrayData randomValues(ArrowType type, Random rnd, int n, double nullRate) {
        if (type instanceof ArrowType.FloatingPoint) {
            return RandomColumns.column(type, rnd, n, nullRate);
        }
        ArrowType.Int t = (ArrowType.Int) type;
        Long[] values = new Long[n + 2];
        for (int i = 0; i < values.length; i++) {
            values[i] = rnd.nextDouble() < nullRate ? null
                    : rnd.nextBoolean() ? (long) rnd.nextInt(201) - 100 : rnd.nextLong();
        }
        return Cols.ints(t, values).slice(1, n);
    }

    @Property(tries = 150)
    void matchesAMapBasedGroupBy(@ForAll long seed, @ForAll @IntRange(min = 1, max = 3) int keyCount,
            @ForAll @IntRange(min = 0, max = 3) int valueCount, @ForAll @IntRange(min = 1, max = 4) int batches) {
        Random rnd = new Random(seed);
        List<Field> keyFields = new ArrayList<>();
        for (int k = 0; k < keyCount; k++) {
            ArrowType type = RandomColumns.randomType(rnd);
            keyFields.add(Field.nullable("k" + k, type));
        }
        List<Field> valueFields = new ArrayList<>();
        for (int v = 0; v < valueCount; v++) {
            valueFields.add(Field.nullable("v" + v, VALUE_TYPES.get(rnd.nextInt(VALUE_TYPES.size()))));
        }
        double nullRate = rnd.nextInt(4) * 0.2;
        List<List<ArrayData>> keyBatches = new ArrayList<>();
        List<List<ArrayData>> valueBatches = new ArrayList<>();
        try (HashGroupBy groupBy = new HashGroupBy(keyFields, valueFields)) {
            for (int b = 0; b < batches; b++) {
                int n = rnd.nextInt(3000);
                List<ArrayData> keys = new ArrayList<>();
                for (Field f : keyFields) {
                    keys.add(RandomColumns.column(f.type(), rnd, n, nullRate));
                }
                List<ArrayData> values = new ArrayList<>();
                for (Field f : valueFields) {
                    values.add(randomValues(f.type(), rnd, n, nullRate));
                }
                groupBy.add(keys, values);
                keyBatches.add(keys);
                valueBatches.add(values);
            }
            check(keyFields, valueFields, keyBatches, valueBatches, groupBy.result());
        }
    }

    @Test
    void manyDistinctKeysGrowTheHashTable() {
        int n = 200_000;
        Long[] keys = new Long[n];
        Long[] values = new Long[n];
        for (int i = 0; i < n; i++) {
            keys[i] = i % 3 == 0 ? null : (long) (i % 50_000);
            values[i] = (long) i;
        }
        List<Field> keyFields = List.of(Field.nullable("k", ArrowType.INT64));
        List<Field> valueFields = List.of(Field.nullable("v", ArrowType.INT64));
        List<ArrayData> keyData = List.of(Cols.int64(keys));
        List<ArrayData> valueData = List.of(Cols.int64(values));
        try (HashGroupBy groupBy = new HashGroupBy(keyFields, valueFields)) {
            groupBy.add(keyData, valueData);
            GroupByResult result = groupBy.result();
            assertEquals(50_001, result.groupCount());
            check(keyFields, valueFields, List.of(keyData), List.of(valueData), result);
        }
    }

    @Test
    void nullKeysFormOneGroupAndNullValuesAreSkipped() {
        ArrayData keys = Cols.utf8("a", null, "b", null, "a", "");
        ArrayData values = Cols.int32(1, 2, null, 4, null, 6);
        List<Field> keyFields = List.of(Field.nullable("k", ArrowType.UTF8));
        List<Field> valueFields = List.of(Field.nullable("v", ArrowType.INT32));
        try (HashGroupBy groupBy = new HashGroupBy(keyFields, valueFields)) {
            groupBy.add(List.of(keys), List.of(values));
            GroupByResult result = groupBy.result();
            assertEquals(Arrays.asList("a", null, "b", ""), Cols.values(result.key(0).data()));
            assertEquals(Arrays.asList(2L, 2L, 1L, 1L), Cols.values(result.count().data()));
            assertEquals(Arrays.asList(1L, 2L, 0L, 1L), Cols.values(result.count(0).data()));
            assertEquals(Arrays.asList(1L, 6L, null, 6L), Cols.values(result.sum(0).data()));
            assertEquals(Arrays.asList(1L, 2L, null, 6L), Cols.values(result.min(0).data()));
            assertEquals(Arrays.asList(1L, 4L, null, 6L), Cols.values(result.max(0).data()));
            assertEquals(List.of("k", "count", "v_count", "v_sum", "v_min", "v_max"),
                    result.batch().schema().fields().stream().map(Field::name).toList());
        }
    }

    @Test
    void floatMinAndMaxSkipNaN() {
        ArrayData keys = Cols.int32(1, 1, 1, 2);
        ArrayData values = Cols.fixed(ArrowType.FLOAT64, 8, le(Double.NaN), le(2.5), le(-1.0), le(Double.NaN));
        try (HashGroupBy groupBy = new HashGroupBy(List.of(Field.nullable("k", ArrowType.INT32)),
                List.of(Field.nullable("v", ArrowType.FLOAT64)))) {
            groupBy.add(List.of(keys), List.of(values));
            GroupByResult result = groupBy.result();
            assertEquals(Arrays.asList(-1.0, Double.NaN), Cols.values(result.min(0).data()));
            assertEquals(Arrays.asList(2.5, Double.NaN), Cols.values(result.max(0).data()));
        }
    }

    private static byte[] le(double d) {
        byte[] out = new byte[8];
        java.lang.foreign.MemorySegment.ofArray(out).set(dev.quiver.core.memory.LE.DOUBLE, 0, d);
        return out;
    }

    @Test
    void refusesWhatItCannotDo() {
        List<Field> keys = List.of(Field.nullable("k", ArrowType.INT32));
        assertThrows(UnsupportedColumnTypeException.class,
                () -> new HashGroupBy(keys, List.of(Field.nullable("v", ArrowType.UTF8))));
        assertThrows(UnsupportedColumnTypeException.class,
                () -> new HashGroupBy(List.of(Field.nullable("k", ArrowType.LARGE_UTF8)), List.of()));
        QuiverException e = assertThrows(QuiverException.class, () -> new HashGroupBy(List.of(), List.of()));
        assertTrue(e.getMessage().contains("key"));
        try (HashGroupBy groupBy = new HashGroupBy(keys, List.of())) {
            assertThrows(QuiverException.class, () -> groupBy.add(List.of(Cols.int64(1L)), List.of()));
        }
    }
}
