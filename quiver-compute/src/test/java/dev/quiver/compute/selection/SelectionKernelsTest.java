// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.selection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.RandomArrays;
import dev.quiver.compute.Threads;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * filter and take against a value-by-value reference, on arrays long enough for several blocks and morsels, sliced,
 * with masks of every density (runs of trues, whole words of trues, sparse rows, nulls in the mask), on one thread
 * and on four.
 */
class SelectionKernelsTest {
    /** Past one block (2^20 rows), so that the work splits. */
    private static final int N = 1_100_000;
    /** Long arrays of one type per layout, short ones of the others. */
    private static final List<ArrowType> LONG = List.of(ArrowType.INT64, ArrowType.BOOL, ArrowType.UTF8);
    private static final List<ArrowType> SHORT = List.of(ArrowType.INT8, ArrowType.INT16, ArrowType.INT32,
            ArrowType.FLOAT64, ArrowType.LARGE_UTF8, ArrowType.BINARY, new ArrowType.Decimal(20, 3, 128));

    private static List<Object> reference(Array values, Array mask) {
        List<Object> out = new ArrayList<>();
        for (long i = 0; i < values.length(); i++) {
            if (!mask.isNull(i) && (Boolean) mask.getObject(i)) {
                out.add(plain(values.getObject(i)));
            }
        }
        return out;
    }

    private static List<ArrowType> concat(List<ArrowType> a, List<ArrowType> b) {
        List<ArrowType> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    /** A value comparable by equals (binary values as hex). */
    private static Object plain(Object v) {
        return v instanceof byte[] b ? java.util.HexFormat.of().formatHex(b) : v;
    }

    private static List<Object> values(Array a) {
        List<Object> out = new ArrayList<>((int) a.length());
        for (long i = 0; i < a.length(); i++) {
            out.add(plain(a.getObject(i)));
        }
        return out;
    }

    /** A mask whose density changes along the array: all true, dense runs, sparse, all false, with some nulls. */
    private static Array mask(Random random, int n) {
        ArrayBuilder b = ArrayBuilder.of(ArrowType.BOOL);
        for (int i = 0; i < n + 7; i++) {
            int zone = i / Math.max(64, n / 10) % 4;
            double p = switch (zone) {
                case 0 -> 1.0;
                case 1 -> 0.9;
                case 2 -> 0.1;
                default -> 0.0;
            };
            if (zone != 0 && random.nextInt(100) == 0) {
                b.appendNull();
            } else {
                b.appendObject(random.nextDouble() < p);
            }
        }
        return b.build().slice(5, n);
    }

    @Test
    void filterEqualsTheValuesWhereTheMaskIsTrue() {
        Random random = new Random(41);
        for (ArrowType type : concat(LONG, SHORT)) {
            int n = LONG.contains(type) ? N : 20_000;
            Array mask = mask(random, n);
            Array values = RandomArrays.of(type, random, n, 0.1);
            List<Object> expected = reference(values, mask);
            for (int threads : new int[] {1, 4}) {
                Array kept = Threads.call(threads, () -> Selection.filter(values, mask));
                assertEquals(type, kept.type());
                assertEquals(expected, values(kept), type + " on " + threads + " threads");
                kept.data().validate(dev.quiver.core.validation.ValidationLevel.FULL);
            }
        }
    }

    @Test
    void filterOfABatchFiltersEveryColumnAlike() {
        Random random = new Random(42);
        Array mask = mask(random, N);
        Array ids = RandomArrays.of(ArrowType.INT64, random, N, 0.0);
        Array names = RandomArrays.of(ArrowType.UTF8, random, N, 0.2);
        Schema schema = Schema.of(Field.nullable("id", ArrowType.INT64), Field.nullable("name", ArrowType.UTF8));
        RecordBatch batch = new RecordBatch(schema, List.of(ids, names), N);
        RecordBatch kept = Threads.call(4, () -> Selection.filter(batch, mask, NullSelection.DROP));
        assertEquals(reference(ids, mask), values(kept.column(0)));
        assertEquals(reference(names, mask), values(kept.column(1)));
        RecordBatch emitted = Selection.filter(batch, mask, NullSelection.EMIT_NULL);
        assertEquals(values(Selection.filter(names, mask, NullSelection.EMIT_NULL)), values(emitted.column(1)));
    }

    @Test
    void filterOfABatchByColumnTasksKeepsEveryColumnInItsPlace() {
        Random random = new Random(43);
        Array mask = mask(random, N);
        Array flags = RandomArrays.of(ArrowType.BOOL, random, N, 0.1);
        Array names = RandomArrays.of(ArrowType.UTF8, random, N, 0.2);
        Array ids = RandomArrays.of(ArrowType.INT64, random, N, 0.1);
        Array more = RandomArrays.of(ArrowType.INT64, random, N, 0.0);
        Schema schema = Schema.of(Field.nullable("flag", ArrowType.BOOL), Field.nullable("name", ArrowType.UTF8),
                Field.nullable("id", ArrowType.INT64), Field.nullable("more", ArrowType.INT64));
        RecordBatch batch = new RecordBatch(schema, List.of(flags, names, ids, more), N);
        assertTrue(FilterKernel.byColumn(batch, 2), "the columns are split as tasks on two threads");
        RecordBatch kept = Threads.call(2, () -> Selection.filter(batch, mask, NullSelection.DROP));
        assertEquals(reference(ids, mask).size(), kept.rowCount());
        for (int c = 0; c < batch.columnCount(); c++) {
            assertEquals(reference(batch.column(c), mask), values(kept.column(c)), schema.fields().get(c).name());
            kept.column(c).data().validate(dev.quiver.core.validation.ValidationLevel.FULL);
        }
    }

    @Test
    void filterOfStringsLongerThanTheAverageGrowsItsOutput() {
        // One thread filters strings in one pass into a buffer sized from the average length: select the long ones.
        ArrayBuilder strings = ArrayBuilder.of(ArrowType.UTF8);
        ArrayBuilder keep = ArrayBuilder.of(ArrowType.BOOL);
        List<Object> expected = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            boolean selected = i % 50 == 7;
            String v = selected ? "long-" + "x".repeat(200 + i % 300) + i : i % 3 == 0 ? "" : "s";
            strings.appendObject(v);
            keep.appendObject(selected);
            if (selected) {
                expected.add(v);
            }
        }
        Array values = strings.build();
        Array mask = keep.build();
        for (int threads : new int[] {1, 4}) {
            Array kept = Threads.call(threads, () -> Selection.filter(values.slice(1, 4_999), mask.slice(1, 4_999)));
            assertEquals(expected, values(kept), threads + " threads");
            kept.data().validate(dev.quiver.core.validation.ValidationLevel.FULL);
        }
    }

