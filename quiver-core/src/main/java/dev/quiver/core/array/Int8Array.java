// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.memory.LE;

/** An array of signed 8-bit integers. */
public final class Int8Array extends FixedWidthArray {
    public Int8Array(ArrayData data) {
        super(data, 1);
    }

    /** Value {@code i} (whatever is stored under a null slot). */
    public byte get(long i) {
        return values.get(LE.BYTE, at(i));
    }

    @Override
    public Object getObject(long i) {
        return isNull(i) ? null : Integer.valueOf(get(i));
    }

    @Override
    public Int8Array slice(long offset, long length) {
        return new Int8Array(data.slice(offset, length));
    }
}
