// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;
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

    private DateArray(ArrayData data) {
        super(data, typeOf(data).bitWidth() / 8);
        this.days = typeOf(data).unit() == DateUnit.DAY;
    }

    /**
     * Checks the data's structure and that its type is date32 or date64, and wraps it: the form for data that does
     * not come from Quiver's own builders or readers.
     *
     * @param data the data
     * @return the array over {@code data}
     * @throws ValidationException if the data's buffers or children do not fit its type and length, or its
     *     type is not date32 or date64 (rule {@link Rules#ARRAY_TYPE})
     */
    public static DateArray of(ArrayData data) {
        return checkedAs(data, DateArray.class);
    }

    /**
     * Wraps the data without any check: for data known to be structurally valid and of type date32 or date64, such
     * as what a builder made, a reader validated or a slice shares.
     *
     * @param data structurally valid data of type date32 or date64
     * @return the array over {@code data}
     */
    public static DateArray ofUnchecked(ArrayData data) {
        return new DateArray(data);
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
        return days ? values.get(LittleEndian.INT, at(i)) : values.get(LittleEndian.LONG, at(i));
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
        return DateArray.ofUnchecked(data.slice(offset, length));
    }
}
