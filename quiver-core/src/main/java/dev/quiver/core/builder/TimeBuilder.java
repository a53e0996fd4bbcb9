// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.builder;

import dev.quiver.core.array.TimeArray;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import java.time.LocalTime;

/**
 * Builds arrays of time32 or time64 (a count of the type's unit since midnight) from {@link LocalTime}s
 * or raw counts. A time finer than the unit (a nanosecond for time32[ms]) would need rounding and a raw
 * count outside one day is not a time of day (the spec's rule): both are refused with a
 * {@link ValueOutOfRangeException}.
 *
 * <pre>{@code
 * TimeArray a = new TimeBuilder(new ArrowType.Time(TimeUnit.MILLISECOND, 32), allocator)
 *         .append(LocalTime.of(12, 30)).build();
 * }</pre>
 */
public final class TimeBuilder extends FixedWidthBuilder<TimeBuilder> {
    private static final long NANOS_PER_DAY = 86_400_000_000_000L;
    private final ArrowType.Time type;
    private final long nanosPerUnit;
    private final long unitsPerDay;

    /**
     * An empty builder.
     *
     * @param type the time type
     * @param allocator the memory of the built arrays
     */
    public TimeBuilder(ArrowType.Time type, BufferAllocator allocator) {
        super(type, type.bitWidth() / 8, allocator);
        this.type = type;
        this.nanosPerUnit = type.unit().nanosPerUnit();
        this.unitsPerDay = NANOS_PER_DAY / nanosPerUnit;
    }

    /**
     * Appends a raw value: the count of the type's unit since midnight.
     *
     * @param value the count, in {@code [0, one day)}
     * @return this builder
     * @throws ValueOutOfRangeException if the count lies outside one day; nothing is appended
     */
    public TimeBuilder append(long value) {
        if (value < 0 || value >= unitsPerDay) {
            throw new ValueOutOfRangeException(value, type, "outside one day, 0.." + (unitsPerDay - 1));
        }
        return store(value);
    }

    /**
     * Appends a time of day.
     *
     * @param time the time, or null to append a null
     * @return this builder
     * @throws ValueOutOfRangeException if the time is finer than the unit; nothing is appended
     */
    public TimeBuilder append(LocalTime time) {
        if (time == null) {
            return appendNull();
        }
        long nanos = time.toNanoOfDay();
        if (nanos % nanosPerUnit != 0) {
            throw new ValueOutOfRangeException(time, type, "finer than " + type.unit().symbol()
                    + " (it would need rounding)");
        }
        return store(nanos / nanosPerUnit);
    }

    private TimeBuilder store(long value) {
        if (type.bitWidth() == 32) {
            values.appendInt((int) value);
        } else {
            values.appendLong(value);
        }
        return valueAppended();
    }

    /**
     * Appends a {@link LocalTime}, or a raw count as a whole number of any integer class; null appends a
     * null.
     *
     * @param value the time, the raw count, or null
     * @return this builder
     * @throws ValueOutOfRangeException if the type cannot hold the value; nothing is appended
     * @throws IllegalArgumentException if the value is neither a time nor an integer
     */
    @Override
    public TimeBuilder appendObject(Object value) {
        return switch (value) {
            case null -> appendNull();
            case LocalTime t -> append(t);
            case Long n -> append(n.longValue());
            case Integer n -> append(n.longValue());
            case Short n -> append(n.longValue());
            case Byte n -> append(n.longValue());
            default -> throw new IllegalArgumentException("not a time: " + value + " for " + type);
        };
    }

    /**
     * The array of all slots appended; the builder starts over empty.
     *
     * @return the times
     */
    @Override
    public TimeArray build() {
        return TimeArray.ofUnchecked(finishData());
    }

    /**
     * An empty builder of times of day.
     *
     * @param type the type of the values built
     * @param allocator the memory of the built arrays
     * @return the builder
     */
    public static TimeBuilder of(ArrowType.Time type, BufferAllocator allocator) {
        return new TimeBuilder(type, allocator);
    }
}
