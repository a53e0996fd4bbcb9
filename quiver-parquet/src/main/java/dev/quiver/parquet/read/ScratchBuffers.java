// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.read;

import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import java.util.ArrayList;
import java.util.List;

/**
 * Memory a reader's decoding threads hold only while they decode a column chunk (the chunk's stored bytes,
 * its pages decompressed): given back when the chunk is done and lent again to the next one, so that it is
 * neither allocated nor zero-filled anew for every chunk, nor left for the garbage collector. At most
 * {@link #MAX_IDLE_BYTES} wait idle; the rest goes back to the allocator.
 */
public final class ScratchBuffers implements AutoCloseable {
    static final long MAX_IDLE_BYTES = 64L << 20;
    private static final long MIN_SIZE = 64L << 10;
    private final BufferAllocator allocator;
    private final List<ArrowBuffer> idle = new ArrayList<>();
    private long idleBytes;

    /**
     * Scratch memory from an allocator.
     *
     * @param allocator where the memory comes from
     */
    public ScratchBuffers(BufferAllocator allocator) {
        this.allocator = allocator;
    }

    /** A buffer of at least {@code size} bytes, not zero-filled; give it back with {@link #give}. */
    synchronized ArrowBuffer take(long size) {
        int best = -1;
        for (int i = 0; i < idle.size(); i++) {
            long s = idle.get(i).byteSize();
            if (s >= size && (best < 0 || s < idle.get(best).byteSize())) {
                best = i;
            }
        }
        if (best >= 0) {
            ArrowBuffer b = idle.remove(best);
            idleBytes -= b.byteSize();
            return b;
        }
        // a power of two: chunks of similar sizes share buffers
        long rounded = size <= MIN_SIZE ? MIN_SIZE : Long.highestOneBit(size - 1) << 1;
        return allocator.allocateForOverwrite(rounded > 0 ? rounded : size);
    }

    /** Takes back a buffer of {@link #take}; nothing may use it afterwards. */
    synchronized void give(ArrowBuffer buffer) {
        if (idleBytes + buffer.byteSize() <= MAX_IDLE_BYTES) {
            idle.add(buffer);
            idleBytes += buffer.byteSize();
        } else {
            allocator.release(buffer);
        }
    }

    /** Releases the idle buffers to the allocator. */
    @Override
    public synchronized void close() {
        for (ArrowBuffer b : idle) {
            allocator.release(b);
        }
        idle.clear();
        idleBytes = 0;
    }
}
