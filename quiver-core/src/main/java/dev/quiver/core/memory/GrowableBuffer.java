// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.memory;

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

    /**
     * An empty buffer; no memory is taken before the first append.
     *
     * @param allocator where the memory comes from
     */
    public GrowableBuffer(BufferAllocator allocator) {
        this.allocator = allocator;
    }

    /**
     * The bytes written so far.
     *
     * @return the size in bytes
     */
    public long size() {
        return size;
    }

    /**
     * Sets the size, growing the capacity if needed. Bytes never written read as zero; bytes written
     * before a shrink keep their values when the size grows over them again.
     *
     * @param newSize the new size in bytes, 0 or more
     * @throws MemoryLimitExceededException if growing would take the allocator past its limit; the size is
     *     unchanged then
     */
    public void setSize(long newSize) {
        ensureCapacity(newSize);
        size = newSize;
    }

    /**
     * The current memory, for writing in place.
     *
     * @return the whole capacity (at least {@link #size()} bytes); valid until the next call that grows
     *     the buffer, which releases it to the allocator
     */
    public MemorySegment segment() {
        return segment;
    }

    /**
     * Makes room for at least {@code bytes} bytes in all, doubling the capacity (64 bytes at first) when
     * it grows.
     *
     * @param bytes the capacity needed in bytes
     * @throws MemoryLimitExceededException if growing would take the allocator past its limit; the buffer
     *     is unchanged then
     */
    public void ensureCapacity(long bytes) {
        if (bytes <= segment.byteSize()) {
            return;
        }
        long capacity = Math.max(bytes, Math.max(64, segment.byteSize() * 2));
        buffer = buffer == ArrowBuffer.EMPTY ? allocator.allocate(capacity) : allocator.reallocate(buffer, capacity);
        segment = buffer.segment();
    }

    /**
     * Appends a byte, little-endian (1 bytes).
     *
     * @param v the value
     * @throws MemoryLimitExceededException if growing would take the allocator past its limit; nothing
     *     is appended then
     */
    public void appendByte(byte v) {
        ensureCapacity(size + 1);
        segment.set(LittleEndian.BYTE, size, v);
        size += 1;
    }

    /**
     * Appends a 16-bit integer, little-endian (2 bytes).
     *
     * @param v the value
     * @throws MemoryLimitExceededException if growing would take the allocator past its limit; nothing
     *     is appended then
     */
    public void appendShort(short v) {
        ensureCapacity(size + 2);
        segment.set(LittleEndian.SHORT, size, v);
        size += 2;
    }

    /**
     * Appends a 32-bit integer, little-endian (4 bytes).
     *
     * @param v the value
     * @throws MemoryLimitExceededException if growing would take the allocator past its limit; nothing
     *     is appended then
     */
    public void appendInt(int v) {
        ensureCapacity(size + 4);
        segment.set(LittleEndian.INT, size, v);
        size += 4;
    }

    /**
     * Appends a 64-bit integer, little-endian (8 bytes).
     *
     * @param v the value
     * @throws MemoryLimitExceededException if growing would take the allocator past its limit; nothing
     *     is appended then
     */
    public void appendLong(long v) {
        ensureCapacity(size + 8);
        segment.set(LittleEndian.LONG, size, v);
        size += 8;
    }

    /**
     * Appends a 32-bit float, little-endian (4 bytes).
     *
     * @param v the value
     * @throws MemoryLimitExceededException if growing would take the allocator past its limit; nothing
     *     is appended then
     */
    public void appendFloat(float v) {
        ensureCapacity(size + 4);
        segment.set(LittleEndian.FLOAT, size, v);
        size += 4;
    }

    /**
     * Appends a 64-bit float, little-endian (8 bytes).
     *
     * @param v the value
     * @throws MemoryLimitExceededException if growing would take the allocator past its limit; nothing
     *     is appended then
     */
    public void appendDouble(double v) {
        ensureCapacity(size + 8);
        segment.set(LittleEndian.DOUBLE, size, v);
        size += 8;
    }

    /**
     * Appends a range of an array.
     *
     * @param bytes the array
     * @param from the first byte of the range
     * @param length the number of bytes
     * @throws IndexOutOfBoundsException if the range is not within the array
     * @throws MemoryLimitExceededException if growing would take the allocator past its limit; nothing
     *     is appended then
     */
    public void appendBytes(byte[] bytes, int from, int length) {
        ensureCapacity(size + length);
        MemorySegment.copy(bytes, from, segment, LittleEndian.BYTE, size, length);
        size += length;
    }

    /**
     * Appends a whole array.
     *
     * @param bytes the array
     * @throws MemoryLimitExceededException if growing would take the allocator past its limit; nothing
     *     is appended then
     */
    public void appendBytes(byte[] bytes) {
        appendBytes(bytes, 0, bytes.length);
    }

    /**
     * Appends a range of a segment.
     *
     * @param src the segment
     * @param from the byte offset of the range in {@code src}
     * @param length the number of bytes
     * @throws IndexOutOfBoundsException if the range is not within the segment
     * @throws MemoryLimitExceededException if growing would take the allocator past its limit; nothing
     *     is appended then
     */
    public void appendBytes(MemorySegment src, long from, long length) {
        ensureCapacity(size + length);
        MemorySegment.copy(src, from, segment, size, length);
        size += length;
    }

    /**
     * Appends {@code n} zero bytes.
     *
     * @param n the number of bytes, 0 or more
     * @throws MemoryLimitExceededException if growing would take the allocator past its limit; nothing
     *     is appended then
     */
    public void appendZeros(long n) {
        ensureCapacity(size + n);
        segment.asSlice(size, n).fill((byte) 0);
        size += n;
    }

    /**
     * Hands the bytes written over as a buffer; this buffer starts over empty, with no memory.
     *
     * @return a buffer of {@link #size()} bytes (its memory, padded, is the allocator's)
     */
    public ArrowBuffer finish() {
        ArrowBuffer result = buffer == ArrowBuffer.EMPTY ? allocator.allocate(0) : buffer.slice(0, size);
        buffer = ArrowBuffer.EMPTY;
        segment = buffer.segment();
        size = 0;
        return result;
    }

    /** Releases the memory to the allocator and starts over empty. */
    public void clear() {
        if (buffer != ArrowBuffer.EMPTY) {
            allocator.release(buffer);
        }
        buffer = ArrowBuffer.EMPTY;
        segment = buffer.segment();
        size = 0;
    }
}
