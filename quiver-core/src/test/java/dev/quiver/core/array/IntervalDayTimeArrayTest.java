// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import static dev.quiver.core.array.ArrayTestSupport.assertPrefix;
import static dev.quiver.core.array.ArrayTestSupport.bytes;
import static dev.quiver.core.array.ArrayTestSupport.int32s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.builder.IntervalDayTimeBuilder;
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

class IntervalDayTimeArrayTest {
    private static final ArrowType.Interval DAY_TIME = new ArrowType.Interval(IntervalUnit.DAY_TIME);

    @Test
    void valuesAreDaysThenMilliseconds() {
        IntervalDayTimeArray array = new IntervalDayTimeBuilder(BufferAllocator.managed())
                .append(1, 500).appendNull().append(new IntervalDayTime(-2, -1)).build();
        assertPrefix(bytes(0b101), array.data().validity());
        assertPrefix(int32s(1, 500, 0, 0, -2, -1), array.valuesBuffer());
        array.validateFull();
        assertEquals(1, array.getDays(0));
        assertEquals(500, array.getMilliseconds(0));
        assertEquals(-2, array.getDays(2));
        assertEquals(new IntervalDayTime(-2, -1), array.getObject(2));
        assertEquals("[IntervalDayTime[days=1, milliseconds=500], null, IntervalDayTime[days=-2, milliseconds=-1]]",
                array.toString());
    }

    @Test
    void builderRefusesOtherUnits() {
        IntervalDayTimeBuilder builder = new IntervalDayTimeBuilder(BufferAllocator.managed());
        assertThrows(IllegalArgumentException.class, () -> builder.appendObject(new IntervalMonthDayNano(1, 2, 3)));
        assertThrows(IllegalArgumentException.class, () -> builder.appendObject(5));
        assertEquals(0, builder.length());
    }

    @Test
    void slicingAndEqualityIgnoringBytesUnderNulls() {
        List<IntervalDayTime> source = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            source.add(i % 4 == 0 ? null : new IntervalDayTime(i, -i * 1000));
        }
        IntervalDayTimeArray inner = ((IntervalDayTimeArray) ArrayTestSupport.build(DAY_TIME, source)).slice(3, 20)
                .slice(2, 11);
        assertEquals(5, inner.offset());
        inner.validateFull();
        ArrayTestSupport.assertValues(source.subList(5, 16), inner);
        assertEquals(ArrayTestSupport.build(DAY_TIME, source.subList(5, 16)), inner);
        assertNotEquals(ArrayTestSupport.build(DAY_TIME, source.subList(6, 17)), inner);
        ArrayData garbage = new ArrayData(DAY_TIME, 2, 1, ArrayData.UNKNOWN_NULL_COUNT, Arrays.asList(
                ArrowBuffer.wrap(bytes(0b011)), ArrowBuffer.wrap(int32s(9, 9, 3, 4, 5, 6))), List.of(), null);
        assertEquals(ArrayTestSupport.build(DAY_TIME, Arrays.asList(new IntervalDayTime(3, 4), null)),
                Array.of(garbage));
    }

    @Test
    void getObjectAndAppendObjectRoundTripAndGrowth() {
        IntervalDayTimeBuilder builder = new IntervalDayTimeBuilder(BufferAllocator.managed());
        for (int i = 0; i < 100_000; i++) {
            builder.append(i, Integer.MAX_VALUE - i);
        }
        Array array = builder.build();
        array.validateFull();
        assertInstanceOf(IntervalDayTime.class, array.getObject(0));
        ArrayBuilder copy = ArrayBuilder.of(DAY_TIME);
        for (int i = 0; i < 100_000; i++) {
            assertEquals(new IntervalDayTime(i, Integer.MAX_VALUE - i), array.getObject(i));
            copy.appendObject(array.getObject(i));
        }
        assertEquals(array, copy.build());
    }

    @Property(tries = 200)
    void buildSliceValidate(@ForAll("values") List<IntervalDayTime> values, @ForAll("bound") int from,
            @ForAll("bound") int length, @ForAll("bound") int from2, @ForAll("bound") int length2) {
        ArrayTestSupport.checkBuildAndSlice(DAY_TIME, values, from, length, from2, length2);
    }

    @Provide
    Arbitrary<List<IntervalDayTime>> values() {
        return ArrayTestSupport.withNulls(Combinators.combine(Arbitraries.integers(), Arbitraries.integers())
                .as(IntervalDayTime::new));
    }

    @Provide
    Arbitrary<Integer> bound() {
        return ArrayTestSupport.bound();
    }
}
