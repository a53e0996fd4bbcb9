// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.memory.LE;

/** An array of signed 32-bit integers, and the types stored as them: date32, time32 and interval[year_month]. */
public final class Int32Array extends FixedWidthArray {
    public Int32Array(ArrayData data) {
        super(data, 4);
    }

    /** Value {@code i} (whatever is stored under a null slot). */
    public int get(long i) {
        return values.get(LE.INT, at(i));
    }

    @Override
    public Object getObject(long i) {
        return isNull(i) ? null : Integer.valueOf(get(i));
    }

    @Override
    public Int32Array slice(long offset, long length) {
        return new Int32Array(data.slice(offset, length));
    }
}
