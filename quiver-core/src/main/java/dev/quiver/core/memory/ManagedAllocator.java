// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.memory;

import dev.quiver.core.QuiverException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.ref.Cleaner;

/**
 * A garbage-collected allocator for casual use: each buffer's memory is freed when no buffer or slice
 * of it is reachable any more. {@link #release} does nothing; the byte count drops when the collector
 * frees the memory.
 *
 * <p>Native memory does not count toward the Java heap, so the collector would not run for its sake
 * alone: as NIO does for direct buffers, this allocator asks for a collection when the memory it has
 * out passes a threshold (at first the maximum heap size, then twice what was still in use after the
 * last collection), and once more before it refuses an allocation at its limit.
 */
public final class ManagedAllocator implements BufferAllocator {
    static final ManagedAllocator GLOBAL = new ManagedAllocator(Long.MAX_VALUE);
    private static final Cleaner CLEANER = Cleaner.create();
    private static final long INITIAL_COLLECTION_THRESHOLD = Runtime.getRuntime().maxMemory();
    private static final int COLLECTION_WAITS = 8;

    private final ByteCounter counter;
    private volatile long collectionThreshold = INITIAL_COLLECTION_THRESHOLD;

    ManagedAllocator(long limit) {
        this.counter = new ByteCounter(limit);
    }

    /** Reserves {@code bytes}, collecting unreachable buffers first when over the threshold or the limit. */
    private void reserve(long bytes) {
        if (counter.allocated() > collectionThreshold - bytes) {
            collect();
        }
        try {
            counter.reserve(bytes);
        } catch (MemoryLimitExceededException e) {
            collect();
            counter.reserve(bytes);
        }
    }

    /** Runs the collector and gives the cleaners a moment to free what became unreachable. */
    private synchronized void collect() {
        long before = counter.allocated();
        System.gc();
        for (int wait = 0; wait < COLLECTION_WAITS && counter.allocated() >= before; wait++) {
            try {
                Thread.sleep(1L << wait);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        collectionThreshold = Math.max(INITIAL_COLLECTION_THRESHOLD, 2 * counter.allocated());
    }

    @Override
    public ArrowBuffer allocate(long size) {
        if (size < 0) {
            throw new IllegalArgumentException("size must not be negative: " + size);
        }
        long padded = BufferAllocator.padded(size);
        reserve(padded);
        MemorySegment segment;
        try {
            segment = Arena.ofAuto().allocate(Math.max(padded, ALIGNMENT), ALIGNMENT);
        } catch (OutOfMemoryError e) {
            counter.free(padded);
            throw new QuiverException("the system could not provide " + padded + " bytes", e);
        }
        ByteCounter c = counter;
        // Every slice keeps the segment's scope reachable, so the count drops only when all are gone.
        CLEANER.register(segment.scope(), () -> c.free(padded));
        return new ArrowBuffer(segment.asSlice(0, size), null);
    }

    @Override
    public void release(ArrowBuffer buffer) {
        // Memory is freed by the garbage collector.
    }

    @Override
    public long allocatedBytes() {
        return counter.allocated();
    }

    @Override
    public long limit() {
        return counter.limit();
    }
}
