// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.read;

import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.LittleEndian;
import java.lang.foreign.MemorySegment;

/**
 * A growable buffer of decoded values whose memory is never zero-filled ({@link BufferAllocator#allocateForOverwrite}):
 * the decoder writes every byte below {@link #size()} before it is read, so zeroing would be wasted work. Capacity
 * doubles; {@link #finish()} hands the bytes written over as an {@link ArrowBuffer}. A buffer of values that
 * are only read while the chunk is assembled (converted, or spread over the slots) may borrow its memory from
 * the reader's {@link ScratchBuffers} instead: {@link #clear()} gives it back, and it is never handed over.
 */
final class ValueBuffer {
    private static final MemorySegment EMPTY = MemorySegment.ofArray(new byte[0]);
    private final BufferAllocator allocator;
    private final ScratchBuffers scratch;
    private ArrowBuffer buffer;
    private MemorySegment segment = EMPTY;
    private long size;

    ValueBuffer(BufferAllocator allocator) {
        this.allocator = allocator;
        this.scratch = null;
    }

    /** A buffer whose memory is borrowed from {@code scratch} (its values are never handed over). */
    ValueBuffer(ScratchBuffers scratch) {
        this.allocator = null;
        this.scratch = scratch;
    }

    long size() {
        return size;
    }

    /** The current memory (at least {@link #size()} bytes), valid until the buffer next grows. */
    MemorySegment segment() {
        return segment;
    }

    /** Sets the size, growing the capacity if needed; bytes past the old size are the caller's to write. */
    void setSize(long newSize) {
        ensureCapacity(newSize);
        size = newSize;
    }

    /** Room for {@code bytes} bytes in all; growth keeps the bytes below {@link #size()}. */
    void ensureCapacity(long bytes) {
        if (bytes <= segment.byteSize()) {
            return;
        }
        long capacity = Math.max(bytes, Math.max(64, segment.byteSize() * 2));
        ArrowBuffer grown = scratch != null ? scratch.take(capacity) : allocator.allocateForOverwrite(capacity);
        if (size > 0) {
            MemorySegment.copy(segment, 0, grown.segment(), 0, size);
        }
        release();
        buffer = grown;
        segment = grown.segment();
    }

    void appendBytes(MemorySegment source, long from, long length) {
        ensureCapacity(size + length);
        MemorySegment.copy(source, from, segment, size, length);
        size += length;
    }

    void appendLong(long v) {
        ensureCapacity(size + 8);
        segment.set(LittleEndian.LONG, size, v);
        size += 8;
    }

    /** Hands the bytes written over; this buffer starts over empty. */
    ArrowBuffer finish() {
        if (scratch != null) {
            throw new IllegalStateException("scratch memory is never handed over");
        }
        ArrowBuffer result = buffer == null ? allocator.allocate(0) : buffer.slice(0, size);
        buffer = null;
        segment = EMPTY;
        size = 0;
        return result;
    }

    /** Releases the memory and starts over empty. */
    void clear() {
        release();
        buffer = null;
        segment = EMPTY;
        size = 0;
    }

    private void release() {
        if (buffer == null) {
            return;
        }
        if (scratch != null) {
            scratch.give(buffer);
        } else {
            allocator.release(buffer);
        }
    }
}
