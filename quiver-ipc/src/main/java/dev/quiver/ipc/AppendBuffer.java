// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import java.lang.foreign.MemorySegment;

/**
 * Memory appended to at its end, its capacity doubling when full (amortised constant time per byte).
 * Outgrown memory is never released: views of what was written before may still use it (the allocator
 * reclaims it with them).
 */
final class AppendBuffer {
    private final BufferAllocator allocator;
    private ArrowBuffer buffer = ArrowBuffer.EMPTY;
    private long size;

    AppendBuffer(BufferAllocator allocator) {
        this.allocator = allocator;
    }

    /** The memory, with room for at least {@code bytes} bytes in all; earlier bytes are kept. */
    MemorySegment reserve(long bytes) {
        long capacity = buffer.byteSize();
        if (bytes > capacity) {
            ArrowBuffer grown = allocator.allocate(Math.max(bytes, Math.max(64, 2 * capacity)));
            if (capacity > 0) {
                grown.copyFrom(buffer, 0, 0, capacity);
            }
            buffer = grown;
        }
        return buffer.segment();
    }

    /** Bytes appended so far by {@link #append} and {@link #grow}. */
    long size() {
        return size;
    }

    /** Appends {@code n} bytes of {@code src} from {@code from}. */
    void append(MemorySegment src, long from, long n) {
        MemorySegment.copy(src, from, reserve(size + n), size, n);
        size += n;
    }

    /** Counts {@code n} bytes written past the end (after {@link #reserve}) as appended. */
    void grow(long n) {
        size += n;
    }

    /** The first {@code bytes} bytes, zero-copy. */
    ArrowBuffer view(long bytes) {
        return bytes == 0 ? ArrowBuffer.EMPTY : buffer.slice(0, bytes);
    }
}
