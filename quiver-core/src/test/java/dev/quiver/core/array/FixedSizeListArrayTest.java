// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import static dev.quiver.core.array.ListArrayTest.objects;
import static dev.quiver.core.array.NestedTestSupport.assertInvalid;
import static dev.quiver.core.array.NestedTestSupport.assertPrefix;
import static dev.quiver.core.array.NestedTestSupport.bytes;
import static dev.quiver.core.array.NestedTestSupport.editBuffer;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.builder.FixedSizeListBuilder;
import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class FixedSizeListArrayTest {
    private static final BufferAllocator ALLOC = BufferAllocator.managed();
    private static final ArrowType.FixedSizeList BYTES4 =
            new ArrowType.FixedSizeList(Field.nullable("item", ArrowType.UINT8), 4);
    private static final ArrowType.FixedSizeList INT32_2 =
            new ArrowType.FixedSizeList(Field.nullable("item", ArrowType.INT32), 2);

    private static FixedSizeListArray build(ArrowType type, List<?>... lists) {
        FixedSizeListBuilder b = new FixedSizeListBuilder(type, ALLOC);
        for (List<?> l : lists) {
            b.appendObject(l);
        }
        return b.build();
    }

    @Test
    void specFixedSizeListOfBytes() {
        FixedSizeListBuilder b = new FixedSizeListBuilder(BYTES4, ALLOC);
        IntBuilder<?> bytes = (IntBuilder<?>) b.values();
        bytes.append(192).append(168).append(0).append(12);
        b.append();
        bytes.append(0).append(0).append(0).append(0); // hidden under the null list: the child needs no nulls
        b.appendNull();
        bytes.append(192).append(168).append(0).append(25);
        b.append();
        bytes.append(192).append(168).append(0).append(1);
        b.append();
        FixedSizeListArray a = b.build();

        assertEquals(4, a.length());
        assertEquals(1, a.nullCount());
        assertEquals(1, a.data().bufferCount());
        assertPrefix(bytes(0b00001101), a.data().buffer(0));
        ArrayData child = a.values().data();
        assertEquals(16, child.length());
        assertEquals(0, child.nullCount());
        assertNull(child.buffer(0));
        byte[] values = child.buffer(1).toByteArray();
        assertArrayEquals(bytes(192, 168, 0, 12), Arrays.copyOfRange(values, 0, 4));
        assertArrayEquals(bytes(192, 168, 0, 25, 192, 168, 0, 1), Arrays.copyOfRange(values, 8, 16));

        a.validateFull();
        assertEquals(Arrays.asList(List.of(192, 168, 0, 12), null, List.of(192, 168, 0, 25), List.of(192, 168, 0, 1)),
                objects(a));
        assertEquals("[[192, 168, 0, 12], null, [192, 168, 0, 25], [192, 168, 0, 1]]", a.toString());
        assertEquals(4, a.listSize());
        assertEquals(8, a.valueOffset(2));
        assertEquals(4, a.valueLength(2));
    }

    @Test
    void appendNullPadsTheChildWithNulls() {
        FixedSizeListArray a = build(INT32_2, List.of(1, 2), null, Arrays.asList(null, 4));
        assertEquals(6, a.values().length());
        assertEquals(3, a.values().nullCount());
        assertEquals(Arrays.asList(1, 2, null, null, null, 4), objects(a.values()));
        assertEquals(Arrays.asList(List.of(1, 2), null, Arrays.asList(null, 4)), objects(a));
        a.validateFull();
    }

    @Test
    void slicesReadTheChildAtTheParentOffset() {
        List<Object> source = new ArrayList<>();
        for (int i = 0; i < 21; i++) {
            source.add(i % 5 == 3 ? null : Arrays.asList(i, i % 4 == 0 ? null : -i));
        }
        FixedSizeListBuilder b = new FixedSizeListBuilder(INT32_2, ALLOC);
        source.forEach(b::appendObject);
        FixedSizeListArray a = b.build();
        FixedSizeListArray ss = a.slice(5, 14).slice(6, 5);
        assertEquals(11, ss.offset());
        assertEquals(22, ss.valueOffset(0));
        assertEquals(source.subList(11, 16), objects(ss));
        ss.validateFull();
        FixedSizeListBuilder fresh = new FixedSizeListBuilder(INT32_2, ALLOC);
        source.subList(11, 16).forEach(fresh::appendObject);
        assertEquals(fresh.build(), ss);
    }

    @Test
    void equalityIgnoresValuesUnderNulls() {
        FixedSizeListBuilder b = new FixedSizeListBuilder(INT32_2, ALLOC);
        IntBuilder<?> ints = (IntBuilder<?>) b.values();
        ints.append(1).append(2);
        b.append();
        ints.append(77).append(88);
        b.appendNull();
        FixedSizeListArray hidden = b.build();
        FixedSizeListArray padded = build(INT32_2, List.of(1, 2), null);
        assertEquals(padded, hidden);
        assertNotEquals(padded, build(INT32_2, List.of(1, 3), null));
        assertNotEquals(padded, build(INT32_2, List.of(1, 2), List.of(77, 88)));
        assertNotEquals(padded, build(new ArrowType.FixedSizeList(Field.nullable("item", ArrowType.INT32), 1),
                List.of(1), null));
    }

    @Test
    void zeroSizedLists() {
        ArrowType.FixedSizeList empty = new ArrowType.FixedSizeList(Field.nullable("item", ArrowType.INT8), 0);
        FixedSizeListArray a = build(empty, List.of(), null, List.of());
        assertEquals(0, a.values().length());
        a.validateFull();
        assertEquals("[[], null, []]", a.toString());
    }

    @Test
    void brokenChildFailsTheParent() {
        ArrowType.FixedSizeList type = new ArrowType.FixedSizeList(
                Field.nullable("item", ArrowType.List.of(ArrowType.INT8)), 2);
        FixedSizeListArray a = build(type, List.of(List.of(1, 2), List.of(3)), List.of(List.of(), List.of(4)));
        ArrayData inner = editBuffer(a.data().child(0), 1, buf -> buf.setInt(2 * 4, 1)); // 0, 2, 1, 3, 4
        assertInvalid(FixedSizeListArray.ofUnchecked(a.data().withChildren(List.of(inner))), Rules.OFFSETS_MONOTONIC,
                1);
    }

    @Test
    void shortChildFailsStructurally() {
        FixedSizeListArray a = build(INT32_2, List.of(1, 2), List.of(3, 4));
        ArrayData shortChild = a.data().child(0).slice(0, 3);
        ValidationException e = assertThrows(ValidationException.class,
                () -> FixedSizeListArray.ofUnchecked(a.data().withChildren(List.of(shortChild))).validateFull());
        assertEquals(Rules.CHILD_LENGTH, e.rule());
    }

    @Test
    void builderGrowsAndRefusesMisuse() {
        FixedSizeListBuilder b = new FixedSizeListBuilder(INT32_2, ALLOC);
        IntBuilder<?> ints = (IntBuilder<?>) b.values();
        int n = 100_000;
        for (int i = 0; i < n; i++) {
            if (i % 9 == 0) {
                b.appendNull();
            } else {
                ints.append(i).append(-i);
                b.append();
            }
        }
        FixedSizeListArray a = b.build();
        assertEquals(n, a.length());
        a.validateFull();
        assertEquals(List.of(99_998, -99_998), a.getObject(99_998));
        assertNull(a.getObject(99_999 - 99_999 % 9));

        ints.append(1);
        assertThrows(IllegalStateException.class, b::append);
        assertThrows(IllegalStateException.class, b::build);
        assertThrows(IllegalArgumentException.class, () -> b.appendObject(List.of(1, 2, 3)));
        assertThrows(IllegalArgumentException.class, () -> new FixedSizeListBuilder(ArrowType.INT8, ALLOC));
        assertTrue(b.length() == 0 && b.listSize() == 2);
    }
}
