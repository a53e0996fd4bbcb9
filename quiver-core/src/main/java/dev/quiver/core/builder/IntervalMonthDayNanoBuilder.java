// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.builder;

import dev.quiver.core.array.IntervalMonthDayNano;
import dev.quiver.core.array.IntervalMonthDayNanoArray;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.IntervalUnit;

/**
 * Builds arrays of interval[month_day_nano]: per value, months, days and nanoseconds.
 *
 * <pre>{@code
 * IntervalMonthDayNanoArray a = new IntervalMonthDayNanoBuilder(allocator).append(1, -2, 3_000L).build();
 * }</pre>
 */
public final class IntervalMonthDayNanoBuilder extends FixedWidthBuilder<IntervalMonthDayNanoBuilder> {
    private static final ArrowType.Interval TYPE = new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO);

    /**
     * An empty builder.
     *
     * @param allocator the memory of the built arrays
     */
    public IntervalMonthDayNanoBuilder(BufferAllocator allocator) {
        super(TYPE, 16, allocator);
    }

    /**
     * Appends an interval of months, days and nanoseconds.
     *
     * @param months the months
     * @param days the days
     * @param nanoseconds the nanoseconds
     * @return this builder
     */
    public IntervalMonthDayNanoBuilder append(int months, int days, long nanoseconds) {
        values.appendInt(months);
        values.appendInt(days);
        values.appendLong(nanoseconds);
        return valueAppended();
    }

    /**
     * Appends an interval of months, days and nanoseconds.
     *
     * @param value the interval, or null to append a null
     * @return this builder
     */
    public IntervalMonthDayNanoBuilder append(IntervalMonthDayNano value) {
        if (value == null) {
            return appendNull();
        }
        return append(value.months(), value.days(), value.nanoseconds());
    }

    /**
     * Appends an {@link IntervalMonthDayNano}; null appends a null.
     *
     * @param value the interval, or null
     * @return this builder
     * @throws IllegalArgumentException if the value is not an {@link IntervalMonthDayNano}
     */
    @Override
    public IntervalMonthDayNanoBuilder appendObject(Object value) {
        return switch (value) {
            case null -> appendNull();
            case IntervalMonthDayNano v -> append(v);
            default -> throw new IllegalArgumentException("not an IntervalMonthDayNano: " + value + " for " + TYPE);
        };
    }

    /**
     * The array of all slots appended; the builder starts over empty.
     *
     * @return the intervals
     */
    @Override
    public IntervalMonthDayNanoArray build() {
        return IntervalMonthDayNanoArray.ofUnchecked(finishData());
    }

    /**
     * An empty builder of month-day-nanosecond intervals.
     *
     * @param allocator the memory of the built arrays
     * @return the builder
     */
    public static IntervalMonthDayNanoBuilder of(BufferAllocator allocator) {
        return new IntervalMonthDayNanoBuilder(allocator);
    }
}
