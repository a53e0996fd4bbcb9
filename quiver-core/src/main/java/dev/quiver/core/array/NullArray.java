// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;

/** An array of the null type: every slot is null and there are no buffers. */
public final class NullArray extends Array {
    private NullArray(ArrayData data) {
        super(data);
    }

    /**
     * Checks the data's structure and that its type is the null type, and wraps it: the form for data that does
     * not come from Quiver's own builders or readers.
     *
     * @param data the data
     * @return the array over {@code data}
     * @throws ValidationException if the data's buffers or children do not fit its type and length, or its type
     *     is not the null type (rule {@link Rules#ARRAY_TYPE})
     */
    public static NullArray of(ArrayData data) {
        return checkedAs(data, NullArray.class);
    }

    /**
     * Wraps the data without any check: for data known to be structurally valid and of the null type, such as
     * what a builder made, a reader validated or a slice shares.
     *
     * @param data structurally valid data of the null type
     * @return the array over {@code data}
     */
    public static NullArray ofUnchecked(ArrayData data) {
        return new NullArray(data);
    }

    @Override
    public boolean isNull(long i) {
        return true;
    }

    @Override
    public Object getObject(long i) {
        return null;
    }

    @Override
    protected boolean valueEquals(long i, Array other, long j) {
        return true;
    }
}
