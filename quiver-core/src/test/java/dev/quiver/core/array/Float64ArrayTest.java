// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import static dev.quiver.core.array.ArrayTestSupport.assertPrefix;
import static dev.quiver.core.array.ArrayTestSupport.bytes;
import static dev.quiver.core.array.ArrayTestSupport.int64s;
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

class Float64ArrayTest {

    private static FloatBuilder<Float64Array> builder() {
        return FloatBuilder.float64(BufferAllocator.managed());
    }

    @Test
    void valuesAreLittleEndianDoublePrecision() {
        Float64Array array = builder().append(1.5).appendNull().append(-2.0).append(0.1).build();
        assertPrefix(bytes(0b1101), array.data().validity());
        assertPrefix(int64s(0x3FF8000000000000L, 0, 0xC000000000000000L, 0x3FB999999999999AL), array.valuesBuffer());
        array.validateFull();
        assertEquals(1.5, array.get(0));
        assertEquals(0.1, array.get(3));
        assertEquals("[1.5, null, -2.0, 0.1]", array.toString());
    }

    @Test
    void valuesCompareBitForBit() {
        assertEquals(builder().append(Double.NaN).build(), builder().append(Double.NaN).build());
        assertNotEquals(builder().append(0.0).build(), builder().append(-0.0).build());
    }

    @Test
    void slicingAndEqualityIgnoringBytesUnderNulls() {
        List<Double> source = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            source.add(i % 4 == 0 ? null : i / 3.0);
        }
        Float64Array array = (Float64Array) ArrayTestSupport.build(ArrowType.FLOAT64, source);
        Float64Array inner = array.slice(3, 20).slice(2, 11);
        assertEquals(5, inner.offset());
        inner.validateFull();
        ArrayTestSupport.assertValues(source.subList(5, 16), inner);
        assertEquals(ArrayTestSupport.build(ArrowType.FLOAT64, source.subList(5, 16)), inner);
        ArrayData garbage = new ArrayData(ArrowType.FLOAT64, 2, 1, ArrayData.UNKNOWN_NULL_COUNT,
                Arrays.asList(ArrowBuffer.wrap(bytes(0b011)), ArrowBuffer.wrap(int64s(77, 0x3FF0000000000000L, -5))),
                List.of(), null);
        assertEquals(ArrayTestSupport.build(ArrowType.FLOAT64, Arrays.asList(1.0, null)), Array.of(garbage));
    }

    @Test
    void getObjectAndAppendObjectRoundTrip() {
        List<Double> source = Arrays.asList(Double.MIN_VALUE, null, Double.MAX_VALUE, Double.NaN);
        Array array = ArrayTestSupport.build(ArrowType.FLOAT64, source);
        assertInstanceOf(Double.class, array.getObject(0));
        ArrayTestSupport.assertValues(source, array);
        assertEquals(ArrayTestSupport.build(ArrowType.FLOAT64, Arrays.asList(1.0, 2.0)),
                ArrayTestSupport.build(ArrowType.FLOAT64, Arrays.asList(1, 2L)));
    }

    @Test
    void builderGrowsPastManyReallocations() {
        FloatBuilder<Float64Array> builder = builder();
        for (int i = 0; i < 100_000; i++) {
            builder.append(i / 7.0);
        }
        Float64Array array = builder.build();
        array.validateFull();
        for (int i = 0; i < 100_000; i++) {
            assertEquals(i / 7.0, array.get(i));
        }
    }

    @Property(tries = 200)
    void buildSliceValidate(@ForAll("values") List<Double> values, @ForAll("bound") int from,
            @ForAll("bound") int length, @ForAll("bound") int from2, @ForAll("bound") int length2) {
        ArrayTestSupport.checkBuildAndSlice(ArrowType.FLOAT64, values, from, length, from2, length2);
    }

    @Provide
    Arbitrary<List<Double>> values() {
        return ArrayTestSupport.withNulls(Arbitraries.longs().map(Double::longBitsToDouble)
                .filter(d -> !Double.isNaN(d)));
    }

    @Provide
    Arbitrary<Integer> bound() {
        return ArrayTestSupport.bound();
    }
}
