// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.builder;

import dev.quiver.core.array.IntervalDayTime;
import dev.quiver.core.array.IntervalMonthDayNano;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.IntervalUnit;
import java.util.Locale;

/**
 * Builds arrays of interval[day_time] and interval[month_day_nano] (interval[year_month] is stored as
 * int32: use {@link IntBuilder}).
 */
public final class IntervalBuilder extends FixedWidthBuilder<IntervalBuilder> {
    private final ArrowType.Interval type;

    public IntervalBuilder(ArrowType.Interval type, BufferAllocator allocator) {
        super(type, type.unit().bitWidth() / 8, allocator);
        if (type.unit() == IntervalUnit.YEAR_MONTH) {
            throw new IllegalArgumentException(type + " is stored as int32: build it with IntBuilder");
        }
        this.type = type;
    }

    /** Appends a day_time interval. */
    public IntervalBuilder appendDayTime(int days, int milliseconds) {
        requireUnit(IntervalUnit.DAY_TIME);
        values.appendInt(days);
        values.appendInt(milliseconds);
        return valueAppended();
    }

    /** Appends a month_day_nano interval. */
    public IntervalBuilder appendMonthDayNano(int months, int days, long nanoseconds) {
        requireUnit(IntervalUnit.MONTH_DAY_NANO);
        values.appendInt(months);
        values.appendInt(days);
        values.appendLong(nanoseconds);
        return valueAppended();
    }

    /** Appends a day_time interval. */
    public IntervalBuilder append(IntervalDayTime value) {
        return appendDayTime(value.days(), value.milliseconds());
    }

    /** Appends a month_day_nano interval. */
    public IntervalBuilder append(IntervalMonthDayNano value) {
        return appendMonthDayNano(value.months(), value.days(), value.nanoseconds());
    }

    private void requireUnit(IntervalUnit unit) {
        if (type.unit() != unit) {
            throw new IllegalArgumentException("a " + unit.name().toLowerCase(Locale.ROOT)
                    + " value appended to a " + type + " builder");
        }
    }

    @Override
    public IntervalBuilder appendObject(Object value) {
        return switch (value) {
            case null -> appendNull();
            case IntervalDayTime v -> append(v);
            case IntervalMonthDayNano v -> append(v);
            default -> throw new IllegalArgumentException("not an interval: " + value);
        };
    }

}
