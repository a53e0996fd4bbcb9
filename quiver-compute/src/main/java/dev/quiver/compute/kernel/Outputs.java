// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.kernel;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import java.util.Arrays;
import java.util.List;

/** New immutable kernel outputs: buffers from the managed allocator and arrays assembled from them. */
public final class Outputs {
    private Outputs() {
    }

    /**
     * The allocator of kernel outputs (garbage-collected buffers).
     *
     * @return the managed allocator
     */
    public static BufferAllocator allocator() {
        return BufferAllocator.managed();
    }

    /**
     * A zeroed buffer.
     *
     * @param bytes its size
     * @return the buffer
     */
    public static ArrowBuffer allocate(long bytes) {
        return allocator().allocate(bytes);
    }

    /**
     * A buffer the caller overwrites entirely (it may hold old bytes).
     *
     * @param bytes its size
     * @return the buffer
     */
    public static ArrowBuffer allocateForOverwrite(long bytes) {
        return allocator().allocateForOverwrite(bytes);
    }

    /**
     * A zeroed bitmap for {@code length} bits, rounded up to whole 8-byte words.
     *
     * @param length the number of bits
     * @return the bitmap buffer
     */
    public static ArrowBuffer allocateBits(long length) {
        return allocate(((length + 63) >>> 6) << 3);
    }

    /**
     * A fixed-width array (integers, floats, decimals, temporal types, fixed-size binary) from its buffers.
     *
     * @param type the type
     * @param length the number of values
     * @param validity the validity bitmap at offset zero, or {@code null} when all are valid
     * @param values the values at offset zero
     * @return the array
     */
    public static Array fixedWidth(ArrowType type, long length, ArrowBuffer validity, ArrowBuffer values) {
        return Array.ofUnchecked(new ArrayData(type, length, 0, nullCountOf(validity, length),
                Arrays.asList(validity, values), List.of(), null));
    }

    /**
     * A boolean array from its bitmaps.
     *
     * @param length the number of values
     * @param validity the validity bitmap at offset zero, or {@code null} when all are valid
     * @param bits the value bitmap at offset zero
     * @return the array
     */
    public static Array bool(long length, ArrowBuffer validity, ArrowBuffer bits) {
        return fixedWidth(ArrowType.BOOL, length, validity, bits);
    }

    /**
     * A variable-length binary or string array from its buffers.
     *
     * @param type a binary or utf8 type, large or not
     * @param length the number of values
     * @param validity the validity bitmap at offset zero, or {@code null} when all are valid
     * @param offsets the {@code length + 1} offsets
     * @param data the value bytes
     * @return the array
     */
    public static Array varBinary(ArrowType type, long length, ArrowBuffer validity, ArrowBuffer offsets,
            ArrowBuffer data) {
        return Array.ofUnchecked(new ArrayData(type, length, 0, nullCountOf(validity, length),
                Arrays.asList(validity, offsets, data), List.of(), null));
    }

    /**
     * Drops a validity bitmap that declares no null.
     *
     * @param validity the bitmap at offset zero, or {@code null}
     * @param length the number of bits
     * @return the bitmap, or {@code null} when every bit is set
     */
    public static ArrowBuffer dropIfAllValid(ArrowBuffer validity, long length) {
        return validity == null || Bitmaps.countSet(validity.segment(), 0, length) == length ? null : validity;
    }

    private static long nullCountOf(ArrowBuffer validity, long length) {
        return Validity.nullCount(validity, length);
    }
}
