// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.ScopedAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.UnionMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Appending to a growing array gives the concatenation, for every layout; earlier views do not change. */
class GrowingArrayTest {
    private static final BufferAllocator ALLOCATOR = BufferAllocator.managed();
    private static final String LONG_A = "a string longer than twelve bytes";
    private static final String LONG_B = "another string past the inline size";

    private record Case(ArrowType type, List<Object> values) {
    }

    private static List<Object> list(Object... values) {
        return Arrays.asList(values);
    }

    private static List<Case> cases() {
        ArrowType.Struct struct = ArrowType.Struct.of(Field.nullable("x", ArrowType.INT32),
                Field.nullable("s", ArrowType.UTF8));
        List<Field> unionChildren = List.of(Field.nullable("i", ArrowType.INT32), Field.nullable("s", ArrowType.UTF8));
        return List.of(
                new Case(ArrowType.NULL, list(null, null, null, null, null, null, null)),
                new Case(ArrowType.INT16, list((short) 1, null, (short) 3, (short) -4, (short) 5, null, (short) 7)),
                new Case(ArrowType.BOOL, list(true, null, false, true, true, false, null)),
                new Case(new ArrowType.FixedSizeBinary(2), list(new byte[] {1, 2}, null, new byte[] {3, 4},
                        new byte[] {5, 6}, null, new byte[] {7, 8}, new byte[] {9, 10})),
                new Case(ArrowType.UTF8, list("a", null, "bcd", "", "ef", LONG_A, "g")),
                new Case(ArrowType.LARGE_UTF8, list("a", null, "bcd", "", "ef", LONG_A, "g")),
                new Case(ArrowType.BINARY, list(new byte[] {1}, null, new byte[0], new byte[] {2, 3}, null,
                        new byte[] {4}, new byte[] {5, 6, 7})),
                new Case(ArrowType.UTF8_VIEW, list("short", LONG_A, null, LONG_B, "x", LONG_B, "")),
                new Case(ArrowType.List.of(ArrowType.INT32), list(List.of(1, 2), null, List.of(), List.of(3),
                        List.of(4, 5, 6), null, List.of(7))),
                new Case(new ArrowType.LargeList(Field.nullable("item", ArrowType.INT32)), list(List.of(1, 2), null,
                        List.of(), List.of(3), List.of(4, 5, 6), null, List.of(7))),
                new Case(new ArrowType.ListView(Field.nullable("item", ArrowType.UTF8)), list(List.of("a", "b"),
                        null, List.of(), List.of("c"), List.of("d", "e", "f"), null, List.of("g"))),
                new Case(new ArrowType.FixedSizeList(Field.nullable("item", ArrowType.INT8), 2),
                        list(List.of((byte) 1, (byte) 2), null, List.of((byte) 3, (byte) 4),
                                List.of((byte) 5, (byte) 6), null, List.of((byte) 7, (byte) 8),
                                List.of((byte) 9, (byte) 10))),
                new Case(struct, list(row(1, "a"), null, row(3, null), row(4, "d"), row(null, "e"), row(6, "f"),
                        null)),
                new Case(ArrowType.Map.of(ArrowType.UTF8, ArrowType.INT32, false), list(
                        List.of(Map.entry("a", 1)), null, List.of(), List.of(Map.entry("b", 2), Map.entry("c", 3)),
                        List.of(Map.entry("d", 4)), null, List.of(Map.entry("e", 5)))),
                new Case(new ArrowType.Union(UnionMode.SPARSE, unionChildren), list(1, "a", 3, null, "e", 6, "g")),
                new Case(new ArrowType.Union(UnionMode.DENSE, unionChildren), list(1, "a", 3, null, "e", 6, "g")),
                new Case(ArrowType.RunEndEncoded.of(ArrowType.INT32, ArrowType.UTF8),
                        list("a", "a", "b", null, null, "c", "c")));
    }

    private static Map<String, Object> row(Integer x, String s) {
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("x", x);
        m.put("s", s);
        return m;
    }

    private static Array array(ArrowType type, List<Object> values) {
        List<List<Object>> rows = new ArrayList<>();
        for (Object v : values) {
            rows.add(Arrays.asList(v));
        }
        return RecordBatch.ofRows(Schema.of(Field.nullable("c", type)), rows).column(0);
    }

    @Test
    void appendsOfSlicesConcatenateEveryLayout() {
        for (Case c : cases()) {
            Array whole = array(c.type(), c.values());
            ArrayCompactor compactor = new ArrayCompactor(ALLOCATOR);
            GrowingArray grown = new GrowingArray(c.type(), ALLOCATOR);
            List<Object> expected = new ArrayList<>();
            List<ArrayData> views = new ArrayList<>();
            List<Array> expectedViews = new ArrayList<>();
            long[][] parts = {{1, 4}, {0, 7}, {0, 0}, {3, 2}, {6, 1}, {0, 7}};
            for (long[] part : parts) {
                grown.append(compactor.compact(whole.slice(part[0], part[1]).data()), "test");
                expected.addAll(c.values().subList((int) part[0], (int) (part[0] + part[1])));
                ArrayData view = grown.view();
                Array want = array(c.type(), expected);
                assertEquals(want, Array.ofUnchecked(view), c.type().toString());
                Array.ofUnchecked(view).validateFull();
                views.add(view);
                expectedViews.add(want);
            }
            for (int i = 0; i < views.size(); i++) {
                assertEquals(expectedViews.get(i), Array.ofUnchecked(views.get(i)), c.type() + " view " + i);
            }
        }
    }

    @Test
    void viewsHandedOutSurviveGrowthOnAScopedAllocator() {
        try (ScopedAllocator scoped = BufferAllocator.scoped()) {
            GrowingArray grown = new GrowingArray(ArrowType.UTF8, scoped);
            Array part = array(ArrowType.UTF8, list("x", LONG_A, null));
            grown.append(part.data(), "test");
            ArrayData first = grown.view();
            for (int i = 0; i < 200; i++) {
                grown.append(part.data(), "test");
            }
            assertEquals(part, Array.ofUnchecked(first));
            assertEquals(603, grown.view().length());
        }
    }

    @Test
    void thirtyTwoBitOffsetsThatWouldOverflowAreRefused() {
        // Offsets claiming 2^31-1 bytes (the data is not read: the offsets are refused first).
        ArrayData huge = ArrayData.of(ArrowType.UTF8, 1, Arrays.asList(null, TestData.int32s(0, Integer.MAX_VALUE),
                TestData.bytes('z')), List.of());
        GrowingArray grown = new GrowingArray(ArrowType.UTF8, ALLOCATOR);
        grown.append(array(ArrowType.UTF8, list("ab")).data(), "test");
        IpcException e = assertThrows(IpcException.class, () -> grown.append(huge, "dictionary 7"));
        assertTrue(e.getMessage().startsWith("dictionary 7: appended, its 32-bit offsets would reach"),
                e.getMessage());
    }
}
