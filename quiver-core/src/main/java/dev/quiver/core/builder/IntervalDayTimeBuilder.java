// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.builder;

import dev.quiver.core.array.IntervalDayTime;
import dev.quiver.core.array.IntervalDayTimeArray;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.IntervalUnit;

/**
 * Builds arrays of interval[day_time]: per value, days and milliseconds.
 *
 * <pre>{@code
 * IntervalDayTimeArray a = new IntervalDayTimeBuilder(allocator).append(2, 500).appendNull().build();
 * }</pre>
 */
public final class IntervalDayTimeBuilder extends FixedWidthBuilder<IntervalDayTimeBuilder> {
    private static final ArrowType.Interval TYPE = new ArrowType.Interval(IntervalUnit.DAY_TIME);

    /**
     * An empty builder.
     *
     * @param allocator the memory of the built arrays
     */
    public IntervalDayTimeBuilder(BufferAllocator allocator) {
        super(TYPE, 8, allocator);
    }

    /**
     * Appends an interval of days and milliseconds.
     *
     * @param days the days
     * @param milliseconds the milliseconds
     * @return this builder
     */
    public IntervalDayTimeBuilder append(int days, int milliseconds) {
        values.appendInt(days);
        values.appendInt(milliseconds);
        return valueAppended();
    }

    /**
     * Appends an interval of days and milliseconds.
     *
     * @param value the interval, or null to append a null
     * @return this builder
     */
    public IntervalDayTimeBuilder append(IntervalDayTime value) {
        if (value == null) {
            return appendNull();
        }
        return append(value.days(), value.milliseconds());
    }

    /**
     * Appends an {@link IntervalDayTime}; null appends a null.
     *
     * @param value the interval, or null
     * @return this builder
     * @throws IllegalArgumentException if the value is not an {@link IntervalDayTime}
     */
    @Override
    public IntervalDayTimeBuilder appendObject(Object value) {
        return switch (value) {
            case null -> appendNull();
            case IntervalDayTime v -> append(v);
            default -> throw new IllegalArgumentException("not an IntervalDayTime: " + value + " for " + TYPE);
        };
    }

    /**
     * The array of all slots appended; the builder starts over empty.
     *
     * @return the intervals
     */
    @Override
    public IntervalDayTimeArray build() {
        return IntervalDayTimeArray.ofUnchecked(finishData());
    }

    /**
     * An empty builder of day-time intervals.
     *
     * @param allocator the memory of the built arrays
     * @return the builder
     */
    public static IntervalDayTimeBuilder of(BufferAllocator allocator) {
        return new IntervalDayTimeBuilder(allocator);
    }
}