    @Test
    void filterOfSingleStringsOfEveryShortLengthAndAtTheEndOfTheBytes() {
        // One thread moves a selected value of up to 16 bytes standing alone as two words, the excess overwritten
        // by the next value or cut off by the final slice; values near the end of the source are copied exactly.
        ArrayBuilder strings = ArrayBuilder.of(ArrowType.UTF8);
        ArrayBuilder keep = ArrayBuilder.of(ArrowType.BOOL);
        List<Object> expected = new ArrayList<>();
        int n = 2_000;
        for (int i = 0; i < n; i++) {
            String v = i % 41 == 5 ? null : "abcdefghijklmnopqrstu".substring(0, i * 7 % 22);
            boolean selected = i % 3 == 0 || i >= n - 4;
            strings.appendObject(v);
            keep.appendObject(selected);
            if (selected && i >= 1) {
                expected.add(v);
            }
        }
        Array values = strings.build().slice(1, n - 1);
        Array mask = keep.build().slice(1, n - 1);
        for (int threads : new int[] {1, 4}) {
            Array kept = Threads.call(threads, () -> Selection.filter(values, mask));
            assertEquals(expected, values(kept), threads + " threads");
            kept.data().validate(dev.quiver.core.validation.ValidationLevel.FULL);
        }
    }

    @Test
    void takeEqualsTheValuesAtTheIndices() {
        Random random = new Random(43);
        ArrayBuilder idx = ArrayBuilder.of(ArrowType.INT64);
        for (ArrowType type : concat(LONG, SHORT)) {
            int n = LONG.contains(type) ? N : 20_000;
            for (int i = 0; i < n + 3; i++) {
                idx.appendObject(random.nextInt(30) == 0 ? null : (Object) (long) random.nextInt(n));
            }
            Array indices = idx.build().slice(3, n);
            Array values = RandomArrays.of(type, random, n, 0.1);
            List<Object> expected = new ArrayList<>();
            for (long i = 0; i < n; i++) {
                expected.add(indices.isNull(i) ? null : plain(values.getObject((Long) indices.getObject(i))));
            }
            for (int threads : new int[] {1, 4}) {
                Array picked = Threads.call(threads, () -> Selection.take(values, indices));
                assertEquals(expected, values(picked), type + " on " + threads + " threads");
                picked.data().validate(dev.quiver.core.validation.ValidationLevel.FULL);
            }
        }
    }

    @Test
    void takeOfListsMapsAndFixedSizeListsEqualsTheValuesAtTheIndices() {
        Random random = new Random(45);
        int n = 5000;
        List<ArrowType> types = List.of(new ArrowType.List(Field.nullable("item", ArrowType.INT64)),
                new ArrowType.LargeList(Field.nullable("item", ArrowType.UTF8)),
                new ArrowType.FixedSizeList(Field.nullable("item", ArrowType.INT32), 3),
                new ArrowType.FixedSizeList(Field.nullable("item", ArrowType.INT32), 0),
                ArrowType.Map.of(ArrowType.UTF8, ArrowType.INT64, false));
        ArrayBuilder idx = ArrayBuilder.of(ArrowType.INT32);
        for (int i = 0; i < n; i++) {
            idx.appendObject(random.nextInt(20) == 0 ? null : (Object) random.nextInt(n - 5));
        }
        Array indices = idx.build();
        for (ArrowType type : types) {
            ArrayBuilder b = ArrayBuilder.of(type);
            for (int i = 0; i < n; i++) {
                b.appendObject(random.nextInt(10) == 0 ? null : nested(type, random));
            }
            Array values = b.build().slice(5, n - 5);
            List<Object> expected = new ArrayList<>();
            for (long i = 0; i < n; i++) {
                expected.add(indices.isNull(i) ? null : values.getObject((Integer) indices.getObject(i)));
            }
            Array picked = Selection.take(values, indices);
            picked.data().validate(dev.quiver.core.validation.ValidationLevel.FULL);
            assertEquals(expected, values(picked), type.toString());
        }
    }

