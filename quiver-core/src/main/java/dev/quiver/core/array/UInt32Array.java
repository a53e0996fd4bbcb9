// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.memory.LE;

/** An array of unsigned 32-bit integers. */
public final class UInt32Array extends FixedWidthArray {
    public UInt32Array(ArrayData data) {
        super(data, 4);
    }

    /** Value {@code i} (whatever is stored under a null slot). */
    public int get(long i) {
        return values.get(LE.INT, at(i));
    }

    /** Value {@code i} as an unsigned number. */
    public long getUnsigned(long i) {
        return Integer.toUnsignedLong(get(i));
    }

    @Override
    public Object getObject(long i) {
        return isNull(i) ? null : Long.valueOf(getUnsigned(i));
    }

    @Override
    public UInt32Array slice(long offset, long length) {
        return new UInt32Array(data.slice(offset, length));
    }
}
