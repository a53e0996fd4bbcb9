// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.memory.LE;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import java.time.LocalDate;

/**
 * An array of date32 (days since the Unix epoch, 32 bits) or date64 (milliseconds since the Unix epoch,
 * 64 bits). {@link #getLocalDate} and {@link #getObject} give {@link LocalDate}s; {@link #get} gives the
 * raw value in the type's unit.
 *
 * <p>Example: {@code ((DateArray) batch.column(0)).getLocalDate(0)} gives e.g. {@code 2024-02-29}.
 */
public final class DateArray extends FixedWidthArray {
    private final boolean days;

    /**
     * Wraps date data without checks (see {@link Array#of} for the checked way).
     *
     * @param data the data, of a date type
     * @throws IllegalArgumentException if the data's type is not a date
     */
    public DateArray(ArrayData data) {
        super(data, typeOf(data).bitWidth() / 8);
        this.days = typeOf(data).unit() == DateUnit.DAY;
    }

    private static ArrowType.Date typeOf(ArrayData data) {
        if (data.type() instanceof ArrowType.Date t) {
            return t;
        }
        throw new IllegalArgumentException("a DateArray holds dates, not " + data.type());
    }

    /**
     * The raw value of slot {@code i}: days for date32, milliseconds for date64 (whatever is stored under
     * a null slot).
     *
     * @param i the slot
     * @return the value in the type's unit
     */
    public long get(long i) {
        return days ? values.get(LE.INT, at(i)) : values.get(LE.LONG, at(i));
    }

    /**
     * The date of slot {@code i}; a date64 value that is not a whole number of days (the spec asks for
     * whole days) gives the day it falls in.
     *
     * @param i the slot, not null
     * @return the date
     */
    public LocalDate getLocalDate(long i) {
        long value = get(i);
        return LocalDate.ofEpochDay(days ? value : Math.floorDiv(value, 86_400_000L));
    }

    /**
     * The date of slot {@code i}, or null.
     *
     * @param i the slot
     * @return a {@link LocalDate}, or null for a null slot
     */
    @Override
    public Object getObject(long i) {
        return isNull(i) ? null : getLocalDate(i);
    }

    @Override
    public DateArray slice(long offset, long length) {
        return new DateArray(data.slice(offset, length));
    }
}
