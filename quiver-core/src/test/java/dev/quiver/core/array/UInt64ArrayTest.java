// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.quiver.core.type.ArrowType;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class UInt64ArrayTest {
    private static final List<BigInteger> EXTREMES = Arrays.asList(BigInteger.ZERO, null, BigInteger.ONE, new BigInteger("9223372036854775808"), new BigInteger("18446744073709551615"));

    @Test
    void typedAndGenericAccessAtTheExtremes() {
        UInt64Array array = (UInt64Array) ArrayTestSupport.build(ArrowType.UINT64, EXTREMES);
        array.validateFull();
        assertEquals(0L, array.get(0));
        assertEquals(1L, array.get(2));
        assertEquals(Long.MIN_VALUE, array.get(3));
        assertEquals(-1L, array.get(4));
        assertEquals("18446744073709551615", array.getUnsignedString(4));
        assertInstanceOf(BigInteger.class, array.getObject(0));
        ArrayTestSupport.assertValues(EXTREMES, array);
        assertEquals("[0, null, 1, 9223372036854775808, 18446744073709551615]", array.toString());
    }

    @Test
    void slicesAndSlicesOfSlices() {
        List<BigInteger> source = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            source.addAll(EXTREMES);
        }
        UInt64Array array = (UInt64Array) ArrayTestSupport.build(ArrowType.UINT64, source);
        UInt64Array slice = array.slice(3, 101);
        slice.validateFull();
        ArrayTestSupport.assertValues(source.subList(3, 104), slice);
        assertEquals(20, slice.nullCount());
        UInt64Array inner = slice.slice(6, 9);
        assertEquals(9, inner.offset());
        ArrayTestSupport.assertValues(source.subList(9, 18), inner);
        assertEquals(ArrayTestSupport.build(ArrowType.UINT64, source.subList(9, 18)), inner);
        assertNotEquals(ArrayTestSupport.build(ArrowType.UINT64, source.subList(10, 19)), inner);
    }

    @Property(tries = 100)
    void buildSliceValidate(@ForAll("values") List<BigInteger> values, @ForAll("bound") int from,
            @ForAll("bound") int length, @ForAll("bound") int from2, @ForAll("bound") int length2) {
        ArrayTestSupport.checkBuildAndSlice(ArrowType.UINT64, values, from, length, from2, length2);
    }

    @Provide
    Arbitrary<List<BigInteger>> values() {
        return ArrayTestSupport.withNulls(Arbitraries.bigIntegers().between(BigInteger.ZERO, new BigInteger("18446744073709551615")));
    }

    @Provide
    Arbitrary<Integer> bound() {
        return ArrayTestSupport.bound();
    }
}
