// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.write;

import dev.quiver.core.memory.LittleEndian;
import dev.quiver.parquet.ParquetException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/**
 * A growable heap byte buffer that encoders append to (little-endian numbers, ULEB128 varints, copies out of
 * memory segments). Its array can be handed to compressors as it is; capacity doubles as it grows, up to the
 * largest Java array, past which an append ends in a {@link ParquetException}.
 */
public final class ByteSink {
    private static final int MAX_SIZE = Integer.MAX_VALUE - 16;
    private byte[] bytes;
    private MemorySegment segment;
    private int size;

    /** An empty sink with a small initial capacity. */
    public ByteSink() {
        this(256);
    }

    /**
     * An empty sink.
     *
     * @param capacity the initial capacity in bytes
     */
    public ByteSink(int capacity) {
        bytes = new byte[Math.max(16, capacity)];
        segment = MemorySegment.ofArray(bytes);
    }

    /**
     * The bytes written so far.
     *
     * @return the size in bytes
     */
    public int size() {
        return size;
    }

    /**
     * The backing array: its first {@link #size()} bytes are the content (valid until the next append).
     *
     * @return the array
     */
    public byte[] array() {
        return bytes;
    }

    /**
     * The backing array as a segment (valid until the next append).
     *
     * @return the whole capacity; the content is its first {@link #size()} bytes
     */
    public MemorySegment segment() {
        return segment;
    }

    /**
     * A copy of the content.
     *
     * @return the bytes written, in a new array
     */
    public byte[] toByteArray() {
        return Arrays.copyOf(bytes, size);
    }

    /** Forgets the content, keeping the capacity. */
    public void reset() {
        size = 0;
    }

    /**
     * Makes room for {@code more} bytes past the current size.
     *
     * @param more the bytes about to be written
     * @throws ParquetException if the content would pass the largest Java array
     */
    public void reserve(long more) {
        long needed = size + more;
        if (needed <= bytes.length) {
            return;
        }
        if (needed > MAX_SIZE) {
            throw new ParquetException("an encoded page or column chunk part of more than 2 GiB (" + needed
                    + " bytes): lower the page size or the row group size");
        }
        long grown = Math.max(needed, Math.min((long) MAX_SIZE, 2L * bytes.length));
        bytes = Arrays.copyOf(bytes, (int) grown);
        segment = MemorySegment.ofArray(bytes);
    }

    /**
     * Sets the size (growing the capacity when needed); bytes past the old size are whatever was there.
     *
     * @param newSize the new size in bytes
     */
    public void setSize(int newSize) {
        if (newSize > size) {
            reserve(newSize - size);
        }
        size = newSize;
    }

    /**
     * Appends a byte.
     *
     * @param v the byte (its low 8 bits)
     */
    public void writeByte(int v) {
        reserve(1);
        bytes[size++] = (byte) v;
    }

    /**
     * Appends a little-endian 32-bit integer.
     *
     * @param v the value
     */
    public void writeIntLE(int v) {
        reserve(4);
        segment.set(LittleEndian.INT, size, v);
        size += 4;
    }

    /**
     * Appends a little-endian 64-bit integer.
     *
     * @param v the value
     */
    public void writeLongLE(long v) {
        reserve(8);
        segment.set(LittleEndian.LONG, size, v);
        size += 8;
    }

    /**
     * Appends an unsigned LEB128 varint.
     *
     * @param v the value, read as unsigned
     */
    public void writeUleb(long v) {
        reserve(10);
        while ((v & ~0x7FL) != 0) {
            bytes[size++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        bytes[size++] = (byte) v;
    }

    /**
     * Appends a zigzag-encoded LEB128 varint.
     *
     * @param v the signed value
     */
    public void writeZigZag(long v) {
        writeUleb((v << 1) ^ (v >> 63));
    }

    /**
     * Appends the low {@code width} bytes of {@code v}, little-endian.
     *
     * @param v the value
     * @param width the number of bytes, 0 to 8
     */
    public void writeLittleEndian(long v, int width) {
        reserve(width);
        for (int i = 0; i < width; i++) {
            bytes[size++] = (byte) (v >>> (8 * i));
        }
    }

    /**
     * Appends bytes of an array.
     *
     * @param src the array
     * @param from the first byte
     * @param length the number of bytes
     */
    public void write(byte[] src, int from, int length) {
        reserve(length);
        System.arraycopy(src, from, bytes, size, length);
        size += length;
    }

    /**
     * Appends bytes of a segment.
     *
     * @param src the segment
     * @param from the first byte's offset
     * @param length the number of bytes
     */
    public void write(MemorySegment src, long from, long length) {
        reserve(length);
        MemorySegment.copy(src, ValueLayout.JAVA_BYTE, from, bytes, size, (int) length);
        size += (int) length;
    }

    /**
     * Appends the content of another sink.
     *
     * @param other the sink whose content is copied
     */
    public void write(ByteSink other) {
        write(other.bytes, 0, other.size);
    }
}
