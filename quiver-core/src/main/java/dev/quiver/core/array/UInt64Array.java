// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;

/** An array of unsigned 64-bit integers. */
public final class UInt64Array extends FixedWidthArray {
    private UInt64Array(ArrayData data) {
        super(data, 8);
    }

    /**
     * Checks the data's structure and that its type is uint64, and wraps it: the form for data that does not
     * come from Quiver's own builders or readers.
     *
     * @param data the data
     * @return the array over {@code data}
     * @throws ValidationException if the data's buffers or children do not fit its type and length, or its type
     *     is not uint64 (rule {@link Rules#ARRAY_TYPE})
     */
    public static UInt64Array of(ArrayData data) {
        return checkedAs(data, UInt64Array.class);
    }

    /**
     * Wraps the data without any check: for data known to be structurally valid and of type uint64, such as what
     * a builder made, a reader validated or a slice shares.
     *
     * @param data structurally valid data of type uint64
     * @return the array over {@code data}
     */
    public static UInt64Array ofUnchecked(ArrayData data) {
        return new UInt64Array(data);
    }

    /**
     * Value {@code i} (whatever is stored under a null slot) as its raw bits: negative for values past {@code
     * Long.MAX_VALUE} (compare with {@link Long#compareUnsigned}).
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return the value's bits
     */
    public long get(long i) {
        return values.get(LittleEndian.LONG, at(i));
    }

    /**
     * Value {@code i} as text, read as unsigned.
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return the decimal digits of the value
     */
    public String getUnsignedString(long i) {
        return Long.toUnsignedString(get(i));
    }

    @Override
    public Object getObject(long i) {
        return isNull(i) ? null : new java.math.BigInteger(Long.toUnsignedString(get(i)));
    }

    @Override
    public UInt64Array slice(long offset, long length) {
        return new UInt64Array(data.slice(offset, length));
    }
}
