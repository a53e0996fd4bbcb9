// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.memory.LE;

/** An array of signed 64-bit integers, and the types stored as them: date64, time64, timestamp and duration. */
public final class Int64Array extends FixedWidthArray {
    public Int64Array(ArrayData data) {
        super(data, 8);
    }

    /** Value {@code i} (whatever is stored under a null slot). */
    public long get(long i) {
        return values.get(LE.LONG, at(i));
    }

    @Override
    public Object getObject(long i) {
        return isNull(i) ? null : Long.valueOf(get(i));
    }

    @Override
    public Int64Array slice(long offset, long length) {
        return new Int64Array(data.slice(offset, length));
    }
}
