// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import static dev.quiver.core.array.ArrayTestSupport.assertPrefix;
import static dev.quiver.core.array.ArrayTestSupport.bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

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

class Float32ArrayTest {

    private static FloatBuilder<Float32Array> builder() {
        return FloatBuilder.float32(BufferAllocator.managed());
    }

    @Test
    void valuesAreLittleEndianSinglePrecision() {
        Float32Array array = builder().append(1.5).appendNull().append(-2.0).append(0.1).build();
        assertPrefix(bytes(0b1101), array.data().validity());
        assertPrefix(bytes(0, 0, 0xC0, 0x3F, 0, 0, 0, 0, 0, 0, 0, 0xC0, 0xCD, 0xCC, 0xCC, 0x3D), array.valuesBuffer());
        array.validateFull();
        assertEquals(1.5f, array.get(0));
        assertEquals(0.1f, array.get(3));
        assertEquals("[1.5, null, -2.0, 0.1]", array.toString());
    }

    @Test
    void valuesCompareBitForBit() {
        assertEquals(builder().append(Double.NaN).build(), builder().append(Double.NaN).build());
        assertNotEquals(builder().append(0.0).build(), builder().append(-0.0).build());
        assertNotEquals(builder().append(1.0).build(), FloatBuilder.float64(BufferAllocator.managed())
                .append(1.0).build());
    }

    @Test
    void slicingAndEqualityIgnoringBytesUnderNulls() {
        List<Float> source = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            source.add(i % 4 == 0 ? null : i / 3.0f);
        }
        Float32Array array = (Float32Array) ArrayTestSupport.build(ArrowType.FLOAT32, source);
        Float32Array inner = array.slice(3, 20).slice(2, 11);
        assertEquals(5, inner.offset());
        inner.validateFull();
        ArrayTestSupport.assertValues(source.subList(5, 16), inner);
        assertEquals(ArrayTestSupport.build(ArrowType.FLOAT32, source.subList(5, 16)), inner);
        ArrayData garbage = new ArrayData(ArrowType.FLOAT32, 2, 1, ArrayData.UNKNOWN_NULL_COUNT,
                Arrays.asList(ArrowBuffer.wrap(bytes(0b011)), ArrowBuffer.wrap(bytes(1, 2, 3, 4, 0, 0, 0x80, 0x3F, 9, 9, 9,
                        9))), List.of(), null);
        assertEquals(ArrayTestSupport.build(ArrowType.FLOAT32, Arrays.asList(1.0f, null)), Array.of(garbage));
    }

    @Test
    void getObjectAndAppendObjectRoundTrip() {
        List<Float> source = Arrays.asList(Float.MIN_VALUE, null, Float.MAX_VALUE, Float.NaN);
        Array array = ArrayTestSupport.build(ArrowType.FLOAT32, source);
        assertInstanceOf(Float.class, array.getObject(0));
        ArrayTestSupport.assertValues(source, array);
        assertEquals(array, ArrayTestSupport.build(ArrowType.FLOAT32, Arrays.asList(array.getObject(0), null,
                array.getObject(2), array.getObject(3))));
    }

    @Test
    void builderGrowsPastManyReallocations() {
        FloatBuilder<Float32Array> builder = builder();
        for (int i = 0; i < 100_000; i++) {
            builder.append(i * 0.5);
        }
        Float32Array array = builder.build();
        array.validateFull();
        for (int i = 0; i < 100_000; i++) {
            assertEquals(i * 0.5f, array.get(i));
        }
    }

    @Property(tries = 200)
    void buildSliceValidate(@ForAll("values") List<Float> values, @ForAll("bound") int from,
            @ForAll("bound") int length, @ForAll("bound") int from2, @ForAll("bound") int length2) {
        ArrayTestSupport.checkBuildAndSlice(ArrowType.FLOAT32, values, from, length, from2, length2);
    }

    @Provide
    Arbitrary<List<Float>> values() {
        return ArrayTestSupport.withNulls(Arbitraries.integers().map(Float::intBitsToFloat)
                .filter(f -> !Float.isNaN(f)));
    }

    @Provide
    Arbitrary<Integer> bound() {
        return ArrayTestSupport.bound();
    }
}
