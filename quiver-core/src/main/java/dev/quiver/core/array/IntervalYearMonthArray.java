// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.IntervalUnit;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;
import java.time.Period;

/**
 * An array of interval[year_month]: signed 32-bit counts of months. {@link #getPeriod} and
 * {@link #getObject} give {@link Period}s of years and months (14 months give {@code P1Y2M});
 * {@link #get} gives the months.
 */
public final class IntervalYearMonthArray extends FixedWidthArray {

    private IntervalYearMonthArray(ArrayData data) {
        super(data, 4);
        if (!(data.type() instanceof ArrowType.Interval t && t.unit() == IntervalUnit.YEAR_MONTH)) {
            throw new IllegalArgumentException("an IntervalYearMonthArray holds interval[year_month], not "
                    + data.type());
        }
    }

    /**
     * Checks the data's structure and that its type is interval[year_month], and wraps it: the form for data that does
     * not come from Quiver's own builders or readers.
     *
     * @param data the data
     * @return the array over {@code data}
     * @throws ValidationException if the data's buffers or children do not fit its type and length, or its
     *     type is not interval[year_month] (rule {@link Rules#ARRAY_TYPE})
     */
    public static IntervalYearMonthArray of(ArrayData data) {
        return checkedAs(data, IntervalYearMonthArray.class);
    }

    /**
     * Wraps the data without any check: for data known to be structurally valid and of type interval[year_month], such
     * as what a builder made, a reader validated or a slice shares.
     *
     * @param data structurally valid data of type interval[year_month]
     * @return the array over {@code data}
     */
    public static IntervalYearMonthArray ofUnchecked(ArrayData data) {
        return new IntervalYearMonthArray(data);
    }

    /**
     * The months of slot {@code i} (whatever is stored under a null slot).
     *
     * @param i the slot
     * @return the count of months
     */
    public int get(long i) {
        return values.get(LittleEndian.INT, at(i));
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
        return IntervalYearMonthArray.ofUnchecked(data.slice(offset, length));
    }
}
