// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import static dev.quiver.core.array.NestedTestSupport.assertInvalid;
import static dev.quiver.core.array.NestedTestSupport.assertPrefix;
import static dev.quiver.core.array.NestedTestSupport.bytes;
import static dev.quiver.core.array.NestedTestSupport.editBuffer;
import static dev.quiver.core.array.NestedTestSupport.int32s;
import static dev.quiver.core.array.NestedTestSupport.int64s;
import static dev.quiver.core.array.NestedTestSupport.int8s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.builder.ListBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.ScopedAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class ListArrayTest {
    private static final BufferAllocator ALLOC = BufferAllocator.managed();
    private static final ArrowType.List LIST_INT8 = ArrowType.List.of(ArrowType.INT8);
    private static final ArrowType.List LIST_INT32 = ArrowType.List.of(ArrowType.INT32);

    private static ListArray build(ArrowType type, List<?>... lists) {
        ListBuilder b = new ListBuilder(type, ALLOC);
        for (List<?> l : lists) {
            b.appendObject(l);
        }
        return b.build();
    }

    @Test
    void specListOfInt8() {
        ListBuilder b = new ListBuilder(LIST_INT8, ALLOC);
        IntBuilder<?> ints = (IntBuilder<?>) b.values();
        b.startList();
        ints.append(12).append(-7).append(25);
        b.endList();
        b.appendNull();
        b.startList();
        ints.append(0).append(-127).append(127).append(50);
        b.endList();
        b.startList().endList();
        ListArray a = b.build();

        assertEquals(4, a.length());
        assertEquals(1, a.nullCount());
        assertPrefix(bytes(0b00001101), a.data().buffer(0));
        assertPrefix(int32s(0, 3, 3, 7, 7), a.data().buffer(1));
        ArrayData child = a.values().data();
        assertEquals(7, child.length());
        assertEquals(0, child.nullCount());
        assertNull(child.buffer(0));
        assertPrefix(bytes(12, -7, 25, 0, -127, 127, 50), child.buffer(1));

        a.validateFull();
        assertEquals(Arrays.asList(List.of(12, -7, 25), null, List.of(0, -127, 127, 50), List.of()),
                objects(a));
        assertEquals("[[12, -7, 25], null, [0, -127, 127, 50], []]", a.toString());
        assertEquals(3, a.valueOffset(1));
        assertEquals(0, a.valueLength(1));
        assertEquals(4, a.valueLength(2));
        assertEquals(int8s(0, -127, 127, 50), a.getList(2));
    }

    @Test
    void specListOfListOfInt8() {
        ArrowType.List type = ArrowType.List.of(LIST_INT8);
        ListBuilder outer = new ListBuilder(type, ALLOC);
        ListBuilder inner = (ListBuilder) outer.values();
        IntBuilder<?> ints = (IntBuilder<?>) inner.values();
        int[][][] source = {{{1, 2}, {3, 4}}, {{5, 6, 7}, null, {8}}, {{9, 10}}};
        for (int[][] lists : source) {
            outer.startList();
            for (int[] list : lists) {
                if (list == null) {
                    inner.appendNull();
                    continue;
                }
                inner.startList();
                for (int v : list) {
                    ints.append(v);
                }
                inner.endList();
            }
            outer.endList();
        }
        ListArray a = outer.build();

        assertEquals(3, a.length());
        assertEquals(0, a.nullCount());
        assertNull(a.data().buffer(0));
        assertPrefix(int32s(0, 2, 5, 6), a.data().buffer(1));
        ArrayData values = a.values().data();
        assertEquals(6, values.length());
        assertEquals(1, values.nullCount());
        assertPrefix(bytes(0b00110111), values.buffer(0));
        assertPrefix(int32s(0, 2, 4, 7, 7, 8, 10), values.buffer(1));
        ArrayData leaves = values.child(0);
        assertEquals(10, leaves.length());
        assertEquals(0, leaves.nullCount());
        assertNull(leaves.buffer(0));
        assertPrefix(bytes(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), leaves.buffer(1));

        a.validateFull();
        assertEquals("[[[1, 2], [3, 4]], [[5, 6, 7], null, [8]], [[9, 10]]]", a.toString());
        assertEquals(Arrays.asList(List.of(5, 6, 7), null, List.of(8)), a.getObject(1));
    }

    @Test
    void largeListHas64BitOffsets() {
        ArrowType.LargeList type = new ArrowType.LargeList(Field.nullable("item", ArrowType.INT32));
        ListArray a = build(type, List.of(1, 2), null, List.of(3));
        assertTrue(a.isLarge());
        assertPrefix(int64s(0, 2, 2, 3), a.data().buffer(1));
        assertEquals(16 + 16, a.data().buffer(1).byteSize());
        a.validateFull();
        assertEquals("[[1, 2], null, [3]]", a.toString());
        assertEquals(a, Array.of(a.data()));
        assertNotEquals(build(LIST_INT32, List.of(1, 2), null, List.of(3)), a);
    }

    @Test
    void slicesAndSlicesOfSlices() {
        List<List<Integer>> source = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            List<Integer> l = new ArrayList<>();
            for (int k = 0; k < i % 4; k++) {
                l.add(k == 1 && i % 3 == 0 ? null : i * 10 + k);
            }
            source.add(i % 7 == 2 ? null : l);
        }
        ListBuilder b = new ListBuilder(LIST_INT32, ALLOC);
        source.forEach(b::appendObject);
        ListArray a = b.build();

        ListArray s = a.slice(3, 30);
        ListArray ss = s.slice(5, 17);
        assertEquals(source.subList(3, 33), objects(s));
        assertEquals(source.subList(8, 25), objects(ss));
        s.validateFull();
        ss.validateFull();
        assertEquals(8, ss.offset());
        assertEquals(a.valueOffset(8), ss.valueOffset(0));

        ListBuilder fresh = new ListBuilder(LIST_INT32, ALLOC);
        source.subList(8, 25).forEach(fresh::appendObject);
        ListArray copy = fresh.build();
        assertEquals(copy, ss);
        assertEquals(ss, copy);
        assertEquals(copy.hashCode(), ss.hashCode());
        assertTrue(a.rangeEquals(8, copy, 0, 17));
        assertFalse(a.rangeEquals(7, copy, 0, 17));
    }

    @Test
    void equalityIgnoresOffsetsAndValuesUnderNulls() {
        // [[1, 2], null, [3]] with the null slot covering hidden values 9, 9 and the lists starting at 1
        Array values = int8s(7, 1, 2, 9, 9, 3);
        ListArray hidden = ListArray.of(new int[] {1, 3, 5, 6}, new boolean[] {true, false, true}, values);
        ListArray plain = build(LIST_INT8, List.of(1, 2), null, List.of(3));
        hidden.validateFull();
        assertEquals(plain, hidden);
        assertEquals(plain.toString(), hidden.toString());

        assertNotEquals(plain, build(LIST_INT8, List.of(1, 2), List.of(), List.of(3)));
        assertNotEquals(plain, build(LIST_INT8, List.of(1, 2), null, List.of(4)));
        assertNotEquals(plain, build(LIST_INT8, List.of(1), null, List.of(3)));
        assertNotEquals(plain, build(LIST_INT8, Arrays.asList(1, null), null, List.of(3)));
        assertNotEquals(plain, build(LIST_INT8, List.of(1, 2), null));
    }

    @Test
    void decreasingOffsetFailsMonotonic() {
        ListArray a = build(LIST_INT8, List.of(1, 2), List.of(3), List.of(4, 5), List.of(6));
        // offsets 0, 2, 3, 5, 6: make entry 2 (end of list 1) fall below entry 1
        ListArray bad = ListArray.ofUnchecked(editBuffer(a.data(), 1, buf -> buf.setInt(2 * 4, 1)));
        assertInvalid(bad, Rules.OFFSETS_MONOTONIC, 1);
        // a slice that does not reach the broken offsets is still valid
        bad.slice(2, 2).validateFull();
        assertInvalid(bad.slice(1, 2), Rules.OFFSETS_MONOTONIC, 0);
    }

    @Test
    void offsetPastTheChildFailsInBounds() {
        ListArray a = build(LIST_INT8, List.of(1, 2), List.of(3), List.of(4, 5), List.of(6));
        ListArray bad = ListArray.ofUnchecked(editBuffer(a.data(), 1, buf -> buf.setInt(2 * 4, 100)));
        assertInvalid(bad, Rules.OFFSETS_IN_BOUNDS, 1);
    }

    @Test
    void brokenChildFailsTheParent() {
        ListArray a = build(ArrowType.List.of(LIST_INT8), List.of(List.of(1, 2), List.of(3)), List.of(List.of(4)));
        ArrayData inner = editBuffer(a.data().child(0), 1, buf -> buf.setInt(2 * 4, 1)); // 0, 2, 1, 4
        ListArray bad = ListArray.ofUnchecked(a.data().withChildren(List.of(inner)));
        assertInvalid(bad, Rules.OFFSETS_MONOTONIC, 1);
    }

    @Test
    void structuralProblemsAreFoundBeforeContent() {
        ListArray a = build(LIST_INT8, List.of(1, 2), List.of(3));
        ListArray pastEnd = ListArray.ofUnchecked(editBuffer(a.data(), 1, buf -> buf.setInt(2 * 4, 9)));
        assertInvalid(pastEnd, Rules.OFFSETS_IN_BOUNDS, 2);
        ArrayData noChildren = new ArrayData(LIST_INT8, 2, 0, 0, a.data().buffers(), List.of(), null);
        assertThrows(ValidationException.class, () -> Array.of(noChildren));
    }

    @Test
    void objectRoundTrip() {
        List<Object> source = Arrays.asList(
                List.of(List.of(1), List.of()), null, Arrays.asList(null, Arrays.asList(2, null, 3)), List.of());
        ListBuilder b = new ListBuilder(ArrowType.List.of(LIST_INT32), ALLOC);
        source.forEach(b::appendObject);
        ListArray a = b.build();
        assertEquals(source, objects(a));
        a.validateFull();
        assertThrows(IllegalArgumentException.class, () -> b.appendObject("not a list"));
    }

    @Test
    void builderGrowsAndIsReusable() {
        ListBuilder b = new ListBuilder(LIST_INT32, ALLOC);
        IntBuilder<?> ints = (IntBuilder<?>) b.values();
        int n = 100_000;
        for (int i = 0; i < n; i++) {
            if (i % 11 == 0) {
                b.appendNull();
                continue;
            }
            b.startList();
            for (int k = 0; k < i % 5; k++) {
                ints.append(i + k);
            }
            b.endList();
        }
        ListArray a = b.build();
        assertEquals(n, a.length());
        assertEquals((n + 10) / 11, a.nullCount());
        a.validateFull();
        assertEquals(List.of(99_998, 99_999, 100_000), a.getObject(99_998));
        assertNull(a.getObject(99_990));
        assertEquals(List.of(), a.getObject(50_000));

        assertEquals(0, b.length());
        ListArray again = build(LIST_INT32, List.of(5));
        b.appendObject(List.of(5));
        assertEquals(again, b.build());
    }

    @Test
    void emptyBuildHasOneOffset() {
        ListArray a = new ListBuilder(LIST_INT8, ALLOC).build();
        assertEquals(0, a.length());
        assertPrefix(int32s(0), a.data().buffer(1));
        a.validateFull();
        assertEquals("[]", a.toString());
    }

    @Test
    void builderRefusesMisuse() {
        ListBuilder b = new ListBuilder(LIST_INT8, ALLOC);
        assertThrows(IllegalStateException.class, b::endList);
        b.startList();
        assertThrows(IllegalStateException.class, b::startList);
        assertThrows(IllegalStateException.class, b::appendNull);
        assertThrows(IllegalStateException.class, b::build);
        assertThrows(IllegalArgumentException.class, () -> new ListBuilder(ArrowType.INT8, ALLOC));
        assertThrows(IllegalArgumentException.class,
                () -> new ListBuilder(LIST_INT8, IntBuilder.int16(ALLOC), ALLOC));
    }

    @Test
    void buildsOnAScopedAllocator() {
        try (ScopedAllocator scoped = BufferAllocator.scoped()) {
            ListBuilder b = new ListBuilder(LIST_INT8, scoped);
            b.appendObject(List.of(1, 2, 3));
            ListArray a = b.build();
            assertEquals(List.of(1, 2, 3), a.getObject(0));
            assertTrue(scoped.allocatedBytes() > 0);
        }
    }

    @Test
    void factoryAssemblesFromParts() {
        ListArray a = ListArray.of(new int[] {0, 2, 2, 3}, null, int8s(4, 5, 6));
        assertEquals(0, a.nullCount());
        assertEquals("[[4, 5], [], [6]]", a.toString());
        assertInstanceOf(Int8Array.class, a.values());
        assertEquals(Field.nullable("item", ArrowType.INT8), a.valueField());
        assertThrows(ValidationException.class, () -> ListArray.of(new int[] {0, 4}, null, int8s(1)));
        assertThrows(IllegalArgumentException.class, () -> ListArray.of(new int[] {0, 1}, new boolean[2], int8s(1)));
    }

    // ---- property: random lists of int with nulls ----

    @Property(tries = 200)
    void randomListsSurviveBuildSliceAndValidation(@ForAll("lists") List<List<Integer>> source,
            @ForAll("fractions") double from, @ForAll("fractions") double size) {
        ListBuilder b = new ListBuilder(LIST_INT32, ALLOC);
        source.forEach(b::appendObject);
        ListArray a = b.build();
        a.validateFull();
        assertEquals(source, objects(a));
        int start = (int) (from * source.size());
        int len = (int) (size * (source.size() - start));
        ListArray s = a.slice(start, len);
        s.validateFull();
        assertEquals(source.subList(start, start + len), objects(s));
    }

    @Property(tries = 200)
    void decreasingOffsetsAreFound(@ForAll("lists") List<List<Integer>> source, @ForAll("fractions") double where) {
        net.jqwik.api.Assume.that(source.size() >= 2);
        ListBuilder b = new ListBuilder(LIST_INT32, ALLOC);
        source.forEach(b::appendObject);
        ListArray a = b.build();
        int k = 1 + (int) (where * (source.size() - 1)); // offset entry k, in 1..size-1
        int below = (int) a.valueOffset(k - 1) - 1;
        ListArray bad = ListArray.ofUnchecked(editBuffer(a.data(), 1, buf -> buf.setInt(k * 4L, below)));
        assertInvalid(bad, Rules.OFFSETS_MONOTONIC, k - 1);
    }

    @Provide
    Arbitrary<List<List<Integer>>> lists() {
        Arbitrary<Integer> ints = Arbitraries.integers().injectNull(0.2);
        Arbitrary<List<Integer>> list = ints.list().ofMaxSize(6).injectNull(0.2);
        return list.list().ofMaxSize(60);
    }

    @Provide
    Arbitrary<Double> fractions() {
        return Combinators.combine(Arbitraries.integers().between(0, 1000), Arbitraries.just(1000.0))
                .as((a, b) -> a / b);
    }

    static List<Object> objects(Array a) {
        List<Object> out = new ArrayList<>();
        for (long i = 0; i < a.length(); i++) {
            out.add(a.getObject(i));
        }
        return out;
    }
}
