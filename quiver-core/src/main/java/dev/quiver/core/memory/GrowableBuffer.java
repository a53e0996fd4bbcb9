// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.memory;

import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.LE;
import java.lang.foreign.MemorySegment;

/**
 * A byte buffer that builders append to: capacity doubles (amortized constant time), the outgrown
 * memory is released at once, and {@link #finish()} hands the bytes written over as an
 * {@link ArrowBuffer}, leaving this buffer empty for reuse.
 */
public final class GrowableBuffer {
    private final BufferAllocator allocator;
    private ArrowBuffer buffer = ArrowBuffer.EMPTY;
    private MemorySegment segment = buffer.segment();
    private long size;

    public GrowableBuffer(BufferAllocator allocator) {
        this.allocator = allocator;
    }

    /** Bytes written so far. */
    public long size() {
        return size;
    }

    /** Sets the size (grows, zero-filled, if larger than the capacity). */
    public void setSize(long newSize) {
        ensureCapacity(newSize);
        size = newSize;
    }

    /** The current memory, valid until the next append that grows it. */
    public MemorySegment segment() {
        return segment;
    }

    /** Makes room for at least {@code bytes} bytes in all. */
    public void ensureCapacity(long bytes) {
        if (bytes <= segment.byteSize()) {
            return;
        }
        long capacity = Math.max(bytes, Math.max(64, segment.byteSize() * 2));
        buffer = buffer == ArrowBuffer.EMPTY ? allocator.allocate(capacity) : allocator.reallocate(buffer, capacity);
        segment = buffer.segment();
    }

    public void appendByte(byte v) {
        ensureCapacity(size + 1);
        segment.set(LE.BYTE, size, v);
        size += 1;
    }

    public void appendShort(short v) {
        ensureCapacity(size + 2);
        segment.set(LE.SHORT, size, v);
        size += 2;
    }

    public void appendInt(int v) {
        ensureCapacity(size + 4);
        segment.set(LE.INT, size, v);
        size += 4;
    }

    public void appendLong(long v) {
        ensureCapacity(size + 8);
        segment.set(LE.LONG, size, v);
        size += 8;
    }

    public void appendFloat(float v) {
        ensureCapacity(size + 4);
        segment.set(LE.FLOAT, size, v);
        size += 4;
    }

    public void appendDouble(double v) {
        ensureCapacity(size + 8);
        segment.set(LE.DOUBLE, size, v);
        size += 8;
    }

    public void appendBytes(byte[] bytes, int from, int length) {
        ensureCapacity(size + length);
        MemorySegment.copy(bytes, from, segment, LE.BYTE, size, length);
        size += length;
    }

    public void appendBytes(byte[] bytes) {
        appendBytes(bytes, 0, bytes.length);
    }

    public void appendBytes(MemorySegment src, long from, long length) {
        ensureCapacity(size + length);
        MemorySegment.copy(src, from, segment, size, length);
        size += length;
    }

    /** Appends {@code n} zero bytes. */
    public void appendZeros(long n) {
        ensureCapacity(size + n);
        segment.asSlice(size, n).fill((byte) 0);
        size += n;
    }

    /** The bytes written, as a buffer; this buffer starts over empty. */
    public ArrowBuffer finish() {
        ArrowBuffer result = buffer == ArrowBuffer.EMPTY ? allocator.allocate(0) : buffer.slice(0, size);
        buffer = ArrowBuffer.EMPTY;
        segment = buffer.segment();
        size = 0;
        return result;
    }

    /** Releases the memory and starts over empty. */
    public void clear() {
        if (buffer != ArrowBuffer.EMPTY) {
            allocator.release(buffer);
        }
        buffer = ArrowBuffer.EMPTY;
        segment = buffer.segment();
        size = 0;
    }
}
