// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.builder;

import dev.quiver.core.array.DateArray;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import java.time.LocalDate;

/**
 * Builds arrays of date32 (days since the epoch) or date64 (milliseconds since the epoch) from
 * {@link LocalDate}s or raw counts. A date that date32 cannot count in 32 bits of days, or date64 in 64
 * bits of milliseconds (about 292 million years), is refused with a {@link ValueOutOfRangeException}. Raw date64 values are stored as given (the spec asks for whole days;
 * a date64 that is not reads as the day it falls in).
 *
 * <pre>{@code
 * DateArray a = new DateBuilder(ArrowType.DATE32, allocator).append(LocalDate.of(1969, 7, 20)).build();
 * }</pre>
 */
public final class DateBuilder extends FixedWidthBuilder<DateBuilder> {
    private static final long MILLIS_PER_DAY = 86_400_000L;
    private final ArrowType.Date type;
    private final boolean days;

    /**
     * An empty builder.
     *
     * @param type the date type
     * @param allocator the memory of the built arrays
     */
    public DateBuilder(ArrowType.Date type, BufferAllocator allocator) {
        super(type, type.bitWidth() / 8, allocator);
        this.type = type;
        this.days = type.unit() == DateUnit.DAY;
    }

    /**
     * Appends a raw value: days for date32, milliseconds (whole days, by the spec) for date64.
     *
     * @param value the count of the type's unit since the epoch
     * @return this builder
     * @throws ValueOutOfRangeException if a date32 value does not fit 32 bits; nothing is appended
     */
    public DateBuilder append(long value) {
        if (days) {
            if (value != (int) value) {
                throw new ValueOutOfRangeException(value, type, "outside the 32-bit range of days");
            }
            values.appendInt((int) value);
        } else {
            values.appendLong(value);
        }
        return valueAppended();
    }

    /**
     * Appends a date.
     *
     * @param date the date, or null to append a null
     * @return this builder
     * @throws ValueOutOfRangeException if the type cannot count the date; nothing is appended
     */
    public DateBuilder append(LocalDate date) {
        if (date == null) {
            return appendNull();
        }
        long epochDay = date.toEpochDay();
        if (days) {
            if (epochDay != (int) epochDay) {
                throw new ValueOutOfRangeException(date, type, "outside the 32-bit range of days");
            }
            values.appendInt((int) epochDay);
        } else {
            long millis;
            try {
                millis = Math.multiplyExact(epochDay, MILLIS_PER_DAY);
            } catch (ArithmeticException e) {
                throw new ValueOutOfRangeException(date, type, "beyond 64 bits of milliseconds");
            }
            values.appendLong(millis);
        }
        return valueAppended();
    }

    /**
     * Appends a {@link LocalDate}, or a raw count as a whole number of any integer class; null appends a
     * null.
     *
     * @param value the date, the raw count, or null
     * @return this builder
     * @throws ValueOutOfRangeException if the type cannot hold the value; nothing is appended
     * @throws IllegalArgumentException if the value is neither a date nor an integer
     */
    @Override
    public DateBuilder appendObject(Object value) {
        return switch (value) {
            case null -> appendNull();
            case LocalDate d -> append(d);
            case Long n -> append(n.longValue());
            case Integer n -> append(n.longValue());
            case Short n -> append(n.longValue());
            case Byte n -> append(n.longValue());
            default -> throw new IllegalArgumentException("not a date: " + value + " for " + type);
        };
    }

    /**
     * The array of all slots appended; the builder starts over empty.
     *
     * @return the dates
     */
    @Override
    public DateArray build() {
        return DateArray.ofUnchecked(finishData());
    }

    /**
     * An empty builder of dates.
     *
     * @param type the type of the values built
     * @param allocator the memory of the built arrays
     * @return the builder
     */
    public static DateBuilder of(ArrowType.Date type, BufferAllocator allocator) {
        return new DateBuilder(type, allocator);
    }

    /**
     * An empty builder of {@code date32} (days).
     *
     * @param allocator the memory of the built arrays
     * @return the builder
     */
    public static DateBuilder date32(BufferAllocator allocator) {
        return new DateBuilder(new ArrowType.Date(DateUnit.DAY), allocator);
    }

    /**
     * An empty builder of {@code date64} (milliseconds).
     *
     * @param allocator the memory of the built arrays
     * @return the builder
     */
    public static DateBuilder date64(BufferAllocator allocator) {
        return new DateBuilder(new ArrowType.Date(DateUnit.MILLISECOND), allocator);
    }
}
