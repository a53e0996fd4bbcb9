// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.read;

import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.GrowableBuffer;
import java.lang.foreign.MemorySegment;

/** Dense non-null values of a fixed width, as Parquet stores them (booleans one byte each). */
final class FixedValues {
    final int width;
    final GrowableBuffer bytes;
    int count;

    FixedValues(BufferAllocator allocator, int width) {
        this.width = width;
        this.bytes = new GrowableBuffer(allocator);
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
