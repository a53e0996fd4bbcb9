// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.memory.LE;

/** An array of unsigned 64-bit integers. */
public final class UInt64Array extends FixedWidthArray {
    public UInt64Array(ArrayData data) {
        super(data, 8);
    }

    /** Value {@code i} (whatever is stored under a null slot). */
    public long get(long i) {
        return values.get(LE.LONG, at(i));
    }

    /** Value {@code i} as text, read as unsigned. */
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
