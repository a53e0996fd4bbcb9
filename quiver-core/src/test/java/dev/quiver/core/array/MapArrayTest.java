// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import static dev.quiver.core.array.ListArrayTest.objects;
import static dev.quiver.core.array.NestedTestSupport.assertInvalid;
import static dev.quiver.core.array.NestedTestSupport.assertPrefix;
import static dev.quiver.core.array.NestedTestSupport.bytes;
import static dev.quiver.core.array.NestedTestSupport.editBuffer;
import static dev.quiver.core.array.NestedTestSupport.int32s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.builder.MapBuilder;
import dev.quiver.core.builder.StructBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.validation.Rules;
import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MapArrayTest {
    private static final BufferAllocator ALLOC = BufferAllocator.managed();
    private static final ArrowType.Map INT_TO_INT8 = ArrowType.Map.of(ArrowType.INT32, ArrowType.INT8, false);

    private static Map.Entry<Object, Object> e(Object k, Object v) {
        return new SimpleImmutableEntry<>(k, v);
    }

    private static MapArray build(ArrowType.Map type, Object... maps) {
        MapBuilder b = new MapBuilder(type, ALLOC);
        for (Object m : maps) {
            b.appendObject(m);
        }
        return b.build();
    }

    @Test
    void layoutAndValues() {
        MapBuilder b = new MapBuilder(INT_TO_INT8, ALLOC);
        IntBuilder<?> keys = (IntBuilder<?>) b.keys();
        IntBuilder<?> items = (IntBuilder<?>) b.items();
        b.startMap();
        keys.append(1);
        items.append(10);
        keys.append(2);
        items.appendNull();
        b.endMap();
        b.appendNull();
        b.startMap().endMap();
        b.startMap();
        keys.append(3);
        items.append(30);
        b.endMap();
        MapArray a = b.build();

        assertEquals(4, a.length());
        assertEquals(1, a.nullCount());
        assertPrefix(bytes(0b00001101), a.data().buffer(0));
        assertPrefix(int32s(0, 2, 2, 2, 3), a.data().buffer(1));
        ArrayData entries = a.values().data();
        assertEquals(3, entries.length());
        assertNull(entries.buffer(0));
        assertNull(entries.child(0).buffer(0));
        assertPrefix(int32s(1, 2, 3), entries.child(0).buffer(1));
        assertPrefix(bytes(0b101), entries.child(1).buffer(0));
        assertPrefix(bytes(10, 0, 30), entries.child(1).buffer(1));

        a.validateFull();
        assertEquals(Arrays.asList(List.of(e(1, 10), e(2, null)), null, List.of(), List.of(e(3, 30))), objects(a));
        assertEquals("[[1: 10, 2: null], null, [], [3: 30]]", a.toString());
        assertEquals(Arrays.asList(1, 2, 3), objects(a.keys()));
        assertEquals(Arrays.asList(10, null, 30), objects(a.items()));
        assertInstanceOf(StructArray.class, a.values());
        assertEquals(2, a.valueOffset(3));
        assertEquals(1, a.valueLength(3));
    }

    @Test
    void objectRoundTripFromEntriesAndMaps() {
        Map<Object, Object> javaMap = new LinkedHashMap<>();
        javaMap.put(5, 50);
        javaMap.put(4, null);
        MapArray a = build(INT_TO_INT8, javaMap, List.of(e(7, 70)), null, List.of());
        assertEquals(Arrays.asList(List.of(e(5, 50), e(4, null)), List.of(e(7, 70)), null, List.of()), objects(a));
        MapArray again = build(INT_TO_INT8, objects(a).toArray());
        assertEquals(a, again);
        a.validateFull();
    }

    @Test
    void nestedMapValues() {
        ArrowType.Map type = ArrowType.Map.of(ArrowType.INT8, ArrowType.List.of(ArrowType.INT8), false);
        MapArray a = build(type, List.of(e(1, List.of(1, 2)), e(2, null)), List.of(e(3, List.of())));
        a.validateFull();
        assertEquals("[[1: [1, 2], 2: null], [3: []]]", a.toString());
    }

    @Test
    void slicesAndEquality() {
        List<Object> source = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            List<Map.Entry<Object, Object>> m = new ArrayList<>();
            for (int k = 0; k < i % 3; k++) {
                m.add(e(i * 10 + k, k == 1 ? null : k));
            }
            source.add(i % 5 == 2 ? null : m);
        }
        MapArray a = build(INT_TO_INT8, source.toArray());
        MapArray ss = a.slice(4, 18).slice(5, 9);
        assertEquals(9, ss.offset());
        assertEquals(source.subList(9, 18), objects(ss));
        ss.validateFull();
        assertEquals(build(INT_TO_INT8, source.subList(9, 18).toArray()), ss);
        assertEquals(a.keys().getObject(a.valueOffset(10)), ss.keys().getObject(ss.valueOffset(1)));

        MapArray m = build(INT_TO_INT8, List.of(e(1, 2)), null);
        assertNotEquals(m, build(INT_TO_INT8, List.of(e(1, 3)), null));
        assertNotEquals(m, build(INT_TO_INT8, List.of(e(2, 2)), null));
        assertNotEquals(m, build(INT_TO_INT8, List.of(e(1, 2), e(1, 2)), null));
        assertNotEquals(m, build(INT_TO_INT8, List.of(e(1, 2)), List.of()));
        assertNotEquals(m, build(ArrowType.Map.of(ArrowType.INT32, ArrowType.INT8, true), List.of(e(1, 2)), null));
    }

    @Test
    void nullKeyInAValidMapFails() {
        MapBuilder b = new MapBuilder(INT_TO_INT8, ALLOC);
        b.appendObject(List.of(e(1, 1)));
        b.startMap();
        ((IntBuilder<?>) b.keys()).append(2);
        ((IntBuilder<?>) b.items()).append(2);
        b.keys().appendNull();
        ((IntBuilder<?>) b.items()).append(3);
        b.endMap();
        MapArray a = b.build();
        assertInvalid(a, Rules.MAP_KEY_NULL, 1);
        a.slice(0, 1).validateFull();
        assertInvalid(a.slice(1, 1), Rules.MAP_KEY_NULL, 0);
    }

    @Test
    void nullEntryInAValidMapFails() {
        StructBuilder entries = new StructBuilder((ArrowType.Struct) INT_TO_INT8.entries().type(), ALLOC);
        MapBuilder b = new MapBuilder(INT_TO_INT8, entries, ALLOC);
        b.startMap();
        ((IntBuilder<?>) b.keys()).append(1);
        ((IntBuilder<?>) b.items()).append(1);
        entries.appendNull();
        b.endMap();
        assertInvalid(b.build(), Rules.MAP_KEY_NULL, 0);
    }

    @Test
    void nullKeyUnderANullMapIsAllowed() {
        MapBuilder b = new MapBuilder(INT_TO_INT8, ALLOC);
        b.appendObject(List.of(e(1, 1)));
        b.startMap();
        b.keys().appendNull();
        ((IntBuilder<?>) b.items()).append(2);
        b.endMap();
        b.appendNull();
        MapArray a = b.build();
        assertInvalid(a, Rules.MAP_KEY_NULL, 1);
        MapArray hidden = MapArray.ofUnchecked(editBuffer(a.data(), 0, buf -> buf.setByte(0, (byte) 0b001)));
        hidden.validateFull();
        assertEquals(Arrays.asList(List.of(e(1, 1)), null, null), objects(hidden));
    }

    @Test
    void sortedKeysAreNotEnforced() {
        MapArray a = build(ArrowType.Map.of(ArrowType.INT32, ArrowType.INT8, true), List.of(e(3, 1), e(1, 2)));
        a.validateFull();
    }

    @Test
    void decreasingOffsetFailsMonotonic() {
        MapArray a = build(INT_TO_INT8, List.of(e(1, 1), e(2, 2)), List.of(e(3, 3)), List.of(e(4, 4)));
        MapArray bad = MapArray.ofUnchecked(editBuffer(a.data(), 1, buf -> buf.setInt(2 * 4, 1))); // 0, 2, 1, 4
        assertInvalid(bad, Rules.OFFSETS_MONOTONIC, 1);
        MapArray past = MapArray.ofUnchecked(editBuffer(a.data(), 1, buf -> buf.setInt(4, 9)));
        assertInvalid(past, Rules.OFFSETS_IN_BOUNDS, 0);
    }

    @Test
    void builderGrowsAndRefusesMisuse() {
        MapBuilder b = new MapBuilder(INT_TO_INT8, ALLOC);
        IntBuilder<?> keys = (IntBuilder<?>) b.keys();
        IntBuilder<?> items = (IntBuilder<?>) b.items();
        int n = 100_000;
        for (int i = 0; i < n; i++) {
            if (i % 7 == 0) {
                b.appendNull();
                continue;
            }
            b.startMap();
            for (int k = 0; k < i % 3; k++) {
                keys.append(i + k);
                items.append(k);
            }
            b.endMap();
        }
        MapArray a = b.build();
        assertEquals(n, a.length());
        a.validateFull();
        assertEquals(List.of(e(99_998, 0), e(99_999, 1)), a.getObject(99_998));

        b.startMap();
        keys.append(1);
        assertThrows(IllegalStateException.class, b::endMap);
        assertThrows(IllegalArgumentException.class, () -> new MapBuilder(INT_TO_INT8, ALLOC)
                .appendObject(Arrays.asList(e(null, 1))));
        assertThrows(IllegalArgumentException.class, () -> new MapBuilder(INT_TO_INT8, ALLOC)
                .appendObject(List.of(1, 2)));
        assertThrows(IllegalArgumentException.class, () -> new MapBuilder(INT_TO_INT8, ALLOC).appendObject("x"));
    }
}
