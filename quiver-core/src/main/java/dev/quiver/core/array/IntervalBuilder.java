package dev.quiver.core.array;

import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.IntervalUnit;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Builds arrays of interval[day_time] and interval[month_day_nano] (interval[year_month] is stored as
 * int32: use {@link IntBuilder}).
 */
public final class IntervalBuilder implements ArrayBuilder {
    private final ArrowType.Interval type;
    private final GrowableBuffer values;
    private final ValidityBuilder validity;

    public IntervalBuilder(ArrowType.Interval type, BufferAllocator allocator) {
        if (type.unit() == IntervalUnit.YEAR_MONTH) {
            throw new IllegalArgumentException(type + " is stored as int32: build it with IntBuilder");
        }
        this.type = type;
        this.values = new GrowableBuffer(allocator);
        this.validity = new ValidityBuilder(allocator);
    }

    @Override
    public ArrowType type() {
        return type;
    }

    @Override
    public long length() {
        return validity.length();
    }

    /** Appends a day_time interval. */
    public IntervalBuilder appendDayTime(int days, int milliseconds) {
        requireUnit(IntervalUnit.DAY_TIME);
        values.appendInt(days);
        values.appendInt(milliseconds);
        validity.append(true);
        return this;
    }

    /** Appends a month_day_nano interval. */
    public IntervalBuilder appendMonthDayNano(int months, int days, long nanoseconds) {
        requireUnit(IntervalUnit.MONTH_DAY_NANO);
        values.appendInt(months);
        values.appendInt(days);
        values.appendLong(nanoseconds);
        validity.append(true);
        return this;
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
    public IntervalBuilder appendNull() {
        values.appendZeros(type.unit().bitWidth() / 8);
        validity.append(false);
        return this;
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

    @Override
    public Array build() {
        long length = validity.length();
        long nulls = validity.unsetCount();
        ArrayData data = new ArrayData(type, length, 0, nulls,
                Arrays.asList(validity.finishValidity(), values.finish()), List.of(), null);
        return Array.wrap(data);
    }
}
