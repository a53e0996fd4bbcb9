// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.memory.LE;

/** An array of unsigned 16-bit integers. */
public final class UInt16Array extends FixedWidthArray {
    public UInt16Array(ArrayData data) {
        super(data, 2);
    }

    /** Value {@code i} (whatever is stored under a null slot). */
    public short get(long i) {
        return values.get(LE.SHORT, at(i));
    }

    /** Value {@code i} as an unsigned number. */
    public int getUnsigned(long i) {
        return Short.toUnsignedInt(get(i));
    }

    @Override
    public Object getObject(long i) {
        return isNull(i) ? null : Integer.valueOf(getUnsigned(i));
    }

    @Override
    public UInt16Array slice(long offset, long length) {
        return new UInt16Array(data.slice(offset, length));
    }
}
