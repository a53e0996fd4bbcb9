// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.memory.LE;

/** An array of signed 16-bit integers. */
public final class Int16Array extends FixedWidthArray {
    public Int16Array(ArrayData data) {
        super(data, 2);
    }

    /** Value {@code i} (whatever is stored under a null slot). */
    public short get(long i) {
        return values.get(LE.SHORT, at(i));
    }

    @Override
    public Object getObject(long i) {
        return isNull(i) ? null : Integer.valueOf(get(i));
    }

    @Override
    public Int16Array slice(long offset, long length) {
        return new Int16Array(data.slice(offset, length));
    }
}
