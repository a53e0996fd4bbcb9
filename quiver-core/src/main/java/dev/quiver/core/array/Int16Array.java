// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;

/** An array of signed 16-bit integers. */
public final class Int16Array extends FixedWidthArray {
    private Int16Array(ArrayData data) {
        super(data, 2);
    }

    /**
     * Checks the data's structure and that its type is int16, and wraps it: the form for data that does not come
     * from Quiver's own builders or readers.
     *
     * @param data the data
     * @return the array over {@code data}
     * @throws ValidationException if the data's buffers or children do not fit its type and length, or its type
     *     is not int16 (rule {@link Rules#ARRAY_TYPE})
     */
    public static Int16Array of(ArrayData data) {
        return checkedAs(data, Int16Array.class);
    }

    /**
     * Wraps the data without any check: for data known to be structurally valid and of type int16, such as what
     * a builder made, a reader validated or a slice shares.
     *
     * @param data structurally valid data of type int16
     * @return the array over {@code data}
     */
    public static Int16Array ofUnchecked(ArrayData data) {
        return new Int16Array(data);
    }

    /**
     * Value {@code i} (whatever is stored under a null slot).
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return the value
     */
    public short get(long i) {
        return values.get(LittleEndian.SHORT, at(i));
    }

    @Override
    public Object getObject(long i) {
        return isNull(i) ? null : Integer.valueOf(get(i));
    }

    @Override
    public Int16Array slice(long offset, long length) {
        return new Int16Array(data.slice(offset, length));
    }
}
