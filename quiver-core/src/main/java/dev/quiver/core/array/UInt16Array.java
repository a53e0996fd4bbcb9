// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;

/** An array of unsigned 16-bit integers. */
public final class UInt16Array extends FixedWidthArray {
    private UInt16Array(ArrayData data) {
        super(data, 2);
    }

    /**
     * Checks the data's structure and that its type is uint16, and wraps it: the form for data that does not
     * come from Quiver's own builders or readers.
     *
     * @param data the data
     * @return the array over {@code data}
     * @throws ValidationException if the data's buffers or children do not fit its type and length, or its type
     *     is not uint16 (rule {@link Rules#ARRAY_TYPE})
     */
    public static UInt16Array of(ArrayData data) {
        return checkedAs(data, UInt16Array.class);
    }

    /**
     * Wraps the data without any check: for data known to be structurally valid and of type uint16, such as what
     * a builder made, a reader validated or a slice shares.
     *
     * @param data structurally valid data of type uint16
     * @return the array over {@code data}
     */
    public static UInt16Array ofUnchecked(ArrayData data) {
        return new UInt16Array(data);
    }

    /**
     * Value {@code i} (whatever is stored under a null slot) as its raw bits: a signed Java short, negative for
     * values past its signed range.
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return the value's bits
     */
    public short get(long i) {
        return values.get(LittleEndian.SHORT, at(i));
    }

    /**
     * Value {@code i} read as unsigned.
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return the value, from 0 to 65535
     */
    public int getUnsigned(long i) {
        return Short.toUnsignedInt(get(i));
    }

    @Override
    public Object getObject(long i) {
        return isNull(i) ? null : Integer.valueOf(getUnsigned(i));
    }

    @Override
    public UInt16Array slice(long offset, long length) {
        return new UInt16Array(data.slice(offset, length));
    }
}
