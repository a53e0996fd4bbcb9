package dev.quiver.core.memory;

import dev.quiver.core.QuiverException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.ref.Cleaner;

/**
 * A garbage-collected allocator for casual use: each buffer's memory is freed when no buffer or slice
 * of it is reachable any more. {@link #release} does nothing; the byte count drops when the collector
 * frees the memory.
 */
public final class ManagedAllocator implements BufferAllocator {
    static final ManagedAllocator GLOBAL = new ManagedAllocator(Long.MAX_VALUE);
    private static final Cleaner CLEANER = Cleaner.create();

    private final ByteCounter counter;

    ManagedAllocator(long limit) {
        this.counter = new ByteCounter(limit);
    }

    @Override
    public ArrowBuffer allocate(long size) {
        if (size < 0) {
            throw new IllegalArgumentException("size must not be negative: " + size);
        }
        long padded = BufferAllocator.padded(size);
        counter.reserve(padded);
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
