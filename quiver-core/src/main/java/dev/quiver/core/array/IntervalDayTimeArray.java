// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.memory.LE;

/** An array of interval[day_time]: per value, days then milliseconds, two signed 32-bit integers. */
public final class IntervalDayTimeArray extends FixedWidthArray {
    public IntervalDayTimeArray(ArrayData data) {
        super(data, 8);
    }

    /** The days of value {@code i}. */
    public int getDays(long i) {
        return values.get(LE.INT, at(i));
    }

    /** The milliseconds of value {@code i}. */
    public int getMilliseconds(long i) {
        return values.get(LE.INT, at(i) + 4);
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
