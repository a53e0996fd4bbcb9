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
 * {@link #MAX_IDLE_BYTES} wait idle; the rest goes back to the allocator. The same holds for the large heap
 * arrays of a chunk's levels, dictionary indices and slots: arrays of a megabyte or more are "humongous" to
 * G1, and allocating them for every chunk made the collector run several times per row group.
 */
public final class ScratchBuffers implements AutoCloseable {
    static final long MAX_IDLE_BYTES = 64L << 20;
    private static final long MIN_SIZE = 64L << 10;
    /** Arrays below this many bytes are left to the collector (cheap for it). */
    private static final int MIN_ARRAY = 64 << 10;
    private final BufferAllocator allocator;
    private final List<ArrowBuffer> idle = new ArrayList<>();
    private long idleBytes;
    private final List<byte[]> idleByteArrays = new ArrayList<>();
    private final List<int[]> idleIntArrays = new ArrayList<>();
    private long idleHeapBytes;

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

    /** A byte array of at least {@code length} bytes, its content left over from an earlier use. */
    synchronized byte[] bytes(int length) {
        int best = -1;
        for (int i = 0; i < idleByteArrays.size(); i++) {
            int s = idleByteArrays.get(i).length;
            if (s >= length && (best < 0 || s < idleByteArrays.get(best).length)) {
                best = i;
            }
        }
        if (best < 0) {
            return new byte[length];
        }
        byte[] a = idleByteArrays.remove(best);
        idleHeapBytes -= a.length;
        return a;
    }

    /** Takes back an array of {@link #bytes}; nothing may use it afterwards. */
    synchronized void give(byte[] array) {
        if (array.length >= MIN_ARRAY && idleHeapBytes + array.length <= MAX_IDLE_BYTES) {
            idleByteArrays.add(array);
            idleHeapBytes += array.length;
        }
    }

    /** An int array of at least {@code length} values, its content left over from an earlier use. */
    synchronized int[] ints(int length) {
        int best = -1;
        for (int i = 0; i < idleIntArrays.size(); i++) {
            int s = idleIntArrays.get(i).length;
            if (s >= length && (best < 0 || s < idleIntArrays.get(best).length)) {
                best = i;
            }
        }
        if (best < 0) {
            return new int[length];
        }
        int[] a = idleIntArrays.remove(best);
        idleHeapBytes -= 4L * a.length;
        return a;
    }

    /** Takes back an array of {@link #ints}; nothing may use it afterwards. */
    synchronized void give(int[] array) {
        if (array.length >= MIN_ARRAY / 4 && idleHeapBytes + 4L * array.length <= MAX_IDLE_BYTES) {
            idleIntArrays.add(array);
            idleHeapBytes += 4L * array.length;
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
        idleByteArrays.clear();
        idleIntArrays.clear();
        idleHeapBytes = 0;
    }
}