    private static Object nested(ArrowType type, Random random) {
        int size = type instanceof ArrowType.FixedSizeList f ? f.listSize() : random.nextInt(4);
        List<Object> items = new ArrayList<>();
        for (int k = 0; k < size; k++) {
            boolean isNull = random.nextInt(8) == 0;
            items.add(switch (type) {
                case ArrowType.List t -> isNull ? null : (Object) random.nextLong();
                case ArrowType.LargeList t -> isNull ? null : "s" + random.nextInt(100);
                case ArrowType.FixedSizeList t -> isNull ? null : (Object) random.nextInt();
                default -> java.util.Map.entry("k" + k, random.nextLong());
            });
        }
        return items;
    }

    @Test
    void takeOutOfRangeNamesTheIndexAndItsRow() {
        Array values = RandomArrays.of(ArrowType.UTF8, new Random(44), 10, 0.1);
        Array indices = ArrayBuilder.of(ArrowType.INT64).appendObject(1L).appendObject(null).appendObject(10L).build();
        ComputeException e = assertThrows(ComputeException.class, () -> Selection.take(values, indices));
        assertEquals("take: index 10 at row 2 is out of range for an array of length 10", e.getMessage());
    }

    @Test
    void takeOfStringsLongShortAndAtTheEndOfTheBytes() {
        // One thread moves values of up to 16 bytes as two words and copies the others exactly; it sizes its output
        // from the average length, so taking only the long values makes it grow.
        for (ArrowType type : List.of(ArrowType.UTF8, ArrowType.LARGE_UTF8)) {
            ArrayBuilder strings = ArrayBuilder.of(type);
            List<String> source = new ArrayList<>();
            for (int i = 0; i < 3_000; i++) {
                String v = i == 2_999 ? "z" : switch (i % 5) {
                    case 0 -> "";
                    case 1 -> "s" + i;
                    case 2 -> "sixteen-bytes-" + (char) ('a' + i % 26) + (char) ('a' + i / 26 % 26);
                    case 3 -> "seventeen-bytes".substring(0, 15) + i % 10 + "x";
                    default -> "long-" + "y".repeat(i % 400) + i;
                };
                source.add(v);
                strings.appendObject(v);
            }
            Array values = strings.build().slice(2, 2_998);
            ArrayBuilder idx = ArrayBuilder.of(ArrowType.INT64);
            List<Object> expected = new ArrayList<>();
            for (int i = 0; i < 5_000; i++) {
                // Mostly the long values, and the last values (within 16 bytes of the end of the data buffer).
                long j = i % 7 == 0 ? 2_997 - i % 3 : (i * 5L + 2) % 2_995;
                idx.appendObject(j);
                expected.add(source.get((int) j + 2));
            }
            Array indices = idx.build();
            for (int threads : new int[] {1, 4}) {
                Array picked = Threads.call(threads, () -> Selection.take(values, indices));
                assertEquals(expected, values(picked), type + " on " + threads + " threads");
                picked.data().validate(dev.quiver.core.validation.ValidationLevel.FULL);
            }
        }
    }

    @Test
    void takeOfStringsShorterThanAWordAndNullIndicesHoldingAnything() {
        // Fewer than 16 value bytes in all: every value is copied exactly. The slot of a null index is never read.
        Array values = ArrayBuilder.of(ArrowType.UTF8).appendObject("a").appendObject(null).appendObject("bc").build();
        ArrowBuffer slots = ArrowBuffer.wrap(new byte[32]);
        long[] raw = {2, 1L << 40, 0, -5};
        for (int k = 0; k < raw.length; k++) {
            slots.segment().set(LittleEndian.LONG, k * 8L, raw[k]);
        }
        ArrowBuffer valid = ArrowBuffer.wrap(new byte[] {0b0101, 0, 0, 0, 0, 0, 0, 0});
        Array indices = Array.of(new ArrayData(ArrowType.INT64, 4, 0, 2, java.util.Arrays.asList(valid, slots),
                List.of(), null));
        Array picked = Selection.take(values, indices);
        assertEquals(java.util.Arrays.asList("bc", null, "a", null), values(picked));
        picked.data().validate(dev.quiver.core.validation.ValidationLevel.FULL);
    }
}
