// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;

/** An array of signed 32-bit integers (the temporal types stored as them have classes of their own). */
public final class Int32Array extends FixedWidthArray {
    private Int32Array(ArrayData data) {
        super(data, 4);
    }

    /**
     * Checks the data's structure and that its type is int32, and wraps it: the form for data that does not
     * come from Quiver's own builders or readers.
     *
     * @param data the data
     * @return the array over {@code data}
     * @throws ValidationException if the data's buffers or children do not fit its type and length, or its type
     *     is not int32 (rule {@link Rules#ARRAY_TYPE})
     */
    public static Int32Array of(ArrayData data) {
        return checkedAs(data, Int32Array.class);
    }

    /**
     * Wraps the data without any check: for data known to be structurally valid and of type int32, such as
     * what a builder made, a reader validated or a slice shares.
     *
     * @param data structurally valid data of type int32
     * @return the array over {@code data}
     */
    public static Int32Array ofUnchecked(ArrayData data) {
        return new Int32Array(data);
    }

    /**
     * Value {@code i} (whatever is stored under a null slot).
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return the value
     */
    public int get(long i) {
        return values.get(LittleEndian.INT, at(i));
    }

    @Override
    public Object getObject(long i) {
        return isNull(i) ? null : Integer.valueOf(get(i));
    }

    @Override
    public Int32Array slice(long offset, long length) {
        return new Int32Array(data.slice(offset, length));
    }
}
