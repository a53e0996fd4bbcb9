// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.memory.HalfFloat;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;

/**
 * An array of IEEE 754 half precision floats, kept as their raw 16 bits. Values compare bit for bit
 * (a NaN equals the same NaN; 0.0 and -0.0 differ).
 */
public final class Float16Array extends FixedWidthArray {
    private Float16Array(ArrayData data) {
        super(data, 2);
    }

    /**
     * Checks the data's structure and that its type is float16, and wraps it: the form for data that does not
     * come from Quiver's own builders or readers.
     *
     * @param data the data
     * @return the array over {@code data}
     * @throws ValidationException if the data's buffers or children do not fit its type and length, or its type
     *     is not float16 (rule {@link Rules#ARRAY_TYPE})
     */
    public static Float16Array of(ArrayData data) {
        return checkedAs(data, Float16Array.class);
    }

    /**
     * Wraps the data without any check: for data known to be structurally valid and of type float16, such as
     * what a builder made, a reader validated or a slice shares.
     *
     * @param data structurally valid data of type float16
     * @return the array over {@code data}
     */
    public static Float16Array ofUnchecked(ArrayData data) {
        return new Float16Array(data);
    }

    /**
     * The raw binary16 bits of value {@code i} (whatever is stored under a null slot).
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return the bits
     */
    public short getBits(long i) {
        return values.get(LittleEndian.SHORT, at(i));
    }

    /**
     * Value {@code i} widened to a float (exactly).
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return the value
     */
    public float get(long i) {
        return HalfFloat.toFloat(getBits(i));
    }

    /** Value {@code i} as a Float, or null. */
    @Override
    public Object getObject(long i) {
        return isNull(i) ? null : Float.valueOf(get(i));
    }

    @Override
    public Float16Array slice(long offset, long length) {
        return new Float16Array(data.slice(offset, length));
    }
}
