// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;
import java.lang.foreign.MemorySegment;

/** An array of booleans, bit-packed: value {@code i} is bit {@code offset + i} of buffer 1. */
public final class BooleanArray extends Array {
    private final MemorySegment bits;

    private BooleanArray(ArrayData data) {
        super(data);
        ArrowBuffer buffer = data.buffer(1);
        this.bits = buffer == null ? ArrowBuffer.EMPTY.segment() : buffer.segment();
    }

    /**
     * Checks the data's structure and that its type is bool, and wraps it: the form for data that does not come
     * from Quiver's own builders or readers.
     *
     * @param data the data
     * @return the array over {@code data}
     * @throws ValidationException if the data's buffers or children do not fit its type and length, or its type
     *     is not bool (rule {@link Rules#ARRAY_TYPE})
     */
    public static BooleanArray of(ArrayData data) {
        return checkedAs(data, BooleanArray.class);
    }

    /**
     * Wraps the data without any check: for data known to be structurally valid and of type bool, such as what a
     * builder made, a reader validated or a slice shares.
     *
     * @param data structurally valid data of type bool
     * @return the array over {@code data}
     */
    public static BooleanArray ofUnchecked(ArrayData data) {
        return new BooleanArray(data);
    }

    /**
     * Value {@code i} (whatever is stored under a null slot).
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return the value
     */
    public boolean get(long i) {
        return Bitmaps.get(bits, data.offset() + i);
    }

    /**
     * The number of valid slots holding true.
     *
     * @return the count
     */
    public long trueCount() {
        long base = data.offset();
        ArrowBuffer validity = data.validity();
        if (validity == null) {
            return Bitmaps.countSet(bits, base, data.length());
        }
        MemorySegment valid = validity.segment();
        long count = 0;
        for (long i = base; i < base + data.length(); i++) {
            if (Bitmaps.get(bits, i) && Bitmaps.get(valid, i)) {
                count++;
            }
        }
        return count;
    }

    @Override
    public Object getObject(long i) {
        return isNull(i) ? null : Boolean.valueOf(get(i));
    }

    @Override
    protected boolean valueEquals(long i, Array other, long j) {
        return get(i) == ((BooleanArray) other).get(j);
    }

    @Override
    public BooleanArray slice(long offset, long length) {
        return new BooleanArray(data.slice(offset, length));
    }
}
