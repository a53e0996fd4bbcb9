// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.memory.HalfFloat;
import dev.quiver.core.memory.LE;

/**
 * An array of IEEE 754 half precision floats, kept as their raw 16 bits. Values compare bit for bit
 * (a NaN equals the same NaN; 0.0 and -0.0 differ).
 */
public final class Float16Array extends FixedWidthArray {
    public Float16Array(ArrayData data) {
        super(data, 2);
    }

    /** The raw binary16 bits of value {@code i} (whatever is stored under a null slot). */
    public short getBits(long i) {
        return values.get(LE.SHORT, at(i));
    }

    /** Value {@code i} widened to a float (exact). */
    public float get(long i) {
        return HalfFloat.toFloat(getBits(i));
    }

    /** Value {@code i} as a Float, or null. */
    @Override
    public Object getObject(long i) {
        return isNull(i) ? null : Float.valueOf(get(i));
    }

    @Override
    public Float16Array slice(long offset, long length) {
        return new Float16Array(data.slice(offset, length));
    }
}
