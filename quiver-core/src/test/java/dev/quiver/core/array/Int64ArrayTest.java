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

class Int64ArrayTest {
    private static final List<Long> EXTREMES = Arrays.asList(Long.MIN_VALUE, null, -1L, 0L, Long.MAX_VALUE);

    @Test
    void typedAndGenericAccessAtTheExtremes() {
        Int64Array array = (Int64Array) ArrayTestSupport.build(ArrowType.INT64, EXTREMES);
        array.validateFull();
        assertEquals(Long.MIN_VALUE, array.get(0));
        assertEquals(-1L, array.get(2));
        assertEquals(0L, array.get(3));
        assertEquals(Long.MAX_VALUE, array.get(4));
        assertInstanceOf(Long.class, array.getObject(0));
        ArrayTestSupport.assertValues(EXTREMES, array);
        assertEquals("[-9223372036854775808, null, -1, 0, 9223372036854775807]", array.toString());
    }

    @Test
    void slicesAndSlicesOfSlices() {
        List<Long> source = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            source.addAll(EXTREMES);
        }
        Int64Array array = (Int64Array) ArrayTestSupport.build(ArrowType.INT64, source);
        Int64Array slice = array.slice(3, 101);
        slice.validateFull();
        ArrayTestSupport.assertValues(source.subList(3, 104), slice);
        assertEquals(20, slice.nullCount());
        Int64Array inner = slice.slice(6, 9);
        assertEquals(9, inner.offset());
        ArrayTestSupport.assertValues(source.subList(9, 18), inner);
        assertEquals(ArrayTestSupport.build(ArrowType.INT64, source.subList(9, 18)), inner);
        assertNotEquals(ArrayTestSupport.build(ArrowType.INT64, source.subList(10, 19)), inner);
    }

    @Property(tries = 100)
    void buildSliceValidate(@ForAll("values") List<Long> values, @ForAll("bound") int from,
            @ForAll("bound") int length, @ForAll("bound") int from2, @ForAll("bound") int length2) {
        ArrayTestSupport.checkBuildAndSlice(ArrowType.INT64, values, from, length, from2, length2);
    }

    @Provide
    Arbitrary<List<Long>> values() {
        return ArrayTestSupport.withNulls(Arbitraries.longs());
    }

    @Provide
    Arbitrary<Integer> bound() {
        return ArrayTestSupport.bound();
    }
}
