// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.builder;

import dev.quiver.core.array.IntervalYearMonthArray;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.IntervalUnit;
import java.time.Period;

/**
 * Builds arrays of interval[year_month] (a signed 32-bit count of months) from {@link Period}s of years
 * and months or from counts of months. A period with days, or of more months than 32 bits count, is
 * refused with a {@link ValueOutOfRangeException}.
 *
 * <pre>{@code
 * IntervalYearMonthArray a = new IntervalYearMonthBuilder(allocator).append(Period.of(1, 2, 0)).build();
 * }</pre>
 */
public final class IntervalYearMonthBuilder extends FixedWidthBuilder<IntervalYearMonthBuilder> {
    private static final ArrowType.Interval TYPE = new ArrowType.Interval(IntervalUnit.YEAR_MONTH);

    /**
     * An empty builder.
     *
     * @param allocator the memory of the built arrays
     */
    public IntervalYearMonthBuilder(BufferAllocator allocator) {
        super(TYPE, 4, allocator);
    }

    /**
     * Appends a count of months.
     *
     * @param months the months
     * @return this builder
     */
    public IntervalYearMonthBuilder append(int months) {
        values.appendInt(months);
        return valueAppended();
    }

    /**
     * Appends a period of years and months.
     *
     * @param period the period, without days, or null to append a null
     * @return this builder
     * @throws ValueOutOfRangeException if the period has days or its months overflow 32 bits; nothing is
     *     appended
     */
    public IntervalYearMonthBuilder append(Period period) {
        if (period == null) {
            return appendNull();
        }
        if (period.getDays() != 0) {
            throw new ValueOutOfRangeException(period, TYPE, "has days, which interval[year_month] cannot hold");
        }
        long months = period.toTotalMonths();
        if (months != (int) months) {
            throw new ValueOutOfRangeException(period, TYPE, "more months than 32 bits count");
        }
        return append((int) months);
    }

    /**
     * Appends a {@link Period}, or a count of months as a whole number of any integer class; null
     * appends a null.
     *
     * @param value the period, the months, or null
     * @return this builder
     * @throws ValueOutOfRangeException if the type cannot hold the value; nothing is appended
     * @throws IllegalArgumentException if the value is neither a period nor an integer
     */
    @Override
    public IntervalYearMonthBuilder appendObject(Object value) {
        return switch (value) {
            case null -> appendNull();
            case Period p -> append(p);
            case Long n when n != n.intValue() -> throw new ValueOutOfRangeException(n, TYPE,
                    "more months than 32 bits count");
            case Long n -> append(n.intValue());
            case Integer n -> append(n.intValue());
            case Short n -> append(n.intValue());
            case Byte n -> append(n.intValue());
            default -> throw new IllegalArgumentException("not an interval of months: " + value + " for " + TYPE);
        };
    }

    /**
     * The array of all slots appended; the builder starts over empty.
     *
     * @return the intervals
     */
    @Override
    public IntervalYearMonthArray build() {
        return IntervalYearMonthArray.ofUnchecked(finishData());
    }

    /**
     * An empty builder of year-month intervals.
     *
     * @param allocator the memory of the built arrays
     * @return the builder
     */
    public static IntervalYearMonthBuilder of(BufferAllocator allocator) {
        return new IntervalYearMonthBuilder(allocator);
    }
}
