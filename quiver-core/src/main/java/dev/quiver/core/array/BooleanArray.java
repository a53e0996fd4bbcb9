// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import java.lang.foreign.MemorySegment;

/** An array of booleans, bit-packed: value {@code i} is bit {@code offset + i} of buffer 1. */
public final class BooleanArray extends Array {
    private final MemorySegment bits;

    public BooleanArray(ArrayData data) {
        super(data);
        ArrowBuffer buffer = data.buffer(1);
        this.bits = buffer == null ? ArrowBuffer.EMPTY.segment() : buffer.segment();
    }

    /** Value {@code i} (whatever is stored under a null slot). */
    public boolean get(long i) {
        return Bitmaps.get(bits, data.offset() + i);
    }

    /** The number of valid slots holding true. */
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
