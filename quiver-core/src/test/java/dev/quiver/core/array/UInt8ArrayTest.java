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

class UInt8ArrayTest {
    private static final List<Integer> EXTREMES = Arrays.asList(0, null, 1, 128, 255);

    @Test
    void typedAndGenericAccessAtTheExtremes() {
        UInt8Array array = (UInt8Array) ArrayTestSupport.build(ArrowType.UINT8, EXTREMES);
        array.validateFull();
        assertEquals((byte) 0, array.get(0));
        assertEquals((byte) 1, array.get(2));
        assertEquals((byte) -128, array.get(3));
        assertEquals((byte) -1, array.get(4));
        assertEquals(255, array.getUnsigned(4));
        assertInstanceOf(Integer.class, array.getObject(0));
        ArrayTestSupport.assertValues(EXTREMES, array);
        assertEquals("[0, null, 1, 128, 255]", array.toString());
    }

    @Test
    void slicesAndSlicesOfSlices() {
        List<Integer> source = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            source.addAll(EXTREMES);
        }
        UInt8Array array = (UInt8Array) ArrayTestSupport.build(ArrowType.UINT8, source);
        UInt8Array slice = array.slice(3, 101);
        slice.validateFull();
        ArrayTestSupport.assertValues(source.subList(3, 104), slice);
        assertEquals(20, slice.nullCount());
        UInt8Array inner = slice.slice(6, 9);
        assertEquals(9, inner.offset());
        ArrayTestSupport.assertValues(source.subList(9, 18), inner);
        assertEquals(ArrayTestSupport.build(ArrowType.UINT8, source.subList(9, 18)), inner);
        assertNotEquals(ArrayTestSupport.build(ArrowType.UINT8, source.subList(10, 19)), inner);
    }

    @Property(tries = 100)
    void buildSliceValidate(@ForAll("values") List<Integer> values, @ForAll("bound") int from,
            @ForAll("bound") int length, @ForAll("bound") int from2, @ForAll("bound") int length2) {
        ArrayTestSupport.checkBuildAndSlice(ArrowType.UINT8, values, from, length, from2, length2);
    }

    @Provide
    Arbitrary<List<Integer>> values() {
        return ArrayTestSupport.withNulls(Arbitraries.integers().between(0, 255));
    }

    @Provide
    Arbitrary<Integer> bound() {
        return ArrayTestSupport.bound();
    }
}
