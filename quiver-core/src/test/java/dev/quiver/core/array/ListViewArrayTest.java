// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import static dev.quiver.core.array.ListArrayTest.objects;
import static dev.quiver.core.array.NestedTestSupport.assertInvalid;
import static dev.quiver.core.array.NestedTestSupport.assertPrefix;
import static dev.quiver.core.array.NestedTestSupport.bytes;
import static dev.quiver.core.array.NestedTestSupport.editBuffer;
import static dev.quiver.core.array.NestedTestSupport.int32s;
import static dev.quiver.core.array.NestedTestSupport.int64s;
import static dev.quiver.core.array.NestedTestSupport.int8s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.builder.ListViewBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.validation.Rules;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ListViewArrayTest {
    private static final BufferAllocator ALLOC = BufferAllocator.managed();
    private static final ArrowType.ListView LV_INT8 = new ArrowType.ListView(Field.nullable("item", ArrowType.INT8));
    private static final ArrowType.LargeListView LARGE_LV_INT8 =
            new ArrowType.LargeListView(Field.nullable("item", ArrowType.INT8));
    private static final List<Object> EXAMPLE = Arrays.asList(List.of(12, -7, 25), null, List.of(0, -127, 127, 50),
            List.of());

    private static ListViewBuilder withValues(ArrowType type, int... values) {
        ListViewBuilder b = new ListViewBuilder(type, ALLOC);
        IntBuilder<?> ints = (IntBuilder<?>) b.values();
        for (int v : values) {
            ints.append(v);
        }
        return b;
    }

    /** The first example of the spec: the views of a list array, but the null one at the end. */
    private static ListViewArray firstExample() {
        return withValues(LV_INT8, 12, -7, 25, 0, -127, 127, 50)
                .appendView(0, 3).appendNullView(7, 0).appendView(3, 4).appendView(0, 0).build();
    }

    /** The second example of the spec: out of order and shared. */
    private static ListViewArray secondExample() {
        return withValues(LV_INT8, 0, -127, 127, 50, 12, -7, 25)
                .appendView(4, 3).appendNullView(7, 0).appendView(0, 4).appendView(0, 0).appendView(3, 2).build();
    }

    @Test
    void specFirstExample() {
        ListViewArray a = firstExample();
        assertEquals(4, a.length());
        assertEquals(1, a.nullCount());
        assertPrefix(bytes(0b00001101), a.data().buffer(0));
        assertPrefix(int32s(0, 7, 3, 0), a.data().buffer(1));
        assertPrefix(int32s(3, 0, 4, 0), a.data().buffer(2));
        ArrayData child = a.values().data();
        assertEquals(7, child.length());
        assertEquals(0, child.nullCount());
        assertNull(child.buffer(0));
        assertPrefix(bytes(12, -7, 25, 0, -127, 127, 50), child.buffer(1));

        a.validateFull();
        assertEquals(EXAMPLE, objects(a));
        assertEquals("[[12, -7, 25], null, [0, -127, 127, 50], []]", a.toString());
    }

    @Test
    void specSecondExampleOutOfOrderAndShared() {
        ListViewArray a = secondExample();
        assertEquals(5, a.length());
        assertEquals(1, a.nullCount());
        assertPrefix(bytes(0b00011101), a.data().buffer(0));
        assertPrefix(int32s(4, 7, 0, 0, 3), a.data().buffer(1));
        assertPrefix(int32s(3, 0, 4, 0, 2), a.data().buffer(2));
        ArrayData child = a.values().data();
        assertEquals(7, child.length());
        assertNull(child.buffer(0));
        assertPrefix(bytes(0, -127, 127, 50, 12, -7, 25), child.buffer(1));

        a.validateFull();
        List<Object> expected = new ArrayList<>(EXAMPLE);
        expected.add(List.of(50, 12));
        assertEquals(expected, objects(a));
        assertEquals(int8s(50, 12), a.getList(4));
        assertEquals(3, a.valueOffset(4));
        assertEquals(2, a.valueLength(4));
    }

    @Test
    void equalityIsLogicalAcrossLayouts() {
        ListViewArray first = firstExample();
        ListViewArray second = secondExample();
        assertEquals(first, second.slice(0, 4));
        assertNotEquals(first, second);
        assertEquals(second.slice(2, 3), withValues(LV_INT8).appendObject(List.of(0, -127, 127, 50))
                .appendObject(List.of()).appendObject(List.of(50, 12)).build());
        assertNotEquals(first, withValues(LV_INT8, 12, -7, 25, 0, -127, 127, 50)
                .appendView(0, 3).appendNullView(7, 0).appendView(3, 3).appendView(0, 0).build());
    }

    @Test
    void inOrderBuildAndObjectRoundTrip() {
        ListViewBuilder b = new ListViewBuilder(LV_INT8, ALLOC);
        IntBuilder<?> ints = (IntBuilder<?>) b.values();
        b.startList();
        ints.append(1).append(2);
        b.endList();
        b.appendNull();
        b.appendObject(Arrays.asList(3, null));
        ListViewArray a = b.build();
        assertPrefix(int32s(0, 2, 2), a.data().buffer(1));
        assertPrefix(int32s(2, 0, 2), a.data().buffer(2));
        a.validateFull();
        assertEquals(Arrays.asList(List.of(1, 2), null, Arrays.asList(3, null)), objects(a));
        assertEquals("[[1, 2], null, [3, null]]", a.toString());
    }

    @Test
    void largeListViewHas64BitOffsetsAndSizes() {
        ListViewArray a = withValues(LARGE_LV_INT8, 5, 6, 7).appendView(1, 2).appendView(0, 1).build();
        assertTrue(a.isLarge());
        assertPrefix(int64s(1, 0), a.data().buffer(1));
        assertPrefix(int64s(2, 1), a.data().buffer(2));
        a.validateFull();
        assertEquals("[[6, 7], [5]]", a.toString());
    }

    @Test
    void slicesAndSlicesOfSlices() {
        ListViewBuilder b = new ListViewBuilder(LV_INT8, ALLOC);
        List<Object> source = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            List<Integer> l = new ArrayList<>();
            for (int k = 0; k < i % 3; k++) {
                l.add(i + k);
            }
            source.add(i % 4 == 1 ? null : l);
        }
        source.forEach(b::appendObject);
        ListViewArray a = b.build();
        ListViewArray ss = a.slice(3, 20).slice(6, 9);
        assertEquals(9, ss.offset());
        assertEquals(source.subList(9, 18), objects(ss));
        ss.validateFull();
        ListViewBuilder fresh = new ListViewBuilder(LV_INT8, ALLOC);
        source.subList(9, 18).forEach(fresh::appendObject);
        assertEquals(fresh.build(), ss);
    }

    @Test
    void everyBrokenViewIsFound() {
        ListViewArray a = firstExample(); // child of length 7
        assertInvalid(ListViewArray.ofUnchecked(editBuffer(a.data(), 1, buf -> buf.setInt(2 * 4, -1))),
                Rules.OFFSETS_IN_BOUNDS, 2);
        assertInvalid(ListViewArray.ofUnchecked(editBuffer(a.data(), 1, buf -> buf.setInt(3 * 4, 8))),
                Rules.OFFSETS_IN_BOUNDS, 3);
        assertInvalid(ListViewArray.ofUnchecked(editBuffer(a.data(), 2, buf -> buf.setInt(0, -1))),
                Rules.OFFSETS_IN_BOUNDS, 0);
        assertInvalid(ListViewArray.ofUnchecked(editBuffer(a.data(), 2, buf -> buf.setInt(2 * 4, 5))),
                Rules.OFFSETS_IN_BOUNDS, 2);
        // a null slot's view must be in bounds too
        assertInvalid(ListViewArray.ofUnchecked(editBuffer(a.data(), 2, buf -> buf.setInt(4, 1))),
                Rules.OFFSETS_IN_BOUNDS, 1);
    }

    @Test
    void hugeSizesDoNotOverflow() {
        ListViewArray a = withValues(LARGE_LV_INT8, 1, 2).appendView(0, 1).appendView(1, 1).build();
        ListViewArray bad = ListViewArray.ofUnchecked(editBuffer(editBuffer(a.data(), 1, buf -> buf.setLong(8, 2)), 2,
                buf -> buf.setLong(8, Long.MAX_VALUE)));
        assertInvalid(bad, Rules.OFFSETS_IN_BOUNDS, 1);
        assertInvalid(bad.slice(1, 1), Rules.OFFSETS_IN_BOUNDS, 0);
        bad.slice(0, 1).validateFull();
    }

    @Test
    void brokenChildFailsTheParent() {
        ArrowType.ListView type = new ArrowType.ListView(Field.nullable("item", ArrowType.List.of(ArrowType.INT8)));
        ListViewBuilder b = new ListViewBuilder(type, ALLOC);
        b.appendObject(List.of(List.of(1, 2), List.of(3), List.of(4)));
        ListViewArray a = b.build();
        ArrayData inner = editBuffer(a.data().child(0), 1, buf -> buf.setInt(2 * 4, 1));
        assertInvalid(ListViewArray.ofUnchecked(a.data().withChildren(List.of(inner))), Rules.OFFSETS_MONOTONIC, 1);
    }

    @Test
    void builderGrowsAndChecksViews() {
        ListViewBuilder b = new ListViewBuilder(LV_INT8, ALLOC);
        IntBuilder<?> ints = (IntBuilder<?>) b.values();
        int n = 100_000;
        for (int i = 0; i < n; i++) {
            ints.append(i % 100);
        }
        for (int i = 0; i < n; i++) {
            b.appendView(n - 1 - i, Math.min(i % 4, i + 1));
        }
        ListViewArray a = b.build();
        assertEquals(n, a.length());
        a.validateFull();
        assertEquals(List.of(96, 97, 98), a.getObject(3));
        assertEquals(List.of(), a.getObject(n - 4));

        b.appendView(0, 1);
        assertThrows(IllegalStateException.class, b::build);
        assertThrows(IllegalArgumentException.class, () -> b.appendView(-1, 0));
        assertThrows(IllegalArgumentException.class, () -> b.appendView(0, -1));
        assertThrows(IllegalStateException.class, () -> b.appendView(Integer.MAX_VALUE, 1));
        assertThrows(IllegalStateException.class, b::endList);
        b.startList();
        assertThrows(IllegalStateException.class, b::appendNull);
    }
}
