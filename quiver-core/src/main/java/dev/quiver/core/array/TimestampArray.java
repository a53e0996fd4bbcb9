// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.TimeUnit;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * An array of timestamps: 64-bit counts of the type's unit since the Unix epoch. Following the spec
 * (Schema.fbs, {@code Timestamp}), a timestamp with a time zone is a point in time, counted from
 * 1970-01-01T00:00 UTC whatever its zone: {@link #getObject} gives an {@link Instant}. A timestamp
 * without a time zone is a wall-clock date and time in an unknown zone: {@link #getObject} gives a
 * {@link LocalDateTime}. {@link #get} gives the raw count.
 *
 * <p>Example: a {@code timestamp[us, tz=UTC]} holding {@code 1700000000000000} gives
 * {@code Instant.parse("2023-11-14T22:13:20Z")}.
 */
public final class TimestampArray extends FixedWidthArray {
    /** The seconds every Instant and LocalDateTime can hold (LocalDateTime's range, the smaller). */
    private static final long MIN_SECOND = LocalDateTime.MIN.toEpochSecond(ZoneOffset.UTC);
    private static final long MAX_SECOND = LocalDateTime.MAX.toEpochSecond(ZoneOffset.UTC);
    private final ArrowType.Timestamp type;

    private TimestampArray(ArrayData data) {
        super(data, 8);
        if (!(data.type() instanceof ArrowType.Timestamp t)) {
            throw new IllegalArgumentException("a TimestampArray holds timestamps, not " + data.type());
        }
        this.type = t;
    }

    /**
     * Checks the data's structure and that its type is timestamp, and wraps it: the form for data that does
     * not come from Quiver's own builders or readers.
     *
     * @param data the data
     * @return the array over {@code data}
     * @throws ValidationException if the data's buffers or children do not fit its type and length, or its
     *     type is not timestamp (rule {@link Rules#ARRAY_TYPE})
     */
    public static TimestampArray of(ArrayData data) {
        return checkedAs(data, TimestampArray.class);
    }

    /**
     * Wraps the data without any check: for data known to be structurally valid and of type timestamp, such
     * as what a builder made, a reader validated or a slice shares.
     *
     * @param data structurally valid data of type timestamp
     * @return the array over {@code data}
     */
    public static TimestampArray ofUnchecked(ArrayData data) {
        return new TimestampArray(data);
    }

    /**
     * The unit of the raw values.
     *
     * @return seconds, milliseconds, microseconds or nanoseconds
     */
    public TimeUnit unit() {
        return type.unit();
    }

    /**
     * Whether the type has a time zone, making its values points in time rather than wall-clock times.
     *
     * @return true for a non-empty time zone
     */
    public boolean hasTimeZone() {
        return type.timezone() != null && !type.timezone().isEmpty();
    }

    /**
     * The raw value of slot {@code i}: units since the epoch (whatever is stored under a null slot).
     *
     * @param i the slot
     * @return the count of the type's unit
     */
    public long get(long i) {
        return values.get(LittleEndian.LONG, at(i));
    }

    /**
     * The value of slot {@code i} as an instant: exact for a timestamp with a time zone; for one without,
     * the wall-clock time read as if it were UTC.
     *
     * @param i the slot, not null
     * @return the instant
     * @throws java.time.DateTimeException if a value in seconds lies beyond {@link Instant}'s range
     */
    public Instant getInstant(long i) {
        return TemporalUnits.instant(get(i), type.unit());
    }

    /**
     * The value of slot {@code i} as a wall-clock date and time: as stored for a timestamp without a time
     * zone; for one with a zone, the UTC date and time of the instant.
     *
     * @param i the slot, not null
     * @return the date and time
     * @throws java.time.DateTimeException if a value in seconds lies beyond {@link LocalDateTime}'s range
     */
    public LocalDateTime getLocalDateTime(long i) {
        return LocalDateTime.ofInstant(getInstant(i), ZoneOffset.UTC);
    }

    /**
     * The value of slot {@code i}, or null: an {@link Instant} when the type has a time zone, else a
     * {@link LocalDateTime}. A count of seconds beyond java.time's range (about a billion years) comes
     * back as its raw count, a {@link Long}.
     *
     * @param i the slot
     * @return the value, the raw count of a value beyond java.time, or null for a null slot
     */
    @Override
    public Object getObject(long i) {
        if (isNull(i)) {
            return null;
        }
        long value = get(i);
        if (type.unit() == TimeUnit.SECOND && (value < MIN_SECOND || value > MAX_SECOND)) {
            return value;
        }
        return hasTimeZone() ? getInstant(i) : getLocalDateTime(i);
    }

    @Override
    public TimestampArray slice(long offset, long length) {
        return TimestampArray.ofUnchecked(data.slice(offset, length));
    }
}
