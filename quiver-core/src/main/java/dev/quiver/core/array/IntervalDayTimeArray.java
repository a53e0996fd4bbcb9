// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;

/** An array of interval[day_time]: per value, days then milliseconds, two signed 32-bit integers. */
public final class IntervalDayTimeArray extends FixedWidthArray {
    private IntervalDayTimeArray(ArrayData data) {
        super(data, 8);
    }

    /**
     * Checks the data's structure and that its type is interval[day_time], and wraps it: the form for data that
     * does not come from Quiver's own builders or readers.
     *
     * @param data the data
     * @return the array over {@code data}
     * @throws ValidationException if the data's buffers or children do not fit its type and length, or its type
     *     is not interval[day_time] (rule {@link Rules#ARRAY_TYPE})
     */
    public static IntervalDayTimeArray of(ArrayData data) {
        return checkedAs(data, IntervalDayTimeArray.class);
    }

    /**
     * Wraps the data without any check: for data known to be structurally valid and of type interval[day_time],
     * such as what a builder made, a reader validated or a slice shares.
     *
     * @param data structurally valid data of type interval[day_time]
     * @return the array over {@code data}
     */
    public static IntervalDayTimeArray ofUnchecked(ArrayData data) {
        return new IntervalDayTimeArray(data);
    }

    /**
     * The days of value {@code i}.
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return the days
     */
    public int getDays(long i) {
        return values.get(LittleEndian.INT, at(i));
    }

    /**
     * The milliseconds of value {@code i}.
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return the milliseconds
     */
    public int getMilliseconds(long i) {
        return values.get(LittleEndian.INT, at(i) + 4);
    }

    /** Value {@code i} as an {@link IntervalDayTime}, or null. */
    @Override
    public Object getObject(long i) {
        return isNull(i) ? null : new IntervalDayTime(getDays(i), getMilliseconds(i));
    }

    @Override
    public IntervalDayTimeArray slice(long offset, long length) {
        return new IntervalDayTimeArray(data.slice(offset, length));
    }
}
