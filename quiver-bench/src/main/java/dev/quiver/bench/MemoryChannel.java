// SPDX-License-Identifier: Apache-2.0
package dev.quiver.bench;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;

/**
 * An in-memory byte channel over a fixed native segment: written from the start after {@link #rewind},
 * read back up to what was written after {@link #flip}. Both implementations stream through it.
 */
public final class MemoryChannel implements ReadableByteChannel, WritableByteChannel {
    private final MemorySegment memory;
    private long position;
    private long limit;

    /** A channel of {@code capacity} bytes, freed when unreachable. */
    public MemoryChannel(long capacity) {
        this.memory = Arena.ofAuto().allocate(capacity, 64);
        this.limit = capacity;
    }

    /** Prepares to write from the start. */
    public MemoryChannel rewind() {
        position = 0;
        limit = memory.byteSize();
        return this;
    }

    /** Ends writing: what was written becomes readable from the start. */
    public MemoryChannel flip() {
        limit = position;
        position = 0;
        return this;
    }

    /** Reads again from the start (after {@link #flip}). */
    public MemoryChannel reread() {
        position = 0;
        return this;
    }

    /** The bytes written so far (while writing) or readable (after {@link #flip}). */
    public long size() {
        return limit == memory.byteSize() ? position : limit;
    }

    @Override
    public int write(ByteBuffer src) {
        int n = src.remaining();
        if (n > limit - position) {
            throw new IllegalStateException("memory channel full: " + memory.byteSize() + " bytes");
        }
        MemorySegment.copy(MemorySegment.ofBuffer(src), 0, memory, position, n);
        src.position(src.limit());
        position += n;
        return n;
    }

    @Override
    public int read(ByteBuffer dst) {
        if (position == limit) {
            return -1;
        }
        int n = (int) Math.min(dst.remaining(), limit - position);
        MemorySegment.copy(memory, position, MemorySegment.ofBuffer(dst), 0, n);
        dst.position(dst.position() + n);
        position += n;
        return n;
    }

    @Override
    public boolean isOpen() {
        return true;
    }

    @Override
    public void close() {
        // The memory outlives the streams written into it.
    }
}
