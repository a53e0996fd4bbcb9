// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.builder;

import dev.quiver.core.array.TimestampArray;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;

/**
 * Builds arrays of timestamps from java.time values or raw counts of the type's unit since the epoch.
 * Following the spec (Schema.fbs, {@code Timestamp}), a timestamp type with a time zone holds points in
 * time: it takes {@link Instant}s (and {@link ZonedDateTime}s and {@link OffsetDateTime}s, as the
 * instants they denote). A timestamp type without a time zone holds wall-clock times: it takes
 * {@link LocalDateTime}s. Handing one kind to the other is refused, since the conversion needs a zone
 * the caller must choose. A value that overflows 64 bits of the unit, or is finer than the unit (would
 * need rounding), is refused with a {@link ValueOutOfRangeException}.
 *
 * <pre>{@code
 * TimestampArray a = new TimestampBuilder(new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"), allocator)
 *         .append(Instant.parse("2023-11-14T22:13:20Z")).build();
 * }</pre>
 */
public final class TimestampBuilder extends FixedWidthBuilder<TimestampBuilder> {
    private final ArrowType.Timestamp type;
    private final boolean zoned;

    /**
     * An empty builder.
     *
     * @param type the timestamp type
     * @param allocator the memory of the built arrays
     */
    public TimestampBuilder(ArrowType.Timestamp type, BufferAllocator allocator) {
        super(type, 8, allocator);
        this.type = type;
        this.zoned = type.timezone() != null && !type.timezone().isEmpty();
    }

    /**
     * Appends a raw value: the count of the type's unit since the epoch (UTC for a type with a time zone,
     * the unknown local zone for one without).
     *
     * @param value the count
     * @return this builder
     */
    public TimestampBuilder append(long value) {
        values.appendLong(value);
        return valueAppended();
    }

    /**
     * Appends a point in time, to a type with a time zone.
     *
     * @param instant the point in time, or null to append a null
     * @return this builder
     * @throws ValueOutOfRangeException if the instant overflows the unit or is finer than it; nothing is
     *     appended
     * @throws IllegalArgumentException if the type has no time zone
     */
    public TimestampBuilder append(Instant instant) {
        if (instant == null) {
            return appendNull();
        }
        if (!zoned) {
            throw new IllegalArgumentException("the instant " + instant + " given to " + type
                    + ", which has no time zone: give a LocalDateTime (wall-clock time)");
        }
        return append(TemporalConversions.toUnit(instant.getEpochSecond(), instant.getNano(), type.unit(),
                instant, type));
    }

    /**
     * Appends a wall-clock date and time, to a type without a time zone.
     *
     * @param dateTime the date and time, or null to append a null
     * @return this builder
     * @throws ValueOutOfRangeException if the value overflows the unit or is finer than it; nothing is
     *     appended
     * @throws IllegalArgumentException if the type has a time zone
     */
    public TimestampBuilder append(LocalDateTime dateTime) {
        if (dateTime == null) {
            return appendNull();
        }
        if (zoned) {
            throw new IllegalArgumentException("the local date-time " + dateTime + " given to " + type
                    + ", which has a time zone: give an Instant (a point in time)");
        }
        return append(TemporalConversions.toUnit(dateTime.toEpochSecond(ZoneOffset.UTC), dateTime.getNano(),
                type.unit(), dateTime, type));
    }

    /**
     * Appends an {@link Instant}, {@link ZonedDateTime} or {@link OffsetDateTime} (types with a time
     * zone), a {@link LocalDateTime} (types without), or a raw count as a whole number of any integer
     * class; null appends a null.
     *
     * @param value the timestamp, the raw count, or null
     * @return this builder
     * @throws ValueOutOfRangeException if the type cannot hold the value; nothing is appended
     * @throws IllegalArgumentException if the value is of another class, or of the kind (point in time or
     *     wall-clock time) the type does not hold
     */
    @Override
    public TimestampBuilder appendObject(Object value) {
        return switch (value) {
            case null -> appendNull();
            case Instant t -> append(t);
            case ZonedDateTime t -> append(t.toInstant());
            case OffsetDateTime t -> append(t.toInstant());
            case LocalDateTime t -> append(t);
            case Long n -> append(n.longValue());
            case Integer n -> append(n.longValue());
            case Short n -> append(n.longValue());
            case Byte n -> append(n.longValue());
            default -> throw new IllegalArgumentException("not a timestamp: " + value + " for " + type);
        };
    }

    /**
     * The array of all slots appended; the builder starts over empty.
     *
     * @return the timestamps
     */
    @Override
    public TimestampArray build() {
        return TimestampArray.ofUnchecked(finishData());
    }

    /**
     * An empty builder of timestamps.
     *
     * @param type the type of the values built
     * @param allocator the memory of the built arrays
     * @return the builder
     */
    public static TimestampBuilder of(ArrowType.Timestamp type, BufferAllocator allocator) {
        return new TimestampBuilder(type, allocator);
    }
}
