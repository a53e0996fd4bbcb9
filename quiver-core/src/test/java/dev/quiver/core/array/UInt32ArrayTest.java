// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

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

class UInt32ArrayTest {
    private static final List<Long> EXTREMES = Arrays.asList(0L, null, 1L, 2147483648L, 4294967295L);

    @Test
    void typedAndGenericAccessAtTheExtremes() {
        UInt32Array array = (UInt32Array) ArrayTestSupport.build(ArrowType.UINT32, EXTREMES);
        array.validateFull();
        assertEquals(0, array.get(0));
        assertEquals(1, array.get(2));
        assertEquals(Integer.MIN_VALUE, array.get(3));
        assertEquals(-1, array.get(4));
        assertEquals(4294967295L, array.getUnsigned(4));
        assertInstanceOf(Long.class, array.getObject(0));
        ArrayTestSupport.assertValues(EXTREMES, array);
        assertEquals("[0, null, 1, 2147483648, 4294967295]", array.toString());
    }

    @Test
    void slicesAndSlicesOfSlices() {
        List<Long> source = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            source.addAll(EXTREMES);
        }
        UInt32Array array = (UInt32Array) ArrayTestSupport.build(ArrowType.UINT32, source);
        UInt32Array slice = array.slice(3, 101);
        slice.validateFull();
        ArrayTestSupport.assertValues(source.subList(3, 104), slice);
        assertEquals(20, slice.nullCount());
        UInt32Array inner = slice.slice(6, 9);
        assertEquals(9, inner.offset());
        ArrayTestSupport.assertValues(source.subList(9, 18), inner);
        assertEquals(ArrayTestSupport.build(ArrowType.UINT32, source.subList(9, 18)), inner);
        assertNotEquals(ArrayTestSupport.build(ArrowType.UINT32, source.subList(10, 19)), inner);
    }

    @Property(tries = 100)
    void buildSliceValidate(@ForAll("values") List<Long> values, @ForAll("bound") int from,
            @ForAll("bound") int length, @ForAll("bound") int from2, @ForAll("bound") int length2) {
        ArrayTestSupport.checkBuildAndSlice(ArrowType.UINT32, values, from, length, from2, length2);
    }

    @Provide
    Arbitrary<List<Long>> values() {
        return ArrayTestSupport.withNulls(Arbitraries.longs().between(0, 4294967295L));
    }

    @Provide
    Arbitrary<Integer> bound() {
        return ArrayTestSupport.bound();
    }
}
