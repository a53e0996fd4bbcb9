// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import static dev.quiver.core.array.ArrayTestSupport.assertPrefix;
import static dev.quiver.core.array.ArrayTestSupport.bytes;
import static dev.quiver.core.array.ArrayTestSupport.int32s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class Int32ArrayTest {

    /** Columnar.rst, "Example Layout: Int32 Array": [1, null, 2, 4, 8]. */
    @Test
    void specExampleWithNull() {
        Int32Array array = IntBuilder.int32(BufferAllocator.managed())
                .append(1).appendNull().append(2).append(4).append(8).build();
        assertEquals(5, array.length());
        assertEquals(1, array.nullCount());
        assertPrefix(bytes(0b00011101), array.data().validity());
        // Bytes 4-7 are unspecified by the spec; the builder writes zeros there.
        assertPrefix(int32s(1, 0, 2, 4, 8), array.valuesBuffer());
        array.validateFull();
        assertEquals(1, array.get(0));
        assertTrue(array.isNull(1));
        assertEquals(2, array.get(2));
        assertEquals(4, array.get(3));
        assertEquals(8, array.get(4));
        assertEquals("[1, null, 2, 4, 8]", array.toString());
    }

    /** Columnar.rst, "Example Layout: Non-null int32 Array", the layout with the bitmap elided. */
    @Test
    void specExampleNonNullElidesBitmap() {
        Array array = ArrayTestSupport.build(ArrowType.INT32, List.of(1, 2, 3, 4, 8));
        assertEquals(0, array.nullCount());
        assertNull(array.data().validity());
        assertPrefix(int32s(1, 2, 3, 4, 8), array.data().buffer(1));
        assertEquals("[1, 2, 3, 4, 8]", array.toString());
    }

    @Test
    void slicesAtOffsetsNotMultipleOfEight() {
        IntBuilder<Int32Array> builder = IntBuilder.int32(BufferAllocator.managed());
        List<Integer> source = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            Integer v = i % 3 == 0 ? null : i * 100 - 1000;
            source.add(v);
            builder.appendObject(v);
        }
        Int32Array array = builder.build();
        Int32Array slice = array.slice(3, 30);
        assertEquals(3, slice.offset());
        slice.validateFull();
        ArrayTestSupport.assertValues(source.subList(3, 33), slice);
        assertEquals(10, slice.nullCount());
        Int32Array sliceOfSlice = slice.slice(5, 11);
        assertEquals(8, sliceOfSlice.offset());
        sliceOfSlice.validateFull();
        ArrayTestSupport.assertValues(source.subList(8, 19), sliceOfSlice);
        assertEquals(ArrayTestSupport.build(ArrowType.INT32, source.subList(8, 19)), sliceOfSlice);
        assertNotEquals(ArrayTestSupport.build(ArrowType.INT32, source.subList(9, 20)), sliceOfSlice);
    }

    @Test
    void equalityIgnoresOffsetsAndBytesUnderNulls() {
        // [7, null, 9] at offset 2, with garbage under the null and before the offset.
        ArrowBuffer validity = ArrowBuffer.wrap(bytes(0b10111));
        ArrowBuffer values = ArrowBuffer.wrap(int32s(-5, -6, 7, 123456, 9));
        ArrayData data = new ArrayData(ArrowType.INT32, 3, 2, ArrayData.UNKNOWN_NULL_COUNT,
                Arrays.asList(validity, values), List.of(), null);
        Array handMade = Array.of(data);
        handMade.validateFull();
        Array built = ArrayTestSupport.build(ArrowType.INT32, Arrays.asList(7, null, 9));
        assertEquals(built, handMade);
        assertEquals(handMade, built);
        assertEquals(built.hashCode(), handMade.hashCode());
        assertNotEquals(ArrayTestSupport.build(ArrowType.INT32, Arrays.asList(7, 0, 9)), handMade);
        assertNotEquals(ArrayTestSupport.build(ArrowType.UINT32, Arrays.asList(7, null, 9)), handMade);
        assertNotEquals(ArrayTestSupport.build(ArrowType.INT32, Arrays.asList(7, null)), handMade);
    }

    @Test
    void getObjectAndAppendObjectRoundTrip() {
        List<Integer> source = Arrays.asList(Integer.MIN_VALUE, null, -1, 0, Integer.MAX_VALUE);
        Array array = ArrayTestSupport.build(ArrowType.INT32, source);
        assertInstanceOf(Integer.class, array.getObject(0));
        ArrayBuilder copy = ArrayBuilder.of(ArrowType.INT32);
        for (long i = 0; i < array.length(); i++) {
            copy.appendObject(array.getObject(i));
        }
        assertEquals(array, copy.build());
        ArrayTestSupport.assertValues(source, array);
        assertEquals("[-2147483648, null, -1, 0, 2147483647]", array.toString());
    }

    @Test
    void toStringShowsAtMostAHundredValues() {
        IntBuilder<Int32Array> builder = IntBuilder.int32(BufferAllocator.managed());
        for (int i = 0; i < 105; i++) {
            builder.append(i);
        }
        String text = builder.build().toString();
        assertTrue(text.startsWith("[0, 1, 2, "), text);
        assertTrue(text.endsWith(", 99, ... 5 more]"), text);
    }

    @Test
    void builderGrowsPastManyReallocationsAndIsReusable() {
        IntBuilder<Int32Array> builder = IntBuilder.int32(BufferAllocator.managed());
        for (int i = 0; i < 100_000; i++) {
            if (i % 7 == 0) {
                builder.appendNull();
            } else {
                builder.append(i * 3);
            }
        }
        Int32Array array = builder.build();
        assertEquals(0, builder.length());
        array.validateFull();
        assertEquals(100_000, array.length());
        assertEquals(14_286, array.nullCount());
        for (int i = 0; i < 100_000; i++) {
            assertEquals(i % 7 == 0, array.isNull(i));
            if (i % 7 != 0) {
                assertEquals(i * 3, array.get(i));
            }
        }
        Int32Array again = builder.append(5).build();
        assertEquals("[5]", again.toString());
        assertFalse(again.isNull(0));
    }

    @Property(tries = 200)
    void buildSliceValidate(@ForAll("values") List<Integer> values, @ForAll("bound") int from,
            @ForAll("bound") int length, @ForAll("bound") int from2, @ForAll("bound") int length2) {
        ArrayTestSupport.checkBuildAndSlice(ArrowType.INT32, values, from, length, from2, length2);
    }

    @Provide
    Arbitrary<List<Integer>> values() {
        return ArrayTestSupport.withNulls(Arbitraries.integers());
    }

    @Provide
    Arbitrary<Integer> bound() {
        return ArrayTestSupport.bound();
    }
}
