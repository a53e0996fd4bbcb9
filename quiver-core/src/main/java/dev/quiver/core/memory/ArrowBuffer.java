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

    /** Wraps a segment without copying (a mapped file, native or heap memory). */
    public static ArrowBuffer wrap(MemorySegment segment) {
        return new ArrowBuffer(Objects.requireNonNull(segment, "segment"), null);
    }

    /** Wraps an array without copying: writes through the buffer change the array. */
    public static ArrowBuffer wrap(byte[] bytes) {
        return new ArrowBuffer(MemorySegment.ofArray(bytes), null);
    }

    /** Wraps the remaining bytes of a byte buffer without copying. */
    public static ArrowBuffer wrap(ByteBuffer buffer) {
        return new ArrowBuffer(MemorySegment.ofBuffer(buffer), null);
    }

    /** The underlying segment, for bulk and hot-loop access. */
    public MemorySegment segment() {
        return segment;
    }

    public long byteSize() {
        return segment.byteSize();
    }

    public boolean isReadOnly() {
        return segment.isReadOnly();
    }

    /** A view of {@code length} bytes from {@code offset}, sharing memory. */
    public ArrowBuffer slice(long offset, long length) {
        return new ArrowBuffer(segment.asSlice(offset, length), allocation);
    }

    /** A view that refuses writes. */
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

    public byte getByte(long offset) {
        return segment.get(LE.BYTE, offset);
    }

    public short getShort(long offset) {
        return segment.get(LE.SHORT, offset);
    }

    public int getInt(long offset) {
        return segment.get(LE.INT, offset);
    }

    public long getLong(long offset) {
        return segment.get(LE.LONG, offset);
    }

    public float getFloat(long offset) {
        return segment.get(LE.FLOAT, offset);
    }

    public double getDouble(long offset) {
        return segment.get(LE.DOUBLE, offset);
    }

    public void setByte(long offset, byte value) {
        segment.set(LE.BYTE, offset, value);
    }

    public void setShort(long offset, short value) {
        segment.set(LE.SHORT, offset, value);
    }

    public void setInt(long offset, int value) {
        segment.set(LE.INT, offset, value);
    }

    public void setLong(long offset, long value) {
        segment.set(LE.LONG, offset, value);
    }

    public void setFloat(long offset, float value) {
        segment.set(LE.FLOAT, offset, value);
    }

    public void setDouble(long offset, double value) {
        segment.set(LE.DOUBLE, offset, value);
    }

    /** A two's complement little-endian integer of {@code byteWidth} bytes (4, 8, 16, 32: decimals). */
    public BigInteger getBigInteger(long offset, int byteWidth) {
        return WideIntegers.read(segment, offset, byteWidth);
    }

    /**
     * Writes {@code value} as a two's complement little-endian integer of {@code byteWidth} bytes.
     *
     * @throws ArithmeticException if the value does not fit
     */
    public void setBigInteger(long offset, int byteWidth, BigInteger value) {
        WideIntegers.write(segment, offset, byteWidth, value);
    }

    /** Copies {@code length} bytes from {@code src} at {@code srcOffset} to this buffer at {@code offset}. */
    public void copyFrom(ArrowBuffer src, long srcOffset, long offset, long length) {
        MemorySegment.copy(src.segment, srcOffset, segment, offset, length);
    }

    /** A copy of the bytes in a new array. */
    public byte[] toByteArray() {
        return segment.toArray(LE.BYTE);
    }

    @Override
    public String toString() {
        return "ArrowBuffer[" + segment.byteSize() + " bytes]";
    }
}
