// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;

/** An array of signed 64-bit integers (the temporal types stored as them have classes of their own). */
public final class Int64Array extends FixedWidthArray {
    private Int64Array(ArrayData data) {
        super(data, 8);
    }

    /**
     * Checks the data's structure and that its type is int64, and wraps it: the form for data that does not
     * come from Quiver's own builders or readers.
     *
     * @param data the data
     * @return the array over {@code data}
     * @throws ValidationException if the data's buffers or children do not fit its type and length, or its type
     *     is not int64 (rule {@link Rules#ARRAY_TYPE})
     */
    public static Int64Array of(ArrayData data) {
        return checkedAs(data, Int64Array.class);
    }

    /**
     * Wraps the data without any check: for data known to be structurally valid and of type int64, such as
     * what a builder made, a reader validated or a slice shares.
     *
     * @param data structurally valid data of type int64
     * @return the array over {@code data}
     */
    public static Int64Array ofUnchecked(ArrayData data) {
        return new Int64Array(data);
    }

    /**
     * Value {@code i} (whatever is stored under a null slot).
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return the value
     */
    public long get(long i) {
        return values.get(LittleEndian.LONG, at(i));
    }

    @Override
    public Object getObject(long i) {
        return isNull(i) ? null : Long.valueOf(get(i));
    }

    @Override
    public Int64Array slice(long offset, long length) {
        return new Int64Array(data.slice(offset, length));
    }
}
