// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.memory;

import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * A contiguous run of bytes on a {@link MemorySegment}, read and written little-endian at byte offsets.
 * Slices share memory; a buffer from a closed allocator throws {@link IllegalStateException} on access
 * (the Foreign Memory API's guarantee: never a crash).
 */
public final class ArrowBuffer {
    /** A buffer of no bytes. */
    public static final ArrowBuffer EMPTY = new ArrowBuffer(MemorySegment.ofArray(new byte[0]), null);

    private final MemorySegment segment;
    private final Allocation allocation;

    ArrowBuffer(MemorySegment segment, Allocation allocation) {
        this.segment = segment;
        this.allocation = allocation;
    }

    /**
     * Wraps a segment without copying (a mapped file, native or heap memory). The buffer belongs to no
     * allocator: releasing it does nothing, and it lives as long as the segment's scope.
     *
     * @param segment the memory, read-only or not
     * @return a buffer of the segment's size over the same memory
     * @throws NullPointerException if {@code segment} is null
     */
    public static ArrowBuffer wrap(MemorySegment segment) {
        return new ArrowBuffer(Objects.requireNonNull(segment, "segment"), null);
    }

    /**
     * Wraps an array without copying: writes through the buffer change the array.
     *
     * @param bytes the memory
     * @return a writable buffer of {@code bytes.length} bytes over the array
     */
    public static ArrowBuffer wrap(byte[] bytes) {
        return new ArrowBuffer(MemorySegment.ofArray(bytes), null);
    }

    /**
     * Wraps the remaining bytes of a byte buffer (from its position to its limit) without copying; the
     * buffer's own byte order does not matter, values are always read little-endian.
     *
     * @param buffer the memory, heap or direct; a read-only buffer gives a read-only buffer
     * @return a buffer of {@code buffer.remaining()} bytes over the same memory
     */
    public static ArrowBuffer wrap(ByteBuffer buffer) {
        return new ArrowBuffer(MemorySegment.ofBuffer(buffer), null);
    }

    /**
     * The underlying segment, for bulk and hot-loop access (read it with the layouts of {@link LittleEndian}).
     *
     * @return the segment, exactly {@link #byteSize()} bytes long
     */
    public MemorySegment segment() {
        return segment;
    }

    /**
     * The size of this buffer.
     *
     * @return the number of bytes, padding of the allocation not included
     */
    public long byteSize() {
        return segment.byteSize();
    }

    /**
     * Whether writes to this buffer are refused.
     *
     * @return true for a read-only buffer
     */
    public boolean isReadOnly() {
        return segment.isReadOnly();
    }

    /**
     * A view of {@code length} bytes from {@code offset}, sharing memory (and the allocation: releasing
     * the view releases the whole buffer).
     *
     * @param offset the first byte of the view
     * @param length the number of bytes of the view
     * @return the view
     * @throws IndexOutOfBoundsException if the bytes are not all within this buffer
     */
    public ArrowBuffer slice(long offset, long length) {
        return new ArrowBuffer(segment.asSlice(offset, length), allocation);
    }

    /**
     * A view of the same bytes that refuses writes.
     *
     * @return this buffer if it is read-only already, otherwise a read-only view
     */
    public ArrowBuffer asReadOnly() {
        return segment.isReadOnly() ? this : new ArrowBuffer(segment.asReadOnly(), allocation);
    }

    /**
     * Keeps this buffer's memory alive until the returned action runs, whatever the allocator: memory of a
     * scoped allocator is not freed by {@link BufferAllocator#release} or {@link ScopedAllocator#close()}
     * meanwhile (the free happens when the last hold goes), and managed or wrapped memory stays reachable.
     * For memory handed to a foreign consumer (the C Data interface) that frees it on its own schedule.
     *
     * @return the action that gives the hold up; running it more than once does nothing
     * @throws IllegalStateException if the memory is already released
     */
    public Runnable retain() {
        Allocation held = allocation;
        if (held != null) {
            held.hold();
        }
        return new Runnable() {
            private ArrowBuffer kept = ArrowBuffer.this;

            @Override
            public synchronized void run() {
                if (kept != null) {
                    kept = null;
                    if (held != null) {
                        held.unhold();
                    }
                }
            }
        };
    }

    /** The allocation this buffer was cut from, or null for wrapped memory. */
    Allocation allocation() {
        return allocation;
    }

    /**
     * Reads a byte stored little-endian at a byte offset, aligned or not.
     *
     * @param offset the byte offset in this buffer
     * @return the value
     * @throws IndexOutOfBoundsException if the 1 bytes at {@code offset} are not all within this buffer
     * @throws IllegalStateException if the memory was freed (its allocator closed or the buffer released)
     */
    public byte getByte(long offset) {
        return segment.get(LittleEndian.BYTE, offset);
    }

    /**
     * Reads a 16-bit integer stored little-endian at a byte offset, aligned or not.
     *
     * @param offset the byte offset in this buffer
     * @return the value
     * @throws IndexOutOfBoundsException if the 2 bytes at {@code offset} are not all within this buffer
     * @throws IllegalStateException if the memory was freed (its allocator closed or the buffer released)
     */
    public short getShort(long offset) {
        return segment.get(LittleEndian.SHORT, offset);
    }

    /**
     * Reads a 32-bit integer stored little-endian at a byte offset, aligned or not.
     *
     * @param offset the byte offset in this buffer
     * @return the value
     * @throws IndexOutOfBoundsException if the 4 bytes at {@code offset} are not all within this buffer
     * @throws IllegalStateException if the memory was freed (its allocator closed or the buffer released)
     */
    public int getInt(long offset) {
        return segment.get(LittleEndian.INT, offset);
    }

    /**
     * Reads a 64-bit integer stored little-endian at a byte offset, aligned or not.
     *
     * @param offset the byte offset in this buffer
     * @return the value
     * @throws IndexOutOfBoundsException if the 8 bytes at {@code offset} are not all within this buffer
     * @throws IllegalStateException if the memory was freed (its allocator closed or the buffer released)
     */
    public long getLong(long offset) {
        return segment.get(LittleEndian.LONG, offset);
    }

    /**
     * Reads a 32-bit IEEE 754 float stored little-endian at a byte offset, aligned or not.
     *
     * @param offset the byte offset in this buffer
     * @return the value
     * @throws IndexOutOfBoundsException if the 4 bytes at {@code offset} are not all within this buffer
     * @throws IllegalStateException if the memory was freed (its allocator closed or the buffer released)
     */
    public float getFloat(long offset) {
        return segment.get(LittleEndian.FLOAT, offset);
    }

    /**
     * Reads a 64-bit IEEE 754 double stored little-endian at a byte offset, aligned or not.
     *
     * @param offset the byte offset in this buffer
     * @return the value
     * @throws IndexOutOfBoundsException if the 8 bytes at {@code offset} are not all within this buffer
     * @throws IllegalStateException if the memory was freed (its allocator closed or the buffer released)
     */
    public double getDouble(long offset) {
        return segment.get(LittleEndian.DOUBLE, offset);
    }

    /**
     * Writes a byte little-endian at a byte offset, aligned or not.
     *
     * @param offset the byte offset in this buffer
     * @param value the value to write
     * @throws IndexOutOfBoundsException if the 1 bytes at {@code offset} are not all within this buffer
     * @throws IllegalStateException if the memory was freed (its allocator closed or the buffer released)
     * @throws UnsupportedOperationException if this buffer is read-only
     */
    public void setByte(long offset, byte value) {
        segment.set(LittleEndian.BYTE, offset, value);
    }

    /**
     * Writes a 16-bit integer little-endian at a byte offset, aligned or not.
     *
     * @param offset the byte offset in this buffer
     * @param value the value to write
     * @throws IndexOutOfBoundsException if the 2 bytes at {@code offset} are not all within this buffer
     * @throws IllegalStateException if the memory was freed (its allocator closed or the buffer released)
     * @throws UnsupportedOperationException if this buffer is read-only
     */
    public void setShort(long offset, short value) {
        segment.set(LittleEndian.SHORT, offset, value);
    }

    /**
     * Writes a 32-bit integer little-endian at a byte offset, aligned or not.
     *
     * @param offset the byte offset in this buffer
     * @param value the value to write
     * @throws IndexOutOfBoundsException if the 4 bytes at {@code offset} are not all within this buffer
     * @throws IllegalStateException if the memory was freed (its allocator closed or the buffer released)
     * @throws UnsupportedOperationException if this buffer is read-only
     */
    public void setInt(long offset, int value) {
        segment.set(LittleEndian.INT, offset, value);
    }

    /**
     * Writes a 64-bit integer little-endian at a byte offset, aligned or not.
     *
     * @param offset the byte offset in this buffer
     * @param value the value to write
     * @throws IndexOutOfBoundsException if the 8 bytes at {@code offset} are not all within this buffer
     * @throws IllegalStateException if the memory was freed (its allocator closed or the buffer released)
     * @throws UnsupportedOperationException if this buffer is read-only
     */
    public void setLong(long offset, long value) {
        segment.set(LittleEndian.LONG, offset, value);
    }

    /**
     * Writes a 32-bit IEEE 754 float little-endian at a byte offset, aligned or not.
     *
     * @param offset the byte offset in this buffer
     * @param value the value to write
     * @throws IndexOutOfBoundsException if the 4 bytes at {@code offset} are not all within this buffer
     * @throws IllegalStateException if the memory was freed (its allocator closed or the buffer released)
     * @throws UnsupportedOperationException if this buffer is read-only
     */
    public void setFloat(long offset, float value) {
        segment.set(LittleEndian.FLOAT, offset, value);
    }

    /**
     * Writes a 64-bit IEEE 754 double little-endian at a byte offset, aligned or not.
     *
     * @param offset the byte offset in this buffer
     * @param value the value to write
     * @throws IndexOutOfBoundsException if the 8 bytes at {@code offset} are not all within this buffer
     * @throws IllegalStateException if the memory was freed (its allocator closed or the buffer released)
     * @throws UnsupportedOperationException if this buffer is read-only
     */
    public void setDouble(long offset, double value) {
        segment.set(LittleEndian.DOUBLE, offset, value);
    }

    /**
     * Reads a two's complement little-endian integer of {@code byteWidth} bytes, as decimals store their
     * unscaled values.
     *
     * @param offset the byte offset in this buffer
     * @param byteWidth the width in bytes, 1 or more (4, 8, 16 and 32 for the decimal types)
     * @return the value
     * @throws IndexOutOfBoundsException if the {@code byteWidth} bytes at {@code offset} are not all within this buffer
     * @throws IllegalStateException if the memory was freed (its allocator closed or the buffer released)
     */
    public BigInteger getBigInteger(long offset, int byteWidth) {
        return WideIntegers.read(segment, offset, byteWidth);
    }

    /**
     * Writes {@code value} as a two's complement little-endian integer of {@code byteWidth} bytes.
     *
     * @param offset the byte offset in this buffer
     * @param byteWidth the width in bytes, 1 or more (4, 8, 16 and 32 for the decimal types)
     * @param value the value
     * @throws ArithmeticException if the value does not fit in {@code byteWidth} bytes; nothing is written
     * @throws IndexOutOfBoundsException if the {@code byteWidth} bytes at {@code offset} are not all within this buffer
     * @throws IllegalStateException if the memory was freed (its allocator closed or the buffer released)
     * @throws UnsupportedOperationException if this buffer is read-only
     */
    public void setBigInteger(long offset, int byteWidth, BigInteger value) {
        WideIntegers.write(segment, offset, byteWidth, value);
    }

    /**
     * Copies {@code length} bytes from {@code src} at {@code srcOffset} to this buffer at {@code offset};
     * overlapping ranges of the same memory are copied as if through a temporary copy.
     *
     * @param src the buffer to copy from
     * @param srcOffset the first byte to copy in {@code src}
     * @param offset the first byte to write in this buffer
     * @param length the number of bytes
     * @throws IndexOutOfBoundsException if either range is not within its buffer
     * @throws IllegalStateException if the memory of either buffer was freed
     * @throws UnsupportedOperationException if this buffer is read-only
     */
    public void copyFrom(ArrowBuffer src, long srcOffset, long offset, long length) {
        MemorySegment.copy(src.segment, srcOffset, segment, offset, length);
    }

    /**
     * A copy of the bytes in a new array.
     *
     * @return an array of {@link #byteSize()} bytes
     * @throws IllegalStateException if the memory was freed, or the buffer is larger than an array can be
     */
    public byte[] toByteArray() {
        return segment.toArray(LittleEndian.BYTE);
    }

    @Override
    public String toString() {
        return "ArrowBuffer[" + segment.byteSize() + " bytes]";
    }
}
