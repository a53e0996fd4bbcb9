// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;

/**
 * An array of interval[month_day_nano]: per value, months and days (signed 32-bit) then nanoseconds
 * (signed 64-bit).
 */
public final class IntervalMonthDayNanoArray extends FixedWidthArray {
    private IntervalMonthDayNanoArray(ArrayData data) {
        super(data, 16);
    }

    /**
     * Checks the data's structure and that its type is interval[month_day_nano], and wraps it: the form for data
     * that does not come from Quiver's own builders or readers.
     *
     * @param data the data
     * @return the array over {@code data}
     * @throws ValidationException if the data's buffers or children do not fit its type and length, or its type
     *     is not interval[month_day_nano] (rule {@link Rules#ARRAY_TYPE})
     */
    public static IntervalMonthDayNanoArray of(ArrayData data) {
        return checkedAs(data, IntervalMonthDayNanoArray.class);
    }

    /**
     * Wraps the data without any check: for data known to be structurally valid and of type
     * interval[month_day_nano], such as what a builder made, a reader validated or a slice shares.
     *
     * @param data structurally valid data of type interval[month_day_nano]
     * @return the array over {@code data}
     */
    public static IntervalMonthDayNanoArray ofUnchecked(ArrayData data) {
        return new IntervalMonthDayNanoArray(data);
    }

    /**
     * The months of value {@code i}.
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return the months
     */
    public int getMonths(long i) {
        return values.get(LittleEndian.INT, at(i));
    }

    /**
     * The days of value {@code i}.
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return the days
     */
    public int getDays(long i) {
        return values.get(LittleEndian.INT, at(i) + 4);
    }

    /**
     * The nanoseconds of value {@code i}.
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return the nanoseconds
     */
    public long getNanoseconds(long i) {
        return values.get(LittleEndian.LONG, at(i) + 8);
    }

    /** Value {@code i} as an {@link IntervalMonthDayNano}, or null. */
    @Override
    public Object getObject(long i) {
        return isNull(i) ? null : new IntervalMonthDayNano(getMonths(i), getDays(i), getNanoseconds(i));
    }

    @Override
    public IntervalMonthDayNanoArray slice(long offset, long length) {
        return new IntervalMonthDayNanoArray(data.slice(offset, length));
    }
}
