// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.read;

import dev.quiver.core.memory.BufferAllocator;
import java.lang.foreign.MemorySegment;

/** Dense non-null values of a fixed width, as Parquet stores them (booleans one byte each). */
final class FixedValues {
    final int width;
    final ValueBuffer bytes;
    int count;

    FixedValues(BufferAllocator allocator, int width) {
        this.width = width;
        this.bytes = new ValueBuffer(allocator);
    }

    /** Values only read while the chunk is assembled, in memory borrowed from {@code scratch}. */
    FixedValues(ScratchBuffers scratch, int width) {
        this.width = width;
        this.bytes = new ValueBuffer(scratch);
    }

    /** Room for {@code n} more values; returns the byte offset where they go. Call {@link #commit} after writing. */
    long reserve(int n) {
        long at = (long) count * width;
        bytes.ensureCapacity(at + (long) n * width);
        return at;
    }

    MemorySegment segment() {
        return bytes.segment();
    }

    void commit(int n) {
        count += n;
        bytes.setSize((long) count * width);
    }

    void release() {
        bytes.clear();
    }
}
