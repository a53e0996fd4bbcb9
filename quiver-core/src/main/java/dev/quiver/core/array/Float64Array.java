// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.memory.LE;

/**
 * An array of IEEE 754 double precision floats. Values compare bit for bit (a NaN equals the same
 * NaN; 0.0 and -0.0 differ).
 */
public final class Float64Array extends FixedWidthArray {
    public Float64Array(ArrayData data) {
        super(data, 8);
    }

    /** Value {@code i} (whatever is stored under a null slot). */
    public double get(long i) {
        return values.get(LE.DOUBLE, at(i));
    }

    @Override
    public Object getObject(long i) {
        return isNull(i) ? null : Double.valueOf(get(i));
    }

    @Override
    public Float64Array slice(long offset, long length) {
        return new Float64Array(data.slice(offset, length));
    }
}
