// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.codec;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;

/** Views of segments for libraries that take byte buffers or arrays. */
final class Segments {
    private Segments() {}

    /**
     * The segment as a byte array: its backing array if it is a whole heap array, else a copy.
     *
     * @param segment the bytes
     * @return an array holding exactly the bytes
     */
    static byte[] array(MemorySegment segment) {
        if (segment.heapBase().orElse(null) instanceof byte[] a && segment.address() == 0 && a.length == segment.byteSize()) {
            return a;
        }
        return segment.toArray(ValueLayout.JAVA_BYTE);
    }

    /**
     * The byte array behind a heap segment, for libraries that take an array with an offset.
     *
     * @param segment the bytes
     * @return the array, or {@code null} when the segment is native or not over a byte array
     */
    static byte[] heapArray(MemorySegment segment) {
        return segment.heapBase().orElse(null) instanceof byte[] a ? a : null;
    }

    /**
     * Where a heap segment starts in its array (see {@link #heapArray}).
     *
     * @param segment a segment over a byte array
     * @return the offset of its first byte
     */
    static int heapOffset(MemorySegment segment) {
        return (int) segment.address();
    }

    /**
     * Whether both segments are native (off-heap), so direct-buffer APIs apply.
     *
     * @param a one segment
     * @param b the other
     * @return true if both are native
     */
    static boolean bothNative(MemorySegment a, MemorySegment b) {
        return a.isNative() && b.isNative();
    }

    /**
     * A direct buffer over a native segment, positioned at 0.
     *
     * @param segment the native segment
     * @return the buffer
     */
    static ByteBuffer buffer(MemorySegment segment) {
        return segment.asByteBuffer();
    }
}
