// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import static dev.quiver.core.array.RawBuffers.bytes;
import static dev.quiver.core.array.RawBuffers.bytesOf;
import static dev.quiver.core.array.RawBuffers.float32;
import static dev.quiver.core.array.RawBuffers.ints;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.builder.FloatBuilder;
import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.builder.RunEndEncodedBuilder;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunEndEncodedArrayTest {
    private static final BufferAllocator ALLOC = BufferAllocator.managed();
    private static final ArrowType.RunEndEncoded INT_REE = ArrowType.RunEndEncoded.of(ArrowType.INT32, ArrowType.INT32);

    private static RunEndEncodedArray build(ArrowType.RunEndEncoded type, Object... values) {
        RunEndEncodedBuilder b = new RunEndEncodedBuilder(type, ALLOC);
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

    private static ArrayData ints32(Integer... values) {
        IntBuilder<?> b = IntBuilder.int32(ALLOC);
        for (Integer v : values) {
            b.appendObject(v);
        }
        return b.build().data();
    }

    /** Hand-made run-end encoded data of the given logical length over int32 run ends and values. */
    private static RunEndEncodedArray encoded(long length, ArrayData runEnds, ArrayData values) {
        return (RunEndEncodedArray) Array.of(ArrayData.of(INT_REE, length, List.of(), List.of(runEnds, values)));
    }

    @Test
    void runEndEncodedFloatsOfTheSpec() {
        ArrowType.RunEndEncoded type = ArrowType.RunEndEncoded.of(ArrowType.INT32, ArrowType.FLOAT32);
        RunEndEncodedBuilder b = new RunEndEncodedBuilder(type, FloatBuilder.float32(ALLOC), ALLOC);
        for (Float f : Arrays.asList(1.0f, 1.0f, 1.0f, 1.0f, null, null, 2.0f)) {
            b.appendObject(f);
        }
        assertEquals(3, b.runCount());
        RunEndEncodedArray r = b.build();

        assertEquals(7, r.length());
        assertEquals(0, r.nullCount());
        assertEquals(0, r.data().bufferCount());

        ArrayData runEnds = r.runEnds().data();
        assertEquals(ArrowType.INT32, runEnds.type());
        assertEquals(3, runEnds.length());
        assertEquals(0, runEnds.nullCount());
        assertNull(runEnds.validity());
        assertArrayEquals(ints(4, 6, 7), bytes(runEnds.buffer(1), 12));

        ArrayData values = r.values().data();
        assertEquals(3, values.length());
        assertEquals(1, values.nullCount());
        assertArrayEquals(bytesOf(0b00000101), bytes(values.validity(), 1));
        assertArrayEquals(ints(Float.floatToIntBits(1.0f)), values.buffer(1).slice(0, 4).toByteArray());
        assertArrayEquals(ints(Float.floatToIntBits(2.0f)), values.buffer(1).slice(8, 4).toByteArray());

        long[] runs = new long[7];
        boolean[] nulls = new boolean[7];
        for (int i = 0; i < 7; i++) {
            runs[i] = r.physicalIndex(i);
            nulls[i] = r.isNull(i);
        }
        assertArrayEquals(new long[] {0, 0, 0, 0, 1, 1, 2}, runs);
        assertArrayEquals(new boolean[] {false, false, false, false, true, true, false}, nulls);
        assertEquals(1.0f, float32(values, r.physicalIndex(2)));
        assertEquals(2.0f, float32(values, r.physicalIndex(6)));
        r.validateFull();
    }

    @Test
    void runEndsOfEachWidth() {
        ArrowType.RunEndEncoded short16 = ArrowType.RunEndEncoded.of(ArrowType.INT16, ArrowType.INT32);
        RunEndEncodedArray a = build(short16, 5, 5, 6, null);
        assertInstanceOf(Int16Array.class, a.runEnds());
        assertArrayEquals(bytesOf(2, 0, 3, 0, 4, 0), bytes(a.runEnds().data().buffer(1), 6));
        ArrowType.RunEndEncoded long64 = ArrowType.RunEndEncoded.of(ArrowType.INT64, ArrowType.INT32);
        RunEndEncodedArray b = build(long64, 5, 5, 6, null);
        assertInstanceOf(Int64Array.class, b.runEnds());
        assertArrayEquals(bytesOf(2, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0), bytes(b.runEnds().data().buffer(1),
                16));
        assertEquals(List.of(5, 5, 6), objects(b).subList(0, 3));
        assertEquals(objects(a), objects(b));
        assertEquals(4, b.runEnd(2));
    }

    @Test
    void decodesValuesAndPrints() {
        RunEndEncodedArray r = build(INT_REE, 1, 1, null, null, null, 3, 1);
        assertEquals(Arrays.asList(1, 1, null, null, null, 3, 1), objects(r));
        assertEquals(List.of(1, 3, 1), objects(r.values()).stream().filter(o -> o != null).toList());
        assertEquals(4, r.runCount());
        assertEquals("[1, 1, null, null, null, 3, 1]", r.toString());
        assertThrows(IndexOutOfBoundsException.class, () -> r.physicalIndex(7));
        r.validateFull();
    }

    @Test
    void slicesCountTheRunsTheyTouch() {
        Object[] values = new Object[40];
        for (int k = 0; k < values.length; k++) {
            values[k] = k / 5 % 3 == 2 ? null : k / 5;
        }
        RunEndEncodedArray r = build(INT_REE, values);
        assertEquals(8, r.runCount());
        assertEquals(0, r.physicalOffset());
        assertEquals(8, r.physicalLength());

        RunEndEncodedArray s = r.slice(3, 30);
        assertEquals(Arrays.asList(values).subList(3, 33), objects(s));
        assertEquals(0, s.physicalOffset());
        assertEquals(7, s.physicalLength());
        assertEquals(6, s.physicalIndex(29));

        RunEndEncodedArray ss = s.slice(9, 13);
        assertEquals(Arrays.asList(values).subList(12, 25), objects(ss));
        assertEquals(2, ss.physicalOffset());
        assertEquals(3, ss.physicalLength());
        assertEquals(build(INT_REE, Arrays.copyOfRange(values, 12, 25)), ss);
        assertNotEquals(build(INT_REE, Arrays.copyOfRange(values, 13, 26)), ss);
        ss.validateFull();

        RunEndEncodedArray empty = r.slice(10, 0);
        assertEquals(0, empty.physicalLength());
        assertEquals("[]", empty.toString());
    }

    @Test
    void equalityIsLogical() {
        RunEndEncodedArray a = build(INT_REE, 7, 7, 7, null, 8);
        // The same values split into more runs, with other bytes under the null.
        ArrayData valuesWithNull = new ArrayData(ArrowType.INT32, 4, 0, 1, Arrays.asList(
                ArrowBuffer.wrap(bytesOf(0b1011)), ArrowBuffer.wrap(ints(7, 7, 99, 8))), List.of(), null);
        RunEndEncodedArray b = encoded(5, ints32(1, 3, 4, 5), valuesWithNull);
        b.validateFull();
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertNotEquals(a, build(INT_REE, 7, 7, 7, 0, 8));
        assertNotEquals(a, build(ArrowType.RunEndEncoded.of(ArrowType.INT64, ArrowType.INT32), 7, 7, 7, null, 8));
    }

    @Test
    void builderMergesRunsOfNullsAndEqualValues() {
        RunEndEncodedBuilder b = new RunEndEncodedBuilder(INT_REE, ALLOC);
        b.appendNull().appendObject(null).appendRun(null, 3).appendRun(4, 2).appendObject(4L).appendRun(9, 0)
                .appendObject((short) 4).appendObject(5);
        assertEquals(10, b.length());
        RunEndEncodedArray r = b.build();
        assertEquals(List.of(5, 9, 10), objects(r.runEnds()));
        assertEquals(Arrays.asList(null, 4, 5), objects(r.values()));
        assertThrows(IllegalArgumentException.class, () -> b.appendRun(1, -1));
    }

    @Test
    void builderRefusesToPassTheRunEndTypesMaximum() {
        RunEndEncodedBuilder b = new RunEndEncodedBuilder(
                ArrowType.RunEndEncoded.of(ArrowType.INT16, ArrowType.INT32), ALLOC);
        b.appendRun(1, 30_000).appendRun(2, 2_767);
        assertThrows(IllegalStateException.class, () -> b.appendObject(2));
        assertThrows(IllegalStateException.class, () -> b.appendRun(3, 1));
        RunEndEncodedArray r = b.build();
        assertEquals(Short.MAX_VALUE, r.length());
        assertEquals(List.of(30_000, 32_767), objects(r.runEnds()).stream().map(o -> ((Number) o).intValue())
                .toList());
        r.validateFull();
    }

    @Test
    void builderGrowsAndIsReusable() {
        RunEndEncodedBuilder b = new RunEndEncodedBuilder(INT_REE, ALLOC);
        b.appendObject(1);
        b.build();
        int n = 100_000;
        for (int k = 0; k < n; k++) {
            b.appendObject(k % 10 == 9 ? null : (Object) (k / 3));
        }
        RunEndEncodedArray r = b.build();
        assertEquals(n, r.length());
        for (int k = 0; k < n; k++) {
            assertEquals(k % 10 == 9 ? null : (Object) (k / 3), r.getObject(k));
        }
        assertTrue(r.runCount() < n);
        r.validateFull();
    }

    @Test
    void getObjectRoundTripsThroughAppendObject() {
        RunEndEncodedArray r = build(INT_REE, 1, 1, null, 2, 2, 2);
        RunEndEncodedBuilder b = new RunEndEncodedBuilder(INT_REE, ALLOC);
        for (Object o : objects(r.slice(1, 4))) {
            b.appendObject(o);
        }
        RunEndEncodedArray copy = b.build();
        assertEquals(r.slice(1, 4), copy);
        assertEquals(3, copy.runCount());
    }

    @Test
    void runEndsNotIncreasingFailValidation() {
        ValidationException e = assertThrows(ValidationException.class,
                () -> encoded(5, ints32(2, 2, 5), ints32(1, 2, 3)).validateFull());
        assertEquals(Rules.RUN_ENDS, e.rule());
        assertEquals(1, e.index());
        e = assertThrows(ValidationException.class,
                () -> encoded(5, ints32(3, 2, 5), ints32(1, 2, 3)).validateFull());
        assertEquals(Rules.RUN_ENDS, e.rule());
        assertEquals(1, e.index());
    }

    @Test
    void runEndsNotPositiveFailValidation() {
        ValidationException e = assertThrows(ValidationException.class,
                () -> encoded(5, ints32(0, 5), ints32(1, 2)).validateFull());
        assertEquals(Rules.RUN_ENDS, e.rule());
        assertEquals(0, e.index());
        e = assertThrows(ValidationException.class,
                () -> encoded(5, ints32(-3, 5), ints32(1, 2)).validateFull());
        assertEquals(Rules.RUN_ENDS, e.rule());
        assertEquals(0, e.index());
    }

    @Test
    void runEndsNotCoveringTheLengthFailValidation() {
        ValidationException e = assertThrows(ValidationException.class,
                () -> encoded(6, ints32(2, 5), ints32(1, 2)).validateFull());
        assertEquals(Rules.RUN_ENDS, e.rule());
        RunEndEncodedArray r = encoded(5, ints32(2, 5), ints32(1, 2));
        ArrayData pastTheEnd = r.data().slice(2, 3);
        ArrayData shifted = new ArrayData(INT_REE, 3, 3, 0, List.of(), pastTheEnd.children(), null);
        e = assertThrows(ValidationException.class, () -> Array.of(shifted));
        assertEquals(Rules.RUN_ENDS, e.rule());
        e = assertThrows(ValidationException.class,
                () -> encoded(5, ints32(2, null), ints32(1, 2)).validateFull());
        assertEquals(Rules.RUN_ENDS, e.rule());
    }

    @Test
    void theValuesAreValidatedToo() {
        ArrowType.Dictionary dict = new ArrowType.Dictionary(ArrowType.INT32, ArrowType.INT32, false);
        ArrowType.RunEndEncoded type = ArrowType.RunEndEncoded.of(ArrowType.INT32, dict);
        ArrayData values = ArrayData.dictionaryEncoded(dict, 2, Arrays.asList(null, ArrowBuffer.wrap(ints(0, 4))),
                ints32(10));
        RunEndEncodedArray r = (RunEndEncodedArray) Array.of(ArrayData.of(type, 4, List.of(),
                List.of(ints32(2, 4), values)));
        ValidationException e = assertThrows(ValidationException.class, r::validateFull);
        assertEquals(Rules.DICTIONARY_INDEX, e.rule());
    }
}
