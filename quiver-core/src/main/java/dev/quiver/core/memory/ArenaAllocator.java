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
 * buffer of it can still be read. {@link #release} does nothing. Thread-safe, and the buffers may be
 * read from any thread; closing synchronizes with every thread of the JVM (a handshake, some
 * microseconds), so one allocator should hold many buffers. Made by {@link ManagedAllocator#arena()};
 * it counts toward that allocator.
 *
 * {@snippet :
 * try (ArenaAllocator memory = BufferAllocator.managed().arena()) {
 *     ArrowBuffer buffer = memory.allocateForOverwrite(1 << 20);
 *     // ... fill and use it ...
 * }   // every buffer of `memory` goes back to the pool here
 * }
 */
public final class ArenaAllocator implements BufferAllocator, AutoCloseable {
    private final ManagedAllocator source;
    /** Where blocks are lent from and go back to; none without native access. */
    private final BufferPool pool;
    /** Made at the first allocation: an allocator that allocates nothing costs nothing to close. */
    private Arena arena;
    private boolean closed;

    ArenaAllocator(ManagedAllocator source, BufferPool pool) {
        this.source = source;
        this.pool = pool;
    }

    private Arena arena() {
        if (closed) {
            throw new QuiverException("allocator is closed");
        }
        if (arena == null) {
            arena = Arena.ofShared();
        }
        return arena;
    }

    /** {@inheritDoc} Zero-filled memory of this allocator's own, freed when it is closed. */
    @Override
    public synchronized ArrowBuffer allocate(long size) {
        return source.allocateIn(arena(), size, false, pool);
    }

    /** {@inheritDoc} A block of the managed allocator's pool when the size is pooled. */
    @Override
    public synchronized ArrowBuffer allocateForOverwrite(long size) {
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
     * @throws IllegalStateException if another thread is reading one of the buffers in native code right
     *     now (a downcall given its segment); the buffers then stay valid and the allocator open
     */
    @Override
    public synchronized void close() {
        if (arena != null) {
            arena.close();
        }
        closed = true;
    }
}
