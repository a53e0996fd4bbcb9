// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import static dev.quiver.core.array.RawBuffers.bytes;
import static dev.quiver.core.array.RawBuffers.bytesOf;
import static dev.quiver.core.array.RawBuffers.float32;
import static dev.quiver.core.array.RawBuffers.ints;
import static dev.quiver.core.array.RawBuffers.string;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.builder.FloatBuilder;
import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.builder.UnionBuilder;
import dev.quiver.core.builder.VarBinaryBuilder;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.UnionMode;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class UnionArrayTest {
    private static final BufferAllocator ALLOC = BufferAllocator.managed();

    /** union<a: int32 = 5, b: int64 = 9> in the given mode. */
    private static ArrowType.Union intUnion(UnionMode mode) {
        return new ArrowType.Union(mode, List.of(Field.nullable("a", ArrowType.INT32),
                Field.nullable("b", ArrowType.INT64)), List.of(5, 9));
    }

    /** Slots of intUnion: Integer goes to a, Long to b. */
    private static UnionArray build(UnionMode mode, Object... values) {
        UnionBuilder b = new UnionBuilder(intUnion(mode), ALLOC);
        for (Object v : values) {
            b.appendObject(v);
        }
        return b.build();
    }

    private static List<Object> objects(Array a) {
        List<Object> out = new ArrayList<>();
        for (long i = 0; i < a.length(); i++) {
            out.add(a.getObject(i));
        }
        return out;
    }

    @Test
    void denseUnionOfTheSpec() {
        ArrowType.Union type = new ArrowType.Union(UnionMode.DENSE,
                List.of(Field.nullable("f", ArrowType.FLOAT32), Field.nullable("i", ArrowType.INT32)));
        UnionBuilder b = new UnionBuilder(type, List.of(FloatBuilder.float32(ALLOC),
                IntBuilder.int32(ALLOC)), ALLOC);
        b.append(0).appendObject(1.2f);
        b.appendNull();
        b.append(0, 3.4f);
        ((IntBuilder<?>) b.append(1)).append(5);
        UnionArray u = b.build();

        assertEquals(4, u.length());
        assertEquals(0, u.nullCount());
        assertEquals(2, u.data().bufferCount());
        assertArrayEquals(bytesOf(0, 0, 0, 1), bytes(u.typeIdsBuffer(), 4));
        assertArrayEquals(ints(0, 1, 2, 0), bytes(u.offsetsBuffer(), 16));

        ArrayData f = u.child(0).data();
        assertEquals(3, f.length());
        assertEquals(1, f.nullCount());
        assertArrayEquals(bytesOf(0b00000101), bytes(f.validity(), 1));
        assertArrayEquals(ints(Float.floatToIntBits(1.2f)), f.buffer(1).slice(0, 4).toByteArray());
        assertArrayEquals(ints(Float.floatToIntBits(3.4f)), f.buffer(1).slice(8, 4).toByteArray());

        ArrayData i = u.child(1).data();
        assertEquals(1, i.length());
        assertEquals(0, i.nullCount());
        assertNull(i.validity());
        assertArrayEquals(ints(5), bytes(i.buffer(1), 4));

        assertEquals(List.of(false, true, false, false),
                List.of(u.isNull(0), u.isNull(1), u.isNull(2), u.isNull(3)));
        assertEquals(1.2f, float32(f, u.valueOffset(0)));
        assertEquals(3.4f, float32(f, u.valueOffset(2)));
        assertEquals(1, u.childIndex(3));
        assertEquals(5, u.getObject(3));
        u.validateFull();
    }

    @Test
    void sparseUnionOfTheSpec() {
        ArrowType.Union type = new ArrowType.Union(UnionMode.SPARSE, List.of(Field.nullable("i", ArrowType.INT32),
                Field.nullable("f", ArrowType.FLOAT32), Field.nullable("s", ArrowType.BINARY)));
        UnionBuilder b = new UnionBuilder(type, List.of(IntBuilder.int32(ALLOC),
                FloatBuilder.float32(ALLOC), new VarBinaryBuilder(ArrowType.BINARY, ALLOC)), ALLOC);
        b.append(0, 5).append(1, 1.2f).append(2, "joe".getBytes()).append(1, 3.4f).append(0, 4)
                .append(2, "mark".getBytes());
        UnionArray u = b.build();

        assertEquals(6, u.length());
        assertEquals(0, u.nullCount());
        assertEquals(1, u.data().bufferCount());
        assertNull(u.offsetsBuffer());
        assertArrayEquals(bytesOf(0, 1, 2, 1, 0, 2), bytes(u.typeIdsBuffer(), 6));

        ArrayData i = u.child(0).data();
        assertEquals(6, i.length());
        assertEquals(4, i.nullCount());
        assertArrayEquals(bytesOf(0b00010001), bytes(i.validity(), 1));
        assertArrayEquals(ints(5), i.buffer(1).slice(0, 4).toByteArray());
        assertArrayEquals(ints(4), i.buffer(1).slice(16, 4).toByteArray());

        ArrayData f = u.child(1).data();
        assertEquals(6, f.length());
        assertEquals(4, f.nullCount());
        assertArrayEquals(bytesOf(0b00001010), bytes(f.validity(), 1));
        assertArrayEquals(ints(Float.floatToIntBits(1.2f)), f.buffer(1).slice(4, 4).toByteArray());
        assertArrayEquals(ints(Float.floatToIntBits(3.4f)), f.buffer(1).slice(12, 4).toByteArray());

        ArrayData s = u.child(2).data();
        assertEquals(6, s.length());
        assertEquals(4, s.nullCount());
        assertArrayEquals(bytesOf(0b00100100), bytes(s.validity(), 1));
        assertArrayEquals(ints(0, 0, 0, 3, 3, 3, 7), bytes(s.buffer(1), 28));
        assertArrayEquals("joemark".getBytes(), bytes(s.buffer(2), 7));

        for (long k = 0; k < 6; k++) {
            assertFalse(u.isNull(k));
            assertEquals(k, u.valueOffset(k));
        }
        assertEquals(5, u.getObject(0));
        assertEquals(4, u.getObject(4));
        assertEquals(1.2f, float32(f, u.valueOffset(1)));
        assertEquals("joe", string(s, u.valueOffset(2)));
        assertEquals("mark", string(s, u.valueOffset(5)));
        u.validateFull();
    }

    @ParameterizedTest
    @EnumSource(UnionMode.class)
    void typeIdsSelectChildrenThroughTheDeclaredIds(UnionMode mode) {
        UnionArray u = build(mode, 1, 2L, null, 4);
        assertEquals(Arrays.asList(1, 2L, null, 4), objects(u));
        assertEquals(5, u.typeId(0));
        assertEquals(0, u.childIndex(0));
        assertEquals(9, u.typeId(1));
        assertEquals(1, u.childIndex(1));
        assertEquals(5, u.typeId(2), "a null goes to the first child");
        assertTrue(u.isNull(2));
        assertEquals(0, u.nullCount(), "a union has no nulls of its own");
        assertEquals(new UnionValue(9, 2L), u.getUnionValue(1));
        assertEquals(mode, u.mode());
        assertEquals("[1, 2, null, 4]", u.toString());
        u.validateFull();
    }

    @Test
    void denseOffsetsCountPerChild() {
        UnionArray u = build(UnionMode.DENSE, 1, 2L, 3, 4L, 5L, 6);
        assertEquals(List.of(0L, 0L, 1L, 1L, 2L, 2L),
                List.of(u.valueOffset(0), u.valueOffset(1), u.valueOffset(2), u.valueOffset(3), u.valueOffset(4),
                        u.valueOffset(5)));
        assertEquals(3, u.child(0).length());
        assertEquals(3, u.child(1).length());
    }

    @ParameterizedTest
    @EnumSource(UnionMode.class)
    void slicesAndSlicesOfSlices(UnionMode mode) {
        Object[] values = new Object[30];
        for (int k = 0; k < values.length; k++) {
            values[k] = k % 7 == 3 ? null : k % 3 == 0 ? (Object) (long) k : (Object) k;
        }
        UnionArray u = build(mode, values);
        UnionArray s = u.slice(3, 20);
        assertEquals(objects(s), Arrays.asList(values).subList(3, 23));
        UnionArray ss = s.slice(5, 11);
        assertEquals(objects(ss), Arrays.asList(values).subList(8, 19));
        assertEquals(build(mode, Arrays.copyOfRange(values, 8, 19)), ss);
        assertEquals(ss, build(mode, Arrays.copyOfRange(values, 8, 19)));
        assertNotEquals(build(mode, Arrays.copyOfRange(values, 9, 20)), ss);
        ss.validateFull();
        if (mode == UnionMode.SPARSE) {
            assertEquals(8 + 3, ss.valueOffset(3), "sparse children are read at the union's offset + i");
        }
    }

    @Test
    void equalityIsLogical() {
        UnionArray a = build(UnionMode.DENSE, 1, null, 3L);
        // The same values with the children laid out differently: b's offsets go backwards in child a.
        ArrayData childA = IntBuilder.int32(ALLOC).append(77).append(1).appendNull().build().data();
        ArrayData childB = IntBuilder.int64(ALLOC).append(3).build().data();
        ArrayData data = new ArrayData(intUnion(UnionMode.DENSE), 3, 0, 0,
                List.of(RawBuffers.buffer(bytesOf(5, 5, 9)), RawBuffers.buffer(ints(1, 2, 0))),
                List.of(childA, childB), null);
        UnionArray b = (UnionArray) Array.of(data);
        b.validateFull();
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertNotEquals(a, build(UnionMode.DENSE, 1, null, 3), "same number, other type id");
        assertNotEquals(a, build(UnionMode.SPARSE, 1, null, 3L), "other mode");
        assertNotEquals(a, build(UnionMode.DENSE, 1, 2, 3L));
    }

    @Test
    void nullsAreEqualWhicheverChildHoldsThem() {
        ArrowType.Union type = intUnion(UnionMode.SPARSE);
        UnionBuilder b = new UnionBuilder(type, ALLOC);
        b.append(9).appendNull();
        UnionArray viaB = b.build();
        UnionArray viaA = build(UnionMode.SPARSE, (Object) null);
        assertTrue(viaB.isNull(0));
        assertEquals(viaA, viaB);
    }

    @ParameterizedTest
    @EnumSource(UnionMode.class)
    void plainValuesRoundTrip(UnionMode mode) {
        UnionArray u = build(mode, 1, 2L, null, -4, Long.MIN_VALUE);
        UnionBuilder b = new UnionBuilder(intUnion(mode), ALLOC);
        for (Object o : objects(u)) {
            b.appendObject(o);
        }
        assertEquals(u, b.build());
    }

    @Test
    void unionValuesRoundTripWhereClassesCollide() {
        ArrowType.Union type = new ArrowType.Union(UnionMode.DENSE,
                List.of(Field.nullable("x", ArrowType.INT32), Field.nullable("y", ArrowType.INT32)));
        UnionBuilder b = new UnionBuilder(type, ALLOC);
        UnionArray u = b.append(1, 10).append(0, 20).append(1, 30).build();
        assertEquals(List.of(10, 20, 10 + 20), objects(u));
        for (long i = 0; i < u.length(); i++) {
            b.appendObject(u.getUnionValue(i));
        }
        assertEquals(u, b.build());
        for (long i = 0; i < u.length(); i++) {
            b.appendObject(u.getObject(i));
        }
        UnionArray plain = b.build();
        assertEquals(List.of(0, 0, 0), List.of(plain.childIndex(0), plain.childIndex(1), plain.childIndex(2)),
                "a plain Integer goes to the first int32 child");
        assertNotEquals(u, plain);
    }

    @Test
    void numbersOfOtherClassesGoToTheFirstNumericChild() {
        ArrowType.Union type = new ArrowType.Union(UnionMode.SPARSE,
                List.of(Field.nullable("n", ArrowType.NULL), Field.nullable("l", ArrowType.INT64)));
        UnionArray u = new UnionBuilder(type, ALLOC).appendObject(7).appendObject((short) 8).build();
        assertEquals(List.of(7L, 8L), objects(u));
        assertEquals(List.of(1, 1), List.of(u.childIndex(0), u.childIndex(1)));
        assertFalse(u.isNull(0));
        assertTrue(u.child(0).isNull(0), "the null child holds the unselected sparse slots");
    }

    @Test
    void builderRefusesMisuse() {
        UnionBuilder b = new UnionBuilder(intUnion(UnionMode.DENSE), ALLOC);
        assertThrows(IllegalArgumentException.class, () -> b.append(0), "type id 0 is not declared");
        assertThrows(IllegalArgumentException.class, () -> b.append(200));
        assertThrows(IllegalArgumentException.class, () -> b.appendObject("text"));
        b.append(5);
        assertThrows(IllegalStateException.class, () -> b.append(9), "slot 0 got no value");
        assertThrows(IllegalArgumentException.class, () -> new UnionBuilder(intUnion(UnionMode.DENSE),
                List.of(IntBuilder.int64(ALLOC), IntBuilder.int64(ALLOC)), ALLOC));
    }

    @ParameterizedTest
    @EnumSource(UnionMode.class)
    void aRefusedValueLeavesTheBuilderUnchanged(UnionMode mode) {
        UnionBuilder b = new UnionBuilder(intUnion(mode), ALLOC);
        b.append(9, 1L);
        assertThrows(IllegalArgumentException.class, () -> b.append(5, "text"));
        assertEquals(1, b.length());
        b.append(5, 2);
        UnionArray u = b.build();
        assertEquals(List.of(1L, 2), objects(u));
        u.validateFull();
    }

    @ParameterizedTest
    @EnumSource(UnionMode.class)
    void builderGrowsAndIsReusable(UnionMode mode) {
        UnionBuilder b = new UnionBuilder(intUnion(mode), ALLOC);
        b.appendObject(1);
        b.build();
        int n = 100_000;
        for (int k = 0; k < n; k++) {
            if (k % 3 == 0) {
                b.append(9, (long) k);
            } else if (k % 11 == 0) {
                b.appendNull();
            } else {
                b.append(5, k);
            }
        }
        UnionArray u = b.build();
        assertEquals(n, u.length());
        for (int k = 0; k < n; k++) {
            Object expected = k % 3 == 0 ? (Object) (long) k : k % 11 == 0 ? null : (Object) k;
            assertEquals(expected, u.getObject(k));
        }
        u.validateFull();
    }

    private static UnionArray withTypeIds(UnionArray u, byte[] ids) {
        List<ArrowBuffer> buffers = new ArrayList<>();
        buffers.add(ArrowBuffer.wrap(ids));
        if (u.mode() == UnionMode.DENSE) {
            buffers.add(u.offsetsBuffer());
        }
        return (UnionArray) Array.of(new ArrayData(u.type(), u.length(), 0, 0, buffers, u.data().children(), null));
    }

    @ParameterizedTest
    @EnumSource(UnionMode.class)
    void undeclaredTypeIdFailsValidation(UnionMode mode) {
        UnionArray u = build(mode, 1, 2L, 3, 4);
        byte[] ids = u.typeIdsBuffer().toByteArray();
        ids[2] = 7;
        ValidationException e = assertThrows(ValidationException.class, () -> withTypeIds(u, ids).validateFull());
        assertEquals(Rules.UNION_TYPE_ID, e.rule());
        assertEquals(2, e.index());
        assertThrows(ValidationException.class, () -> withTypeIds(u, ids).getObject(2));

        ids[2] = 5;
        ids[3] = -1;
        e = assertThrows(ValidationException.class, () -> withTypeIds(u, ids).validateFull());
        assertEquals(Rules.UNION_TYPE_ID, e.rule());
        assertEquals(3, e.index());
        assertEquals(-1, withTypeIds(u, ids).childIndex(3));
        withTypeIds(u, ids).slice(0, 3).validateFull();
    }

    private static UnionArray withOffsets(UnionArray u, int... offsets) {
        return (UnionArray) Array.of(new ArrayData(u.type(), u.length(), 0, 0,
                List.of(u.typeIdsBuffer(), ArrowBuffer.wrap(ints(offsets))), u.data().children(), null));
    }

    @Test
    void denseOffsetOutsideTheChildFailsValidation() {
        UnionArray u = build(UnionMode.DENSE, 1, 2L, 3, 4L);
        withOffsets(u, 1, 1, 0, 0).validateFull();
        ValidationException e = assertThrows(ValidationException.class,
                () -> withOffsets(u, 0, 0, 2, 1).validateFull());
        assertEquals(Rules.UNION_OFFSET, e.rule());
        assertEquals(2, e.index());
        e = assertThrows(ValidationException.class, () -> withOffsets(u, 0, -1, 1, 1).validateFull());
        assertEquals(Rules.UNION_OFFSET, e.rule());
        assertEquals(1, e.index());
        withOffsets(u, 0, -1, 1, 1).slice(2, 2).validateFull();
    }

    @Test
    void childrenAreValidatedToo() {
        ArrowType.Dictionary dict = new ArrowType.Dictionary(ArrowType.INT8, ArrowType.INT32, false);
        ArrowType.Union type = new ArrowType.Union(UnionMode.SPARSE, List.of(Field.nullable("d", dict)));
        UnionBuilder b = new UnionBuilder(type, ALLOC);
        UnionArray u = b.append(0, 10).append(0, 20).build();
        u.validateFull();
        ArrayData d = u.child(0).data();
        ArrayData badChild = new ArrayData(dict, 2, 0, 0, Arrays.asList(null, ArrowBuffer.wrap(bytesOf(0, 2))),
                List.of(), d.dictionary());
        UnionArray bad = (UnionArray) Array.of(u.data().withChildren(List.of(badChild)));
        ValidationException e = assertThrows(ValidationException.class, bad::validateFull);
        assertEquals(Rules.DICTIONARY_INDEX, e.rule());
        assertInstanceOf(DictionaryArray.class, bad.child(0));
    }
}
