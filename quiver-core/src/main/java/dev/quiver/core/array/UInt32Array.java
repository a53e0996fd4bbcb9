// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;

/** An array of unsigned 32-bit integers. */
public final class UInt32Array extends FixedWidthArray {
    private UInt32Array(ArrayData data) {
        super(data, 4);
    }

    /**
     * Checks the data's structure and that its type is uint32, and wraps it: the form for data that does not
     * come from Quiver's own builders or readers.
     *
     * @param data the data
     * @return the array over {@code data}
     * @throws ValidationException if the data's buffers or children do not fit its type and length, or its type
     *     is not uint32 (rule {@link Rules#ARRAY_TYPE})
     */
    public static UInt32Array of(ArrayData data) {
        return checkedAs(data, UInt32Array.class);
    }

    /**
     * Wraps the data without any check: for data known to be structurally valid and of type uint32, such as what
     * a builder made, a reader validated or a slice shares.
     *
     * @param data structurally valid data of type uint32
     * @return the array over {@code data}
     */
    public static UInt32Array ofUnchecked(ArrayData data) {
        return new UInt32Array(data);
    }

    /**
     * Value {@code i} (whatever is stored under a null slot) as its raw bits: a signed Java int, negative for
     * values past its signed range.
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return the value's bits
     */
    public int get(long i) {
        return values.get(LittleEndian.INT, at(i));
    }

    /**
     * Value {@code i} read as unsigned.
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return the value, from 0 to 2<sup>32</sup> - 1
     */
    public long getUnsigned(long i) {
        return Integer.toUnsignedLong(get(i));
    }

    @Override
    public Object getObject(long i) {
        return isNull(i) ? null : Long.valueOf(getUnsigned(i));
    }

    @Override
    public UInt32Array slice(long offset, long length) {
        return new UInt32Array(data.slice(offset, length));
    }
}
