// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;

/** An array of unsigned 8-bit integers. */
public final class UInt8Array extends FixedWidthArray {
    private UInt8Array(ArrayData data) {
        super(data, 1);
    }

    /**
     * Checks the data's structure and that its type is uint8, and wraps it: the form for data that does not come
     * from Quiver's own builders or readers.
     *
     * @param data the data
     * @return the array over {@code data}
     * @throws ValidationException if the data's buffers or children do not fit its type and length, or its type
     *     is not uint8 (rule {@link Rules#ARRAY_TYPE})
     */
    public static UInt8Array of(ArrayData data) {
        return checkedAs(data, UInt8Array.class);
    }

    /**
     * Wraps the data without any check: for data known to be structurally valid and of type uint8, such as what
     * a builder made, a reader validated or a slice shares.
     *
     * @param data structurally valid data of type uint8
     * @return the array over {@code data}
     */
    public static UInt8Array ofUnchecked(ArrayData data) {
        return new UInt8Array(data);
    }

    /**
     * Value {@code i} (whatever is stored under a null slot) as its raw bits: a signed Java byte, negative for
     * values past its signed range.
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return the value's bits
     */
    public byte get(long i) {
        return values.get(LittleEndian.BYTE, at(i));
    }

    /**
     * Value {@code i} read as unsigned.
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return the value, from 0 to 255
     */
    public int getUnsigned(long i) {
        return Byte.toUnsignedInt(get(i));
    }

    @Override
    public Object getObject(long i) {
        return isNull(i) ? null : Integer.valueOf(getUnsigned(i));
    }

    @Override
    public UInt8Array slice(long offset, long length) {
        return new UInt8Array(data.slice(offset, length));
    }
}
