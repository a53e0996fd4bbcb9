// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;

/**
 * An array of IEEE 754 double precision floats. Values compare bit for bit (a NaN equals the same
 * NaN; 0.0 and -0.0 differ).
 */
public final class Float64Array extends FixedWidthArray {
    private Float64Array(ArrayData data) {
        super(data, 8);
    }

    /**
     * Checks the data's structure and that its type is float64, and wraps it: the form for data that does not
     * come from Quiver's own builders or readers.
     *
     * @param data the data
     * @return the array over {@code data}
     * @throws ValidationException if the data's buffers or children do not fit its type and length, or its type
     *     is not float64 (rule {@link Rules#ARRAY_TYPE})
     */
    public static Float64Array of(ArrayData data) {
        return checkedAs(data, Float64Array.class);
    }

    /**
     * Wraps the data without any check: for data known to be structurally valid and of type float64, such as
     * what a builder made, a reader validated or a slice shares.
     *
     * @param data structurally valid data of type float64
     * @return the array over {@code data}
     */
    public static Float64Array ofUnchecked(ArrayData data) {
        return new Float64Array(data);
    }

    /**
     * Value {@code i} (whatever is stored under a null slot).
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return the value
     */
    public double get(long i) {
        return values.get(LittleEndian.DOUBLE, at(i));
    }

    @Override
    public Object getObject(long i) {
        return isNull(i) ? null : Double.valueOf(get(i));
    }

    @Override
    public Float64Array slice(long offset, long length) {
        return new Float64Array(data.slice(offset, length));
    }
}
