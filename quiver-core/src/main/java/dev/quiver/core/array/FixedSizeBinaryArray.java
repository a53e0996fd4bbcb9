// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.memory.LE;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Types;
import java.lang.foreign.MemorySegment;

/** An array of byte strings that all have the type's byte width. */
public final class FixedSizeBinaryArray extends FixedWidthArray {
    public FixedSizeBinaryArray(ArrayData data) {
        super(data, ((ArrowType.FixedSizeBinary) Types.storage(data.type())).byteWidth());
    }

    /** A copy of the bytes of value {@code i}. */
    public byte[] getBytes(long i) {
        byte[] out = new byte[byteWidth()];
        MemorySegment.copy(values, LE.BYTE, at(i), out, 0, out.length);
        return out;
    }

    /** The bytes of value {@code i}, zero-copy: a view of the values buffer. */
    public MemorySegment getSegment(long i) {
        return values.asSlice(at(i), byteWidth());
    }

    /** Value {@code i} as a byte[] copy, or null. */
    @Override
    public Object getObject(long i) {
        return isNull(i) ? null : getBytes(i);
    }

    @Override
    public FixedSizeBinaryArray slice(long offset, long length) {
        return new FixedSizeBinaryArray(data.slice(offset, length));
    }
}
