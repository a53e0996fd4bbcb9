// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.memory.LE;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.IntervalUnit;
import java.time.Period;

/**
 * An array of interval[year_month]: signed 32-bit counts of months. {@link #getPeriod} and
 * {@link #getObject} give {@link Period}s of years and months (14 months give {@code P1Y2M});
 * {@link #get} gives the months.
 */
public final class IntervalYearMonthArray extends FixedWidthArray {

    /**
     * Wraps interval[year_month] data without checks (see {@link Array#of} for the checked way).
     *
     * @param data the data, of type interval[year_month]
     * @throws IllegalArgumentException if the data's type is another
     */
    public IntervalYearMonthArray(ArrayData data) {
        super(data, 4);
        if (!(data.type() instanceof ArrowType.Interval t && t.unit() == IntervalUnit.YEAR_MONTH)) {
            throw new IllegalArgumentException("an IntervalYearMonthArray holds interval[year_month], not "
                    + data.type());
        }
    }

    /**
     * The months of slot {@code i} (whatever is stored under a null slot).
     *
     * @param i the slot
     * @return the count of months
     */
    public int get(long i) {
        return values.get(LE.INT, at(i));
    }

    /**
     * The interval of slot {@code i} as a period of years and months.
     *
     * @param i the slot, not null
     * @return the period, normalized to years and months of one sign
     */
    public Period getPeriod(long i) {
        return Period.ofMonths(get(i)).normalized();
    }

    /**
     * The interval of slot {@code i}, or null.
     *
     * @param i the slot
     * @return a {@link Period}, or null for a null slot
     */
    @Override
    public Object getObject(long i) {
        return isNull(i) ? null : getPeriod(i);
    }

    @Override
    public IntervalYearMonthArray slice(long offset, long length) {
        return new IntervalYearMonthArray(data.slice(offset, length));
    }
}
