// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.memory;

import dev.quiver.core.QuiverException;
import java.lang.foreign.Arena;

/**
 * An allocator whose buffers all live until it is closed, for memory with a known end, such as a batch
 * that is read, used and dropped. {@link #allocateForOverwrite} lends blocks of the managed allocator's
 * pool, and {@link #close()} gives them all back at once, while the cores may still hold their bytes:
 * the next buffers of the same sizes reuse them hot, without waiting for the garbage collector. A buffer
 * (or slice) used after the close throws {@link IllegalStateException}; memory is never reused while a
 * buffer of it can still be read. {@link #release} does nothing. Made by {@link ManagedAllocator#arena()};
 * it counts toward that allocator.
 *
 * <p>Confined to the thread that made it: only that thread allocates, reads the buffers (others get
 * {@link WrongThreadException}) and closes it, and so the close costs next to nothing (a shared arena's
 * close is a handshake with every thread of the JVM, which stalls the closing thread until each has
 * reached a safepoint).
 *
 * {@snippet :
 * try (ArenaAllocator memory = BufferAllocator.managed().arena()) {
 *     ArrowBuffer buffer = memory.allocateForOverwrite(1 << 20);
 *     // ... fill and use it, on this thread ...
 * }   // every buffer of `memory` goes back to the pool here
 * }
 */
public final class ArenaAllocator implements BufferAllocator, AutoCloseable {
    private final ManagedAllocator source;
    /** Where blocks are lent from and go back to; none without native access. */
    private final BufferPool pool;
    /** The only thread that may use this allocator. */
    private final Thread owner;
    /** Made at the first allocation: an allocator that allocates nothing costs nothing to close. */
    private Arena arena;
    private boolean closed;

    ArenaAllocator(ManagedAllocator source, BufferPool pool) {
        this.source = source;
        this.pool = pool;
        this.owner = Thread.currentThread();
    }

    private void checkOwner(String use) {
        if (Thread.currentThread() != owner) {
            throw new WrongThreadException("an arena allocator is " + use + " by the thread that made it only ("
                    + owner.getName() + "), not by " + Thread.currentThread().getName());
        }
    }

    private Arena arena() {
        checkOwner("used");
        if (closed) {
            throw new QuiverException("allocator is closed");
        }
        if (arena == null) {
            arena = Arena.ofConfined();
        }
        return arena;
    }

    /**
     * {@inheritDoc} Zero-filled memory of this allocator's own, freed when it is closed.
     *
     * @throws WrongThreadException if this is not the thread that made the allocator
     */
    @Override
    public ArrowBuffer allocate(long size) {
        return source.allocateIn(arena(), size, false, pool);
    }

    /**
     * {@inheritDoc} A block of the managed allocator's pool when the size is pooled.
     *
     * @throws WrongThreadException if this is not the thread that made the allocator
     */
    @Override
    public ArrowBuffer allocateForOverwrite(long size) {
        return source.allocateIn(arena(), size, true, pool);
    }

    @Override
    public void release(ArrowBuffer buffer) {
        // Freed when the allocator is closed.
    }

    /** {@inheritDoc} Those of the managed allocator that made it, this one's included. */
    @Override
    public long allocatedBytes() {
        return source.allocatedBytes();
    }

    @Override
    public long limit() {
        return source.limit();
    }

    /**
     * Gives back every buffer handed out: pooled blocks return to the pool, other memory is freed; later
     * access to those buffers throws {@link IllegalStateException}. Closing twice does nothing.
     *
     * @throws WrongThreadException if this is not the thread that made the allocator
     */
    @Override
    public void close() {
        checkOwner("closed");
        if (arena != null) {
            arena.close();
        }
        closed = true;
    }
}
