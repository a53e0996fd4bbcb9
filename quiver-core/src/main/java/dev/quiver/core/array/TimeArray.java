// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.TimeUnit;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;
import java.time.LocalTime;

/**
 * An array of time32 (seconds or milliseconds since midnight) or time64 (microseconds or nanoseconds
 * since midnight). {@link #getLocalTime} and {@link #getObject} give {@link LocalTime}s; {@link #get}
 * gives the raw value in the type's unit.
 *
 * <p>Example: a {@code time32[ms]} holding {@code 45_000_000} gives {@code LocalTime.of(12, 30)}.
 */
public final class TimeArray extends FixedWidthArray {
    private final ArrowType.Time type;
    private final long nanosPerUnit;

    private TimeArray(ArrayData data) {
        super(data, typeOf(data).bitWidth() / 8);
        this.type = typeOf(data);
        this.nanosPerUnit = type.unit().nanosPerUnit();
    }

    /**
     * Checks the data's structure and that its type is time32 or time64, and wraps it: the form for data that does
     * not come from Quiver's own builders or readers.
     *
     * @param data the data
     * @return the array over {@code data}
     * @throws ValidationException if the data's buffers or children do not fit its type and length, or its
     *     type is not time32 or time64 (rule {@link Rules#ARRAY_TYPE})
     */
    public static TimeArray of(ArrayData data) {
        return checkedAs(data, TimeArray.class);
    }

    /**
     * Wraps the data without any check: for data known to be structurally valid and of type time32 or time64, such
     * as what a builder made, a reader validated or a slice shares.
     *
     * @param data structurally valid data of type time32 or time64
     * @return the array over {@code data}
     */
    public static TimeArray ofUnchecked(ArrayData data) {
        return new TimeArray(data);
    }

    private static ArrowType.Time typeOf(ArrayData data) {
        if (data.type() instanceof ArrowType.Time t) {
            return t;
        }
        throw new IllegalArgumentException("a TimeArray holds times, not " + data.type());
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
     * The raw value of slot {@code i}, in the type's unit since midnight (whatever is stored under a null
     * slot).
     *
     * @param i the slot
     * @return the value in the type's unit
     */
    public long get(long i) {
        return type.bitWidth() == 32 ? values.get(LittleEndian.INT, at(i)) : values.get(LittleEndian.LONG, at(i));
    }

    /**
     * The time of day of slot {@code i}.
     *
     * @param i the slot, not null
     * @return the time of day
     * @throws java.time.DateTimeException if the value lies outside a day, which the spec forbids
     */
    public LocalTime getLocalTime(long i) {
        long value = get(i);
        if (value < 0 || value >= TemporalUnits.NANOS_PER_DAY / nanosPerUnit) {
            throw new java.time.DateTimeException("time value " + value + " of " + type + " at slot " + i
                    + " lies outside a day");
        }
        return LocalTime.ofNanoOfDay(value * nanosPerUnit);
    }

    /**
     * The time of day of slot {@code i}, or null. A value outside a day (which the spec forbids, but
     * data may hold) is no time of day: it comes back as its raw count, a {@link Long}.
     *
     * @param i the slot
     * @return a {@link LocalTime}, the raw count of a value outside a day, or null for a null slot
     */
    @Override
    public Object getObject(long i) {
        if (isNull(i)) {
            return null;
        }
        long value = get(i);
        return value < 0 || value >= TemporalUnits.NANOS_PER_DAY / nanosPerUnit ? (Object) value
                : LocalTime.ofNanoOfDay(value * nanosPerUnit);
    }

    @Override
    public TimeArray slice(long offset, long length) {
        return TimeArray.ofUnchecked(data.slice(offset, length));
    }
}
