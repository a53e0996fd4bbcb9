// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.memory;

import dev.quiver.core.QuiverException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An allocator closed explicitly: {@link #close()} frees every buffer it handed out that is still
 * open, and {@link #outstanding()} tells what those are. Each buffer lives in a shared arena of its
 * own, so it can be released early (builders release what they outgrow) and used from any thread.
 * A buffer {@linkplain ArrowBuffer#retain() retained} by a foreign consumer outlives {@link #release} and
 * {@link #close()}: its memory is freed (and stops counting) when the last hold is given up.
 */
public final class ScopedAllocator implements BufferAllocator, AutoCloseable {
    private final ByteCounter counter;
    private final Map<Allocation, Boolean> open = new ConcurrentHashMap<>();
    private volatile boolean closed;

    ScopedAllocator(long limit) {
        this.counter = new ByteCounter(limit);
    }

    @Override
    public ArrowBuffer allocate(long size) {
        if (size < 0) {
            throw new IllegalArgumentException("size must not be negative: " + size);
        }
        if (closed) {
            throw new QuiverException("allocator is closed");
        }
        long padded = BufferAllocator.padded(size);
        counter.reserve(padded);
        Arena arena = Arena.ofShared();
        MemorySegment segment;
        try {
            segment = arena.allocate(Math.max(padded, ALIGNMENT), ALIGNMENT);
        } catch (OutOfMemoryError e) {
            arena.close();
            counter.free(padded);
            throw new QuiverException("the system could not provide " + padded + " bytes", e);
        }
        Allocation allocation = new Allocation(this, arena, padded);
        open.put(allocation, Boolean.TRUE);
        return new ArrowBuffer(segment.asSlice(0, size), allocation);
    }

    @Override
    public void release(ArrowBuffer buffer) {
        Allocation allocation = buffer.allocation();
        if (allocation == null || allocation.owner() != this) {
            return;
        }
        if (allocation.free()) {
            open.remove(allocation);
            counter.free(allocation.paddedSize());
        }
    }

    @Override
    public long allocatedBytes() {
        return counter.allocated();
    }

    @Override
    public long limit() {
        return counter.limit();
    }

    /** Accounts for a held block freed when its last hold went (see {@link ArrowBuffer#retain()}). */
    void freedLater(Allocation allocation) {
        open.remove(allocation);
        counter.free(allocation.paddedSize());
    }

    /**
     * The padded sizes of the buffers handed out and not released: what {@link #close()} would free. A
     * test that expects no leak checks that this is empty before closing.
     *
     * @return a new list of sizes in bytes, in no particular order
     */
    public List<Long> outstanding() {
        List<Long> sizes = new ArrayList<>();
        for (Allocation a : open.keySet()) {
            sizes.add(a.paddedSize());
        }
        return sizes;
    }

    /**
     * Whether {@link #close()} was called.
     *
     * @return true once closed; a closed allocator refuses to allocate
     */
    public boolean isClosed() {
        return closed;
    }

    /** Frees everything still open; later access to those buffers throws. Closing twice does nothing. */
    @Override
    public void close() {
        closed = true;
        for (Allocation a : List.copyOf(open.keySet())) {
            if (a.free()) {
                open.remove(a);
                counter.free(a.paddedSize());
            }
        }
    }
}
