// SPDX-License-Identifier: Apache-2.0
package dev.quiver.row;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.QuiverException;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
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
            if (v instanceof Float || v instanceof Double) {
                floatSum += ((Number) v).doubleValue();
            } else {
                intSum = intSum.add(v instanceof BigInteger b ? b : BigInteger.valueOf(((Number) v).longValue()));
            }
            Comparable c = comparable(v);
            if (min == null || c.compareTo(comparable(min)) < 0) {
                min = v;
            }
            if (max == null || c.compareTo(comparable(max)) > 0) {
                max = v;
            }
        }

        Object sum(boolean floating) {
            return count == 0 ? null : floating ? (Object) floatSum : intSum;
        }

        private static Comparable<?> comparable(Object v) {
            return v instanceof Number n && !(v instanceof BigInteger) && !(v instanceof Float)
                    && !(v instanceof Double) ? BigInteger.valueOf(n.longValue()) : (Comparable<?>) v;
        }
    }

    private static final class Group {
        final List<Object> key;
        long rows;
        final Acc[] accs;

        Group(List<Object> key, int values) {
            this.key = key;
            accs = new Acc[values];
            Arrays.setAll(accs, i -> new Acc());
        }
    }

    /**
     * Checks a result against a map-based group-by of the same batches: the expected columns are built
     * with the builders, groups in order of first appearance, and compared as arrays.
     */
    private static void check(List<Field> keyFields, List<Field> valueFields, List<List<ArrayData>> keyBatches,
            List<List<ArrayData>> valueBatches, GroupByResult result) {
        Map<List<Object>, Group> expected = new LinkedHashMap<>();
        for (int b = 0; b < keyBatches.size(); b++) {
            List<Array> keys = keyBatches.get(b).stream().map(Array::ofUnchecked).toList();
            List<List<Object>> normalized = keyBatches.get(b).stream().map(Cols::values).toList();
            List<Array> values = valueBatches.get(b).stream().map(Array::ofUnchecked).toList();
            long rows = keys.get(0).length();
            for (int r = 0; r < rows; r++) {
                List<Object> key = new ArrayList<>();
                List<Object> raw = new ArrayList<>();
                for (int k = 0; k < keys.size(); k++) {
                    key.add(normalized.get(k).get(r));
                    raw.add(keys.get(k).getObject(r));
                }
                Group g = expected.computeIfAbsent(key, x -> new Group(raw, valueFields.size()));
                g.rows++;
                for (int v = 0; v < values.size(); v++) {
                    g.accs[v].add(values.get(v).getObject(r));
                }
            }
        }
        assertEquals(expected.size(), result.groupCount());
        for (int k = 0; k < keyFields.size(); k++) {
            int key = k;
            assertEquals(column(keyFields.get(k).type(), expected, g -> g.key.get(key)), result.key(k),
                    "key " + k + " (groups come in order of first appearance)");
        }
        assertEquals(column(ArrowType.INT64, expected, g -> g.rows), result.count());
        for (int v = 0; v < valueFields.size(); v++) {
            int value = v;
            ArrowType type = valueFields.get(v).type();
            boolean floating = type instanceof ArrowType.FloatingPoint;
            ArrowType sumType = floating ? ArrowType.FLOAT64
                    : ((ArrowType.Int) type).signed() ? ArrowType.INT64 : ArrowType.UINT64;
            String what = "value " + valueFields.get(v);
            assertEquals(column(ArrowType.INT64, expected, g -> g.accs[value].count), result.count(v), what);
            assertEquals(column(sumType, expected, g -> g.accs[value].sum(floating)), result.sum(v), what);
            assertEquals(column(type, expected, g -> g.accs[value].min), result.min(v), what);
            assertEquals(column(type, expected, g -> g.accs[value].max), result.max(v), what);
        }
    }

    /** An array of {@code type} with one value per expected group, built with the type's builder. */
    private static Array column(ArrowType type, Map<List<Object>, Group> groups,
            java.util.function.Function<Group, Object> value) {
        ArrayBuilder builder = ArrayBuilder.of(type);
        for (Group g : groups.values()) {
            Object v = value.apply(g);
            if (v instanceof BigInteger b && builder instanceof dev.quiver.core.builder.IntBuilder<?> ints) {
                ints.appendWrapping(b.longValue()); // sums wrap in the type's width, as the group-by's do
            } else {
                builder.appendObject(v);
            }
        }
        return builder.build();
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

    /**
     * A key of one binary or utf8 column takes the lookup that needs no encoding: keys of 0 to 40 bytes
     * (longer than the 16 kept as words too) from a pool sharing prefixes, keys that differ only in
     * trailing zero bytes (two of 129 and 257 bytes), null keys, sliced batches, enough keys to grow the
     * table, and every aggregate.
     */
    @Property(tries = 60)
    void oneBinaryOrUtf8KeyMatchesAMapBasedGroupBy(@ForAll long seed, @ForAll @IntRange(min = 1, max = 5000) int pool,
            @ForAll @IntRange(min = 0, max = 2) int valueCount, @ForAll @IntRange(min = 1, max = 4) int batches) {
        Random rnd = new Random(seed);
        ArrowType type = rnd.nextBoolean() ? ArrowType.UTF8 : ArrowType.BINARY;
        byte[][] keys = new byte[pool][];
        String[] fixed = {"", "\0", "a", "a\0", "a\0\0\0\0\0\0\0\0", "0123456789abcdef", "0123456789abcdef\0",
            "0123456789abcdefg", "0123456789abcdefh", "0123456789abcdef0123456789abcdef!", "a" + "\0".repeat(128),
            "a" + "\0".repeat(256)};
        for (int i = 0; i < pool; i++) {
            StringBuilder key = new StringBuilder(i < fixed.length ? fixed[i] : "key-".repeat(rnd.nextInt(3)));
            int more = i < fixed.length ? 0 : rnd.nextInt(rnd.nextBoolean() ? 8 : 30);
            for (int c = 0; c < more; c++) {
                key.append((char) ('0' + rnd.nextInt(40)));
            }
            keys[i] = key.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
        }
        List<Field> keyFields = List.of(Field.nullable("k", type));
        List<Field> valueFields = new ArrayList<>();
        for (int v = 0; v < valueCount; v++) {
            valueFields.add(Field.nullable("v" + v, VALUE_TYPES.get(rnd.nextInt(VALUE_TYPES.size()))));
        }
        double nullRate = rnd.nextInt(3) * 0.1;
        List<List<ArrayData>> keyBatches = new ArrayList<>();
        List<List<ArrayData>> valueBatches = new ArrayList<>();
        try (HashGroupBy groupBy = new HashGroupBy(keyFields, valueFields)) {
            for (int b = 0; b < batches; b++) {
                int n = rnd.nextInt(5000);
                int skip = rnd.nextInt(3);
                byte[][] column = new byte[n + skip][];
                for (int i = 0; i < column.length; i++) {
                    column[i] = rnd.nextDouble() < nullRate ? null : keys[rnd.nextInt(pool)];
                }
                List<ArrayData> keyColumns = List.of(Cols.var(type, column).slice(skip, n));
                List<ArrayData> values = new ArrayList<>();
                for (Field f : valueFields) {
                    values.add(randomValues(f.type(), rnd, n, nullRate));
                }
                groupBy.add(keyColumns, values);
                keyBatches.add(keyColumns);
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

    /**
     * A utf8 key takes every row's length from the offsets and marks the null rows afterwards: null slots
     * that hold the bytes of a valid key, on both sides of the 56-row steps of the validity reads and of
     * the 1,024-row mini-batches, still form the one null group.
     */
    @Test
    void utf8NullSlotsHoldingBytesFormTheNullGroup() {
        int n = 3000;
        boolean[] valid = new boolean[n];
        int[] offsets = new int[n + 1];
        StringBuilder data = new StringBuilder();
        for (int i = 0; i < n; i++) {
            valid[i] = i % 7 != 3 && i != 55 && i != 56 && i != 1023 && i != 1024;
            String bytes = "key-" + i % 5;
            data.append(bytes);
            offsets[i + 1] = data.length();
        }
        List<Field> keyFields = List.of(Field.nullable("k", ArrowType.UTF8));
        List<ArrayData> keyData = List.of(Cols.utf8Raw(valid, offsets, data.toString()));
        try (HashGroupBy groupBy = new HashGroupBy(keyFields, List.of())) {
            groupBy.add(keyData, List.of());
            GroupByResult result = groupBy.result();
            assertEquals(6, result.groupCount());
            check(keyFields, List.of(), List.of(keyData), List.of(List.of()), result);
        }
    }

    @Test
    void keysOfMoreThan64ColumnsUseWideMasks() {
        Random rnd = new Random(7);
        List<Field> keyFields = new ArrayList<>();
        List<ArrayData> keys = new ArrayList<>();
        int n = 3000;
        for (int k = 0; k < 70; k++) {
            ArrowType type = k % 10 == 9 ? ArrowType.UTF8 : ArrowType.INT8;
            keyFields.add(Field.nullable("k" + k, type));
            Object[] constant = new Object[n];
            Arrays.fill(constant, type == ArrowType.UTF8 ? "x" : (Object) k);
            keys.add(k < 3 || k == 69 ? RandomColumns.column(type, rnd, n, 0.3) : Cols.of(type, constant).data());
        }
        assertEquals(16, RowTableMetadata.of(keyFields.stream().map(Field::type).toList()).nullMaskBytesPerRow());
        List<Field> valueFields = List.of(Field.nullable("v", ArrowType.INT32));
        List<ArrayData> values = List.of(randomValues(ArrowType.INT32, rnd, n, 0.1));
        try (HashGroupBy groupBy = new HashGroupBy(keyFields, valueFields)) {
            groupBy.add(keys, values);
            groupBy.add(keys, values);
            check(keyFields, valueFields, List.of(keys, keys), List.of(values, values), groupBy.result());
        }
    }

    @Test
    void groupsARecordBatchByName() {
        Schema schema = Schema.of(Field.nullable("city", ArrowType.UTF8), Field.nullable("t", ArrowType.FLOAT32));
        RecordBatch batch = RecordBatch.ofRows(schema, List.of(List.of("Oslo", 1.5f), List.of("Rome", 20f),
                List.of("Oslo", -3f)));
        GroupByResult result = HashGroupBy.groupBy(batch, List.of("city"), List.of("t"));
        assertEquals(Cols.of(ArrowType.UTF8, "Oslo", "Rome"), result.key(0));
        assertEquals(Cols.of(ArrowType.FLOAT64, -1.5, 20.0), result.sum(0));
        assertEquals(Cols.of(ArrowType.FLOAT32, -3f, 20f), result.min(0));
        assertEquals(Cols.of(ArrowType.FLOAT32, 1.5f, 20f), result.max(0));
        assertThrows(QuiverException.class, () -> HashGroupBy.groupBy(batch, List.of("town"), List.of()));
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
            assertEquals(Cols.of(ArrowType.UTF8, "a", null, "b", ""), result.key(0));
            assertEquals(Cols.of(ArrowType.INT64, 2, 2, 1, 1), result.count());
            assertEquals(Cols.of(ArrowType.INT64, 1, 2, 0, 1), result.count(0));
            assertEquals(Cols.of(ArrowType.INT64, 1, 6, null, 6), result.sum(0));
            assertEquals(Cols.of(ArrowType.INT32, 1, 2, null, 6), result.min(0));
            assertEquals(Cols.of(ArrowType.INT32, 1, 4, null, 6), result.max(0));
            result.batch().validateFull();
            assertEquals(List.of("k", "count", "v_count", "v_sum", "v_min", "v_max"),
                    result.batch().schema().fields().stream().map(Field::name).toList());
        }
    }

    @Test
    void floatMinAndMaxSkipNaN() {
        ArrayData keys = Cols.int32(1, 1, 1, 2);
        ArrayData values = Cols.of(ArrowType.FLOAT64, Double.NaN, 2.5, -1.0, Double.NaN).data();
        try (HashGroupBy groupBy = new HashGroupBy(List.of(Field.nullable("k", ArrowType.INT32)),
                List.of(Field.nullable("v", ArrowType.FLOAT64)))) {
            groupBy.add(List.of(keys), List.of(values));
            GroupByResult result = groupBy.result();
            assertEquals(Cols.of(ArrowType.FLOAT64, -1.0, Double.NaN), result.min(0));
            assertEquals(Cols.of(ArrowType.FLOAT64, 2.5, Double.NaN), result.max(0));
        }
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
