// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.read;

import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.parquet.ParquetException;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * The bytes of a Parquet file: memory held by the caller (slices, no copy), or a file channel read at
 * positions into buffers of the allocator (so memory follows what is being decoded, not the file's size).
 */
public final class FileInput implements AutoCloseable {
    private final MemorySegment memory;
    private final FileChannel channel;
    private final long size;
    private final String name;

    private FileInput(MemorySegment memory, FileChannel channel, long size, String name) {
        this.memory = memory;
        this.channel = channel;
        this.size = size;
        this.name = name;
    }

    /**
     * Input from memory.
     *
     * @param memory the whole file
     * @param name the file's name, for messages
     * @return the input
     */
    public static FileInput of(MemorySegment memory, String name) {
        return new FileInput(memory, null, memory.byteSize(), name);
    }

    /**
     * Input from an open channel, which this input closes.
     *
     * @param channel the file
     * @param name the file's name, for messages
     * @return the input
     * @throws ParquetException if the channel's size cannot be read
     */
    public static FileInput of(FileChannel channel, String name) {
        try {
            return new FileInput(null, channel, channel.size(), name);
        } catch (IOException e) {
            throw new ParquetException(name + ": " + e.getMessage(), e);
        }
    }

    /**
     * The file's size.
     *
     * @return the size in bytes
     */
    public long size() {
        return size;
    }

    /**
     * The file's name.
     *
     * @return the name given when opened
     */
    public String name() {
        return name;
    }

    /**
     * Bytes of the file: a slice of the memory, or a buffer read from the channel.
     *
     * @param offset the first byte
     * @param length the number of bytes
     * @param allocator the allocator of a buffer read from the channel
     * @param what what the bytes are, for messages
     * @return the bytes (read-only use); release them to the allocator when done (a slice of memory is
     *     not the allocator's, and releasing it does nothing)
     * @throws ParquetException if the range lies outside the file or reading fails
     */
    public ArrowBuffer read(long offset, long length, BufferAllocator allocator, String what) {
        if (offset < 0 || length < 0 || offset > size || length > size - offset) {
            throw new ParquetException(name + ": " + what + " (" + length + " bytes at offset " + offset
                    + ") lies outside the file of " + size + " bytes");
        }
        if (memory != null) {
            return ArrowBuffer.wrap(memory.asSlice(offset, length));
        }
        ArrowBuffer buffer = allocator.allocateForOverwrite(length);
        try {
            readInto(offset, buffer.segment().asSlice(0, length), what);
        } catch (RuntimeException e) {
            allocator.release(buffer);
            throw e;
        }
        return buffer;
    }

    /**
     * Whether the file is memory (so that {@link #read} gives slices without copying).
     *
     * @return true when opened on a memory segment
     */
    public boolean inMemory() {
        return memory != null;
    }

    /**
     * Copies bytes of the file into {@code target}, which it fills.
     *
     * @param offset the first byte
     * @param target where the bytes go (its size is the number of bytes)
     * @param what what the bytes are, for messages
     * @throws ParquetException if the range lies outside the file or reading fails
     */
    public void readInto(long offset, MemorySegment target, String what) {
        long length = target.byteSize();
        if (offset < 0 || offset > size || length > size - offset) {
            throw new ParquetException(name + ": " + what + " (" + length + " bytes at offset " + offset
                    + ") lies outside the file of " + size + " bytes");
        }
        if (memory != null) {
            MemorySegment.copy(memory, offset, target, 0, length);
            return;
        }
        try {
            long done = 0;
            while (done < length) {
                ByteBuffer view = target.asSlice(done, Math.min(length - done, 1 << 30)).asByteBuffer();
                int n = channel.read(view, offset + done);
                if (n < 0) {
                    throw new ParquetException(name + ": the file ended while reading " + what);
                }
                done += n;
            }
        } catch (IOException e) {
            throw new ParquetException(name + ": reading " + what + " failed: " + e.getMessage(), e);
        } catch (ParquetException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new ParquetException(name + ": reading " + what + " failed: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException e) {
                throw new ParquetException(name + ": closing failed: " + e.getMessage(), e);
            }
        }
    }
}
