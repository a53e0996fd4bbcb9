// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

/** An array of the null type: every slot is null and there are no buffers. */
public final class NullArray extends Array {
    public NullArray(ArrayData data) {
        super(data);
    }

    @Override
    public boolean isNull(long i) {
        return true;
    }

    @Override
    public Object getObject(long i) {
        return null;
    }

    @Override
    protected boolean valueEquals(long i, Array other, long j) {
        return true;
    }
}
