// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.memory.LE;

/** An array of unsigned 8-bit integers. */
public final class UInt8Array extends FixedWidthArray {
    public UInt8Array(ArrayData data) {
        super(data, 1);
    }

    /** Value {@code i} (whatever is stored under a null slot). */
    public byte get(long i) {
        return values.get(LE.BYTE, at(i));
    }

    /** Value {@code i} as an unsigned number. */
    public int getUnsigned(long i) {
        return Byte.toUnsignedInt(get(i));
    }

    @Override
    public Object getObject(long i) {
        return isNull(i) ? null : Integer.valueOf(getUnsigned(i));
    }

    @Override
    public UInt8Array slice(long offset, long length) {
        return new UInt8Array(data.slice(offset, length));
    }
}
