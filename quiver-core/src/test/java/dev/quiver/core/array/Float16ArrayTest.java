// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import static dev.quiver.core.array.ArrayTestSupport.assertPrefix;
import static dev.quiver.core.array.ArrayTestSupport.bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quiver.core.builder.FloatBuilder;
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

class Float16ArrayTest {

    private static FloatBuilder<Float16Array> builder() {
        return FloatBuilder.float16(BufferAllocator.managed());
    }

    @Test
    void valuesAreRawHalfPrecisionBits() {
        Float16Array array = builder().append(1.5).appendNull().append(-2.0).append(65504.0)
                .appendHalfBits((short) 0x0001).build();
        assertPrefix(bytes(0b11101), array.data().validity());
        assertPrefix(bytes(0x00, 0x3E, 0, 0, 0x00, 0xC0, 0xFF, 0x7B, 0x01, 0x00), array.valuesBuffer());
        array.validateFull();
        assertEquals((short) 0x3E00, array.getBits(0));
        assertEquals(1.5f, array.get(0));
        assertEquals(-2.0f, array.get(2));
        assertEquals(65504.0f, array.get(3));
        assertEquals(0x1p-24f, array.get(4));
        assertEquals("[1.5, null, -2.0, 65504.0, 5.9604645E-8]", array.toString());
    }

    @Test
    void appendRoundsToNearestHalf() {
        Float16Array array = builder().append(1.0 / 3).append(Double.POSITIVE_INFINITY).append(-1e-10)
                .append(1.0009765625).append(Double.NaN).build();
        assertEquals((short) 0x3555, array.getBits(0));
        assertEquals((short) 0x7C00, array.getBits(1));
        assertEquals((short) 0x8000, array.getBits(2));
        assertEquals((short) 0x3C01, array.getBits(3));
        assertEquals(Float.NaN, array.get(4));
    }

    @Test
    void valuesCompareBitForBit() {
        Array nan = builder().append(Double.NaN).build();
        assertEquals(builder().append(Double.NaN).build(), nan);
        assertNotEquals(builder().append(0.0).build(), builder().append(-0.0).build());
        assertThrows(IllegalStateException.class,
                () -> FloatBuilder.float32(BufferAllocator.managed()).appendHalfBits((short) 1));
    }

    @Test
    void slicingAndEqualityIgnoringBytesUnderNulls() {
        List<Float> source = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            source.add(i % 4 == 0 ? null : i * 0.25f);
        }
        Float16Array array = (Float16Array) ArrayTestSupport.build(ArrowType.FLOAT16, source);
        Float16Array inner = array.slice(3, 20).slice(2, 11);
        assertEquals(5, inner.offset());
        inner.validateFull();
        ArrayTestSupport.assertValues(source.subList(5, 16), inner);
        assertEquals(ArrayTestSupport.build(ArrowType.FLOAT16, source.subList(5, 16)), inner);
        ArrayData garbage = new ArrayData(ArrowType.FLOAT16, 2, 1, ArrayData.UNKNOWN_NULL_COUNT,
                Arrays.asList(ArrowBuffer.wrap(bytes(0b011)), ArrowBuffer.wrap(bytes(0x12, 0x34, 0x00, 0x3C, 0x55, 0x55))),
                List.of(), null);
        assertEquals(ArrayTestSupport.build(ArrowType.FLOAT16, Arrays.asList(1.0f, null)), Array.of(garbage));
    }

    @Test
    void getObjectAndAppendObjectRoundTrip() {
        List<Float> source = Arrays.asList(0.5f, null, Float.NEGATIVE_INFINITY, -0.0f);
        Array array = ArrayTestSupport.build(ArrowType.FLOAT16, source);
        assertInstanceOf(Float.class, array.getObject(0));
        ArrayTestSupport.assertValues(source, array);
        assertEquals(array, ArrayTestSupport.build(ArrowType.FLOAT16, Arrays.asList(0.5, null, Double.NEGATIVE_INFINITY,
                -0.0)));
    }

    @Test
    void builderGrowsPastManyReallocations() {
        FloatBuilder<Float16Array> builder = builder();
        for (int i = 0; i < 100_000; i++) {
            builder.appendHalfBits((short) i);
        }
        Float16Array array = builder.build();
        array.validateFull();
        for (int i = 0; i < 100_000; i++) {
            assertEquals((short) i, array.getBits(i));
        }
    }

    @Property(tries = 200)
    void buildSliceValidate(@ForAll("values") List<Float> values, @ForAll("bound") int from,
            @ForAll("bound") int length, @ForAll("bound") int from2, @ForAll("bound") int length2) {
        ArrayTestSupport.checkBuildAndSlice(ArrowType.FLOAT16, values, from, length, from2, length2);
    }

    @Provide
    Arbitrary<List<Float>> values() {
        // Every float16 value (as its float), NaNs included.
        return ArrayTestSupport.withNulls(Arbitraries.shorts().map(s -> Float.float16ToFloat(s)));
    }

    @Provide
    Arbitrary<Integer> bound() {
        return ArrayTestSupport.bound();
    }
}
