// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import static dev.quiver.core.array.ArrayTestSupport.assertInvalid;
import static dev.quiver.core.array.ArrayTestSupport.assertPrefix;
import static dev.quiver.core.array.ArrayTestSupport.bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.builder.BooleanBuilder;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.validation.Rules;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class BooleanArrayTest {
    private static final List<Boolean> TEN = Arrays.asList(true, false, null, true, null, true, true, false, true, null);

    /** Bit-packed values and validity in LSB order (Columnar.rst, "Validity bitmaps"), across two bytes. */
    @Test
    void valuesAndValidityAreBitPacked() {
        BooleanBuilder builder = new BooleanBuilder(BufferAllocator.managed());
        for (Boolean b : TEN) {
            if (b == null) {
                builder.appendNull();
            } else {
                builder.append(b);
            }
        }
        BooleanArray array = builder.build();
        assertEquals(10, array.length());
        assertEquals(3, array.nullCount());
        assertPrefix(bytes(0b11101011, 0b01), array.data().validity());
        // Null slots hold false.
        assertPrefix(bytes(0b01101001, 0b01), array.data().buffer(1));
        array.validateFull();
        assertTrue(array.get(0));
        assertFalse(array.get(1));
        assertTrue(array.get(8));
        assertEquals(5, array.trueCount());
        assertEquals("[true, false, null, true, null, true, true, false, true, null]", array.toString());
    }

    @Test
    void slicesAtOffsetsNotMultipleOfEight() {
        List<Boolean> source = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            source.add(i % 7 == 0 ? null : i % 3 == 0);
        }
        BooleanArray array = (BooleanArray) ArrayTestSupport.build(ArrowType.BOOL, source);
        BooleanArray slice = array.slice(3, 40);
        slice.validateFull();
        ArrayTestSupport.assertValues(source.subList(3, 43), slice);
        BooleanArray inner = slice.slice(2, 13);
        assertEquals(5, inner.offset());
        ArrayTestSupport.assertValues(source.subList(5, 18), inner);
        assertEquals(ArrayTestSupport.build(ArrowType.BOOL, source.subList(5, 18)), inner);
        assertNotEquals(ArrayTestSupport.build(ArrowType.BOOL, source.subList(6, 19)), inner);
        assertEquals(source.subList(5, 18).stream().filter(Boolean.TRUE::equals).count(), inner.trueCount());
        BooleanArray noNulls = (BooleanArray) ArrayTestSupport.build(ArrowType.BOOL, Arrays.asList(true, true, false,
                true, true, true, true, true, true, false, true)).slice(1, 9);
        assertEquals(7, noNulls.trueCount());
    }

    @Test
    void equalityIgnoresOffsetsAndBitsUnderNulls() {
        // [true, null, false] at offset 3; the null slot holds true, the slots before the offset garbage.
        ArrayData data = new ArrayData(ArrowType.BOOL, 3, 3, ArrayData.UNKNOWN_NULL_COUNT,
                Arrays.asList(ArrowBuffer.wrap(bytes(0b101000)), ArrowBuffer.wrap(bytes(0b011111))), List.of(), null);
        Array handMade = Array.of(data);
        handMade.validateFull();
        Array built = ArrayTestSupport.build(ArrowType.BOOL, Arrays.asList(true, null, false));
        assertEquals(built, handMade);
        assertEquals(handMade, built);
        assertNotEquals(ArrayTestSupport.build(ArrowType.BOOL, Arrays.asList(true, null, true)), handMade);
        assertNotEquals(ArrayTestSupport.build(ArrowType.BOOL, Arrays.asList(true, true, false)), handMade);
    }

    @Test
    void tooFewValueBitsFailValidation() {
        ArrayData data = new ArrayData(ArrowType.BOOL, 9, 0, 0,
                Arrays.asList(null, ArrowBuffer.wrap(bytes(0xFF))), List.of(), null);
        assertInvalid(Rules.BUFFER_SIZE, -1, Array.ofUnchecked(data));
    }

    @Test
    void getObjectAndAppendObjectRoundTrip() {
        Array array = ArrayTestSupport.build(ArrowType.BOOL, TEN);
        assertInstanceOf(Boolean.class, array.getObject(0));
        assertNull(array.getObject(2));
        ArrayBuilder copy = ArrayBuilder.of(ArrowType.BOOL);
        for (long i = 0; i < array.length(); i++) {
            copy.appendObject(array.getObject(i));
        }
        assertEquals(array, copy.build());
        ArrayTestSupport.assertValues(TEN, array);
        assertThrows(IllegalArgumentException.class, () -> ArrayBuilder.of(ArrowType.BOOL).appendObject(1));
    }

    @Test
    void builderGrowsPastManyReallocationsAndIsReusable() {
        BooleanBuilder builder = new BooleanBuilder(BufferAllocator.managed());
        for (int i = 0; i < 100_000; i++) {
            if (i % 9 == 0) {
                builder.appendNull();
            } else {
                builder.append(i % 4 == 1);
            }
        }
        BooleanArray array = builder.build();
        array.validateFull();
        assertEquals(11_112, array.nullCount());
        for (int i = 0; i < 100_000; i++) {
            assertEquals(i % 9 == 0 ? null : (Boolean) (i % 4 == 1), array.getObject(i));
        }
        assertEquals(0, builder.length());
        BooleanArray again = builder.append(true).build();
        assertNull(again.data().validity());
        assertEquals("[true]", again.toString());
    }

    @Property(tries = 200)
    void buildSliceValidate(@ForAll("values") List<Boolean> values, @ForAll("bound") int from,
            @ForAll("bound") int length, @ForAll("bound") int from2, @ForAll("bound") int length2) {
        ArrayTestSupport.checkBuildAndSlice(ArrowType.BOOL, values, from, length, from2, length2);
    }

    @Provide
    Arbitrary<List<Boolean>> values() {
        return ArrayTestSupport.withNulls(Arbitraries.of(true, false));
    }

    @Provide
    Arbitrary<Integer> bound() {
        return ArrayTestSupport.bound();
    }
}
