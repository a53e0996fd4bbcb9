// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Types;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;
import java.lang.foreign.MemorySegment;

/** An array of byte strings that all have the type's byte width. */
public final class FixedSizeBinaryArray extends FixedWidthArray {
    private FixedSizeBinaryArray(ArrayData data) {
        super(data, ((ArrowType.FixedSizeBinary) Types.storage(data.type())).byteWidth());
    }

    /**
     * Checks the data's structure and that its type is fixed_size_binary, and wraps it: the form for data that
     * does not come from Quiver's own builders or readers.
     *
     * @param data the data
     * @return the array over {@code data}
     * @throws ValidationException if the data's buffers or children do not fit its type and length, or its type
     *     is not fixed_size_binary (rule {@link Rules#ARRAY_TYPE})
     */
    public static FixedSizeBinaryArray of(ArrayData data) {
        return checkedAs(data, FixedSizeBinaryArray.class);
    }

    /**
     * Wraps the data without any check: for data known to be structurally valid and of type fixed_size_binary,
     * such as what a builder made, a reader validated or a slice shares.
     *
     * @param data structurally valid data of type fixed_size_binary
     * @return the array over {@code data}
     */
    public static FixedSizeBinaryArray ofUnchecked(ArrayData data) {
        return new FixedSizeBinaryArray(data);
    }

    /**
     * A copy of the bytes of value {@code i}.
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return a new array of {@link #byteWidth()} bytes
     */
    public byte[] getBytes(long i) {
        byte[] out = new byte[byteWidth()];
        MemorySegment.copy(values, LittleEndian.BYTE, at(i), out, 0, out.length);
        return out;
    }

    /**
     * The bytes of value {@code i}, zero-copy: a view of the values buffer.
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return a segment of {@link #byteWidth()} bytes
     */
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
