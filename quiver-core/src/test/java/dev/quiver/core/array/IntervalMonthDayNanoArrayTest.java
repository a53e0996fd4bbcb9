// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import static dev.quiver.core.array.ArrayTestSupport.assertPrefix;
import static dev.quiver.core.array.ArrayTestSupport.bytes;
import static dev.quiver.core.array.ArrayTestSupport.concat;
import static dev.quiver.core.array.ArrayTestSupport.int32s;
import static dev.quiver.core.array.ArrayTestSupport.int64s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.builder.IntervalMonthDayNanoBuilder;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.IntervalUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class IntervalMonthDayNanoArrayTest {
    private static final ArrowType.Interval MDN = new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO);

    @Test
    void valuesAreMonthsDaysThenNanoseconds() {
        IntervalMonthDayNanoArray array = new IntervalMonthDayNanoBuilder(BufferAllocator.managed())
                .append(1, 2, 3).appendNull().append(new IntervalMonthDayNano(-1, -2, Long.MIN_VALUE))
                .build();
        assertPrefix(bytes(0b101), array.data().validity());
        assertPrefix(concat(int32s(1, 2), int64s(3), new byte[16], int32s(-1, -2), int64s(Long.MIN_VALUE)),
                array.valuesBuffer());
        array.validateFull();
        assertEquals(1, array.getMonths(0));
        assertEquals(2, array.getDays(0));
        assertEquals(3, array.getNanoseconds(0));
        assertEquals(Long.MIN_VALUE, array.getNanoseconds(2));
        assertEquals(new IntervalMonthDayNano(-1, -2, Long.MIN_VALUE), array.getObject(2));
        assertEquals("[IntervalMonthDayNano[months=1, days=2, nanoseconds=3], null, "
                + "IntervalMonthDayNano[months=-1, days=-2, nanoseconds=-9223372036854775808]]", array.toString());
    }

    @Test
    void builderRefusesOtherUnits() {
        IntervalMonthDayNanoBuilder builder = new IntervalMonthDayNanoBuilder(BufferAllocator.managed());
        assertThrows(IllegalArgumentException.class, () -> builder.appendObject(new IntervalDayTime(1, 2)));
        assertEquals(0, builder.length());
    }

    @Test
    void slicingAndEqualityIgnoringBytesUnderNulls() {
        List<IntervalMonthDayNano> source = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            source.add(i % 4 == 0 ? null : new IntervalMonthDayNano(i, -i, i * 1_000_000_000_000L));
        }
        IntervalMonthDayNanoArray inner = ((IntervalMonthDayNanoArray) ArrayTestSupport.build(MDN, source))
                .slice(3, 20).slice(2, 11);
        assertEquals(5, inner.offset());
        inner.validateFull();
        ArrayTestSupport.assertValues(source.subList(5, 16), inner);
        assertEquals(ArrayTestSupport.build(MDN, source.subList(5, 16)), inner);
        assertNotEquals(ArrayTestSupport.build(MDN, source.subList(6, 17)), inner);
        ArrayData garbage = new ArrayData(MDN, 2, 1, ArrayData.UNKNOWN_NULL_COUNT, Arrays.asList(
                ArrowBuffer.wrap(bytes(0b011)), ArrowBuffer.wrap(concat(int64s(5, 5), int32s(3, 4), int64s(5),
                        int64s(-9, -9)))), List.of(), null);
        assertEquals(ArrayTestSupport.build(MDN, Arrays.asList(new IntervalMonthDayNano(3, 4, 5), null)),
                Array.of(garbage));
    }

    @Test
    void getObjectAndAppendObjectRoundTripAndGrowth() {
        IntervalMonthDayNanoBuilder builder = new IntervalMonthDayNanoBuilder(BufferAllocator.managed());
        for (int i = 0; i < 100_000; i++) {
            builder.append(i, -i, (long) i << 30);
        }
        Array array = builder.build();
        array.validateFull();
        assertInstanceOf(IntervalMonthDayNano.class, array.getObject(0));
        ArrayBuilder copy = ArrayBuilder.of(MDN);
        for (int i = 0; i < 100_000; i++) {
            assertEquals(new IntervalMonthDayNano(i, -i, (long) i << 30), array.getObject(i));
            copy.appendObject(array.getObject(i));
        }
        assertEquals(array, copy.build());
    }

    @Property(tries = 200)
    void buildSliceValidate(@ForAll("values") List<IntervalMonthDayNano> values, @ForAll("bound") int from,
            @ForAll("bound") int length, @ForAll("bound") int from2, @ForAll("bound") int length2) {
        ArrayTestSupport.checkBuildAndSlice(MDN, values, from, length, from2, length2);
    }

    @Provide
    Arbitrary<List<IntervalMonthDayNano>> values() {
        return ArrayTestSupport.withNulls(Combinators.combine(Arbitraries.integers(), Arbitraries.integers(),
                Arbitraries.longs()).as(IntervalMonthDayNano::new));
    }

    @Provide
    Arbitrary<Integer> bound() {
        return ArrayTestSupport.bound();
    }
}
