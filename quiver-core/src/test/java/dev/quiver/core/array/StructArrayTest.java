// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import static dev.quiver.core.array.ListArrayTest.objects;
import static dev.quiver.core.array.NestedTestSupport.assertInvalid;
import static dev.quiver.core.array.NestedTestSupport.assertPrefix;
import static dev.quiver.core.array.NestedTestSupport.binary;
import static dev.quiver.core.array.NestedTestSupport.bytes;
import static dev.quiver.core.array.NestedTestSupport.editBuffer;
import static dev.quiver.core.array.NestedTestSupport.int32s;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.builder.StructBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;
import dev.quiver.core.validation.ValidationLevel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class StructArrayTest {
    private static final BufferAllocator ALLOC = BufferAllocator.managed();
    private static final ArrowType.Struct AB = ArrowType.Struct.of(Field.nullable("a", ArrowType.INT32),
            Field.nullable("b", ArrowType.INT8));

    private static Map<String, Object> ab(Integer a, Integer b) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("a", a);
        m.put("b", b);
        return m;
    }

    private static StructArray build(ArrowType.Struct type, Object... structs) {
        StructBuilder b = new StructBuilder(type, ALLOC);
        for (Object s : structs) {
            b.appendObject(s);
        }
        return b.build();
    }

    @Test
    void specStructWithHiddenAlice() {
        ArrowType.Struct type = ArrowType.Struct.of(Field.nullable("name", ArrowType.BINARY),
                Field.nullable("age", ArrowType.INT32));
        // the binary child ['joe', null, 'alice', 'mark'], by hand: its builder is another layout's
        ArrayData names = binary(new boolean[] {true, false, true, true}, new int[] {0, 3, 3, 8, 12},
                "joealicemark");
        IntBuilder<?> ages = IntBuilder.int32(ALLOC);
        StructBuilder b = new StructBuilder(type, List.of(new NestedTestSupport.Prebuilt(names), ages), ALLOC);
        ages.append(1);
        b.append();
        ages.append(2);
        b.append();
        ages.appendNull();
        b.appendNull(); // 'alice' stays in the name child, hidden by the struct's null
        ages.append(4);
        b.append();
        StructArray a = b.build();

        assertEquals(4, a.length());
        assertEquals(1, a.nullCount());
        assertEquals(1, a.data().bufferCount());
        assertPrefix(bytes(0b00001011), a.data().buffer(0));
        ArrayData name = a.data().child(0);
        assertEquals(4, name.length());
        assertEquals(1, name.nullCount());
        assertPrefix(bytes(0b00001101), name.buffer(0));
        assertPrefix(int32s(0, 3, 3, 8, 12), name.buffer(1));
        assertPrefix("joealicemark".getBytes(java.nio.charset.StandardCharsets.US_ASCII), name.buffer(2));
        ArrayData age = a.data().child(1);
        assertEquals(4, age.length());
        assertEquals(1, age.nullCount());
        assertPrefix(bytes(0b00001011), age.buffer(0));
        byte[] ageBytes = age.buffer(1).toByteArray();
        assertArrayEquals(int32s(1, 2), Arrays.copyOfRange(ageBytes, 0, 8));
        assertArrayEquals(int32s(4), Arrays.copyOfRange(ageBytes, 12, 16));

        a.validate(ValidationLevel.STRUCTURE);
        assertTrue(a.isNull(2));
        assertFalse(a.field(0).isNull(2)); // the hidden 'alice'
        assertTrue(a.field(0).isNull(1));
        assertEquals(Arrays.asList(1, 2, null, 4), objects(a.field("age")));
        assertEquals(type.fields(), a.fields());
        assertEquals(2, a.fieldCount());
    }

    @Test
    void objectsAndToString() {
        StructArray a = build(AB, ab(1, 2), ab(null, 3), null, ab(4, null));
        a.validateFull();
        assertEquals(Arrays.asList(ab(1, 2), ab(null, 3), null, ab(4, null)), objects(a));
        assertInstanceOf(LinkedHashMap.class, a.getObject(0));
        assertEquals("[{a: 1, b: 2}, {a: null, b: 3}, null, {a: 4, b: null}]", a.toString());
        assertEquals(Arrays.asList(1, null, null, 4), objects(a.field(0)));
        assertEquals(Arrays.asList(2, 3, null, null), objects(a.field("b")));
        assertThrows(IllegalArgumentException.class, () -> a.field("c"));
    }

    @Test
    void appendObjectTakesMissingNamesAsNullAndRefusesUnknownOnes() {
        StructBuilder b = new StructBuilder(AB, ALLOC);
        b.appendObject(Map.of("b", 5));
        assertThrows(IllegalArgumentException.class, () -> b.appendObject(Map.of("c", 1)));
        assertThrows(IllegalArgumentException.class, () -> b.appendObject(List.of(1, 2)));
        assertEquals(1, b.length());
        assertEquals(1, b.field(0).length());
        assertEquals(List.of(ab(null, 5)), objects(b.build()));
    }

    @Test
    void appendNullPadsTheFields() {
        StructBuilder b = new StructBuilder(AB, ALLOC);
        ((IntBuilder<?>) b.field(0)).append(7);
        b.appendNull(); // field a holds a hidden 7, field b gets a null
        b.appendNull();
        StructArray a = b.build();
        assertEquals(Arrays.asList(7, null), objects(a.field(0)));
        assertEquals(Arrays.asList(null, null), objects(a.field(1)));
        assertEquals(2, a.nullCount());
        a.validateFull();
    }

    @Test
    void fieldsAreViewedAtTheSlice() {
        List<Object> source = new ArrayList<>();
        for (int i = 0; i < 27; i++) {
            source.add(i % 6 == 4 ? null : ab(i, i % 3 == 0 ? null : i % 100));
        }
        StructArray a = build(AB, source.toArray());
        StructArray ss = a.slice(2, 23).slice(9, 11);
        assertEquals(11, ss.offset());
        assertEquals(source.subList(11, 22), objects(ss));
        ss.validateFull();
        Array a11 = ss.field(0);
        assertEquals(11, a11.length());
        assertEquals(11, ((Int32Array) a11).get(0));
        assertEquals(build(AB, source.subList(11, 22).toArray()), ss);
    }

    @Test
    void equalityIgnoresHiddenChildValues() {
        StructBuilder b = new StructBuilder(AB, ALLOC);
        ((IntBuilder<?>) b.field(0)).append(1);
        ((IntBuilder<?>) b.field(1)).append(2);
        b.append();
        ((IntBuilder<?>) b.field(0)).append(99);
        ((IntBuilder<?>) b.field(1)).append(98);
        b.appendNull();
        StructArray hidden = b.build();
        StructArray plain = build(AB, ab(1, 2), null);
        assertEquals(plain, hidden);
        assertNotEquals(plain, build(AB, ab(1, 2), ab(null, null)));
        assertNotEquals(plain, build(AB, ab(1, null), null));
        assertNotEquals(plain, build(AB, ab(1, 3), null));
        ArrowType.Struct renamed = ArrowType.Struct.of(Field.nullable("x", ArrowType.INT32),
                Field.nullable("b", ArrowType.INT8));
        assertNotEquals(plain, build(renamed, Map.of("x", 1, "b", 2), null));
    }

    @Test
    void brokenChildFailsTheParent() {
        ArrowType.Struct type = ArrowType.Struct.of(Field.nullable("n", ArrowType.INT8),
                Field.nullable("l", ArrowType.List.of(ArrowType.INT8)));
        StructArray a = build(type, Map.of("n", 1, "l", List.of(1, 2)), Map.of("n", 2, "l", List.of(3)),
                Map.of("n", 3, "l", List.of(4)));
        ArrayData list = editBuffer(a.data().child(1), 1, buf -> buf.setInt(2 * 4, 1)); // 0, 2, 1, 4
        StructArray bad = StructArray.ofUnchecked(a.data().withChildren(List.of(a.data().child(0), list)));
        assertInvalid(bad, Rules.OFFSETS_MONOTONIC, 1);
        // the content of a child is checked in full, also where this struct's slice does not reach
        assertInvalid(bad.slice(2, 1), Rules.OFFSETS_MONOTONIC, 1);
    }

    @Test
    void shortChildFailsStructurally() {
        StructArray a = build(AB, ab(1, 2), ab(3, 4));
        ArrayData shortChild = a.data().child(1).slice(0, 1);
        StructArray bad = StructArray.ofUnchecked(a.data().withChildren(List.of(a.data().child(0), shortChild)));
        assertInvalid(bad, Rules.CHILD_LENGTH, -1);
    }

    @Test
    void factoryAssemblesFromChildren() {
        Array as = NestedTestSupport.int8s(1, 2, 3);
        ArrowType.Struct type = ArrowType.Struct.of(Field.nullable("a", ArrowType.INT8));
        StructArray a = StructArray.of(type, new boolean[] {true, false, true}, List.of(as));
        assertEquals(1, a.nullCount());
        assertEquals("[{a: 1}, null, {a: 3}]", a.toString());
        assertEquals(3, StructArray.of(type, null, List.of(as)).length());
        assertEquals(0, StructArray.of(ArrowType.Struct.of(), null, List.of()).length());
        assertThrows(ValidationException.class, () -> StructArray.of(type, new boolean[4], List.of(as)));
    }

    @Test
    void builderGrowsAndRefusesMisuse() {
        StructBuilder b = new StructBuilder(AB, ALLOC);
        IntBuilder<?> x = (IntBuilder<?>) b.field(0);
        IntBuilder<?> y = (IntBuilder<?>) b.field(1);
        int n = 100_000;
        for (int i = 0; i < n; i++) {
            if (i % 13 == 0) {
                b.appendNull();
                continue;
            }
            x.append(i);
            y.append(i % 128);
            b.append();
        }
        StructArray a = b.build();
        assertEquals(n, a.length());
        assertEquals((n + 12) / 13, a.nullCount());
        a.validateFull();
        assertEquals(ab(99_999, 99_999 % 128), a.getObject(99_999));

        x.append(1);
        assertThrows(IllegalStateException.class, b::append);
        assertThrows(IllegalStateException.class, b::build);
        assertThrows(IllegalArgumentException.class,
                () -> new StructBuilder(AB, List.of(IntBuilder.int32(ALLOC)), ALLOC));
        assertThrows(IllegalArgumentException.class, () -> new StructBuilder(AB,
                List.of(IntBuilder.int32(ALLOC), IntBuilder.int16(ALLOC)), ALLOC));
    }

    // ---- property: random structs of int with nulls ----

    @Property(tries = 200)
    void randomStructsSurviveBuildSliceAndValidation(@ForAll("structs") List<Map<String, Object>> source,
            @ForAll @IntRange(min = 0, max = 1000) int from, @ForAll @IntRange(min = 0, max = 1000) int size) {
        StructBuilder b = new StructBuilder(AB, ALLOC);
        source.forEach(b::appendObject);
        StructArray a = b.build();
        a.validateFull();
        assertEquals(source, objects(a));
        int start = from * source.size() / 1000;
        int len = size * (source.size() - start) / 1000;
        StructArray s = a.slice(start, len);
        s.validateFull();
        assertEquals(source.subList(start, start + len), objects(s));
        assertEquals(build(AB, source.subList(start, start + len).toArray()), s);
    }

    @Provide
    Arbitrary<List<Map<String, Object>>> structs() {
        Arbitrary<Integer> a = Arbitraries.integers().injectNull(0.2);
        Arbitrary<Integer> b = Arbitraries.integers().between(-128, 127).injectNull(0.2);
        Arbitrary<Map<String, Object>> struct = net.jqwik.api.Combinators.combine(a, b)
                .as(StructArrayTest::ab).injectNull(0.2);
        return struct.list().ofMaxSize(60);
    }

    @Test
    void duplicateFieldNamesKeepTheLastInObjects() {
        ArrowType.Struct dup = ArrowType.Struct.of(Field.nullable("a", ArrowType.INT8),
                Field.nullable("a", ArrowType.INT8));
        StructBuilder b = new StructBuilder(dup, ALLOC);
        ((IntBuilder<?>) b.field(0)).append(1);
        ((IntBuilder<?>) b.field(1)).append(2);
        b.append();
        StructArray s = b.build();
        Map<String, Object> expected = new HashMap<>();
        expected.put("a", 2);
        assertEquals(expected, s.getObject(0));
        assertNull(build(dup, (Object) null).getObject(0));
    }
}
