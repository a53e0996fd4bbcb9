// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.memory.LE;

/**
 * An array of interval[month_day_nano]: per value, months and days (signed 32-bit) then nanoseconds
 * (signed 64-bit).
 */
public final class IntervalMonthDayNanoArray extends FixedWidthArray {
    public IntervalMonthDayNanoArray(ArrayData data) {
        super(data, 16);
    }

    /** The months of value {@code i}. */
    public int getMonths(long i) {
        return values.get(LE.INT, at(i));
    }

    /** The days of value {@code i}. */
    public int getDays(long i) {
        return values.get(LE.INT, at(i) + 4);
    }

    /** The nanoseconds of value {@code i}. */
    public long getNanoseconds(long i) {
        return values.get(LE.LONG, at(i) + 8);
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
