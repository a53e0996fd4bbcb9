// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.memory.LE;

/**
 * An array of IEEE 754 single precision floats. Values compare bit for bit (a NaN equals the same
 * NaN; 0.0 and -0.0 differ).
 */
public final class Float32Array extends FixedWidthArray {
    public Float32Array(ArrayData data) {
        super(data, 4);
    }

    /** Value {@code i} (whatever is stored under a null slot). */
    public float get(long i) {
        return values.get(LE.FLOAT, at(i));
    }

    @Override
    public Object getObject(long i) {
        return isNull(i) ? null : Float.valueOf(get(i));
    }

    @Override
    public Float32Array slice(long offset, long length) {
        return new Float32Array(data.slice(offset, length));
    }
}
