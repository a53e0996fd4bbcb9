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

class UInt16ArrayTest {
    private static final List<Integer> EXTREMES = Arrays.asList(0, null, 1, 32768, 65535);

    @Test
    void typedAndGenericAccessAtTheExtremes() {
        UInt16Array array = (UInt16Array) ArrayTestSupport.build(ArrowType.UINT16, EXTREMES);
        array.validateFull();
        assertEquals((short) 0, array.get(0));
        assertEquals((short) 1, array.get(2));
        assertEquals((short) -32768, array.get(3));
        assertEquals((short) -1, array.get(4));
        assertEquals(65535, array.getUnsigned(4));
        assertInstanceOf(Integer.class, array.getObject(0));
        ArrayTestSupport.assertValues(EXTREMES, array);
        assertEquals("[0, null, 1, 32768, 65535]", array.toString());
    }

    @Test
    void slicesAndSlicesOfSlices() {
        List<Integer> source = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            source.addAll(EXTREMES);
        }
        UInt16Array array = (UInt16Array) ArrayTestSupport.build(ArrowType.UINT16, source);
        UInt16Array slice = array.slice(3, 101);
        slice.validateFull();
        ArrayTestSupport.assertValues(source.subList(3, 104), slice);
        assertEquals(20, slice.nullCount());
        UInt16Array inner = slice.slice(6, 9);
        assertEquals(9, inner.offset());
        ArrayTestSupport.assertValues(source.subList(9, 18), inner);
        assertEquals(ArrayTestSupport.build(ArrowType.UINT16, source.subList(9, 18)), inner);
        assertNotEquals(ArrayTestSupport.build(ArrowType.UINT16, source.subList(10, 19)), inner);
    }

    @Property(tries = 100)
    void buildSliceValidate(@ForAll("values") List<Integer> values, @ForAll("bound") int from,
            @ForAll("bound") int length, @ForAll("bound") int from2, @ForAll("bound") int length2) {
        ArrayTestSupport.checkBuildAndSlice(ArrowType.UINT16, values, from, length, from2, length2);
    }

    @Provide
    Arbitrary<List<Integer>> values() {
        return ArrayTestSupport.withNulls(Arbitraries.integers().between(0, 65535));
    }

    @Provide
    Arbitrary<Integer> bound() {
        return ArrayTestSupport.bound();
    }
}
