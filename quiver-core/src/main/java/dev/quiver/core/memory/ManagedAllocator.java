// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.memory;

import dev.quiver.core.QuiverException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.ref.Cleaner;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A garbage-collected allocator for casual use: each buffer's memory is freed when no buffer or slice
 * of it is reachable any more. {@link #release} does nothing; the byte count drops when the collector
 * frees the memory.
 *
 * <p>Native memory does not count toward the Java heap, so the collector would not run for its sake
 * alone: as NIO does for direct buffers, this allocator asks for a collection when the memory it has
 * out passes a threshold (at first the maximum heap size, then twice what was still in use after the
 * last collection), and once more before it refuses an allocation at its limit.
 *
 * <p>{@link #allocateForOverwrite} recycles: the memory of such a buffer goes, once unreachable, to a
 * process-wide pool of blocks by size class ({@code BufferPool}), and a later buffer of that class takes
 * it back without zero-filling it again. Each buffer handed out lives in an automatic arena of its own,
 * so its memory returns to the pool only when no segment or slice of it is reachable: reuse never
 * exposes memory still in use. This needs native access for module {@code dev.quiver.core}
 * ({@code --enable-native-access=dev.quiver.core}, or {@code ALL-UNNAMED} on the class path); without it
 * {@code allocateForOverwrite} allocates fresh zeroed memory as {@link #allocate} does. The pool keeps at
 * most a quarter of the maximum heap size, up to 1 GiB, or what the system property
 * {@code quiver.memory.poolBytes} says (0 turns recycling off). When more than half that bound is lent
 * out and the pool has no block of the size asked for, the allocator runs the collector (once; the next
 * time only when twice what stayed lent is out) so that buffers no longer reachable come back. Limits
 * and {@link #allocatedBytes()} count the padded sizes asked for; a pooled block may be up to a quarter
 * larger, and idle blocks count toward no allocator.
 */
public final class ManagedAllocator implements BufferAllocator {
    // Before GLOBAL: static fields are set in the order written, and GLOBAL's constructor reads it.
    private static final long INITIAL_COLLECTION_THRESHOLD = Runtime.getRuntime().maxMemory();
    static final ManagedAllocator GLOBAL = new ManagedAllocator(Long.MAX_VALUE);
    private static final Cleaner CLEANER = Cleaner.create();
    private static final int COLLECTION_WAITS = 8;
    private static final long SENTINEL_WAIT_MILLIS = 1000;
    /** The default bound of the recycling pool: a quarter of the maximum heap size, at most 1 GiB. */
    static final long DEFAULT_POOL_BYTES = Math.min(1L << 30, INITIAL_COLLECTION_THRESHOLD / 4);
    private static final BufferPool POOL = ManagedAllocator.class.getModule().isNativeAccessEnabled()
            ? new BufferPool(Math.max(0, Long.getLong("quiver.memory.poolBytes", DEFAULT_POOL_BYTES))) : null;
    private static final Object RECYCLING = new Object();
    /** The lent bytes above which a miss of the pool runs the collector (see {@link #recycle}). */
    private static volatile long recycleThreshold = POOL == null ? Long.MAX_VALUE : POOL.maxIdleBytes() / 2;

    private final ByteCounter counter;
    private volatile long collectionThreshold = INITIAL_COLLECTION_THRESHOLD;

    ManagedAllocator(long limit) {
        this.counter = new ByteCounter(limit);
    }

    /** The bytes allocated beyond which an allocation first runs the collector. */
    long collectionThreshold() {
        return collectionThreshold;
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
        MemorySegment segment = allocateNative(Arena.ofAuto(), Math.max(padded, ALIGNMENT), padded);
        ByteCounter c = counter;
        // Every slice keeps the segment's scope reachable, so the count drops only when all are gone.
        CLEANER.register(segment.scope(), () -> c.free(padded));
        return new ArrowBuffer(segment.asSlice(0, size), null);
    }

    @Override
    public ArrowBuffer allocateForOverwrite(long size) {
        return allocateForOverwrite(size, POOL);
    }

    /** {@link #allocateForOverwrite(long)} recycling through {@code pool}, none when null. */
    ArrowBuffer allocateForOverwrite(long size, BufferPool pool) {
        ArrowBuffer lent = lend(size, pool, null);
        return lent != null ? lent : allocate(size);
    }

    /**
     * An allocator whose buffers all live until it is closed, lent from this allocator's pool and counted
     * toward it, confined to the calling thread (see {@link ArenaAllocator}).
     *
     * @return a new, open arena allocator of the calling thread
     */
    public ArenaAllocator arena() {
        return new ArenaAllocator(this, POOL);
    }

    /**
     * A buffer of {@code size} bytes in {@code arena}, counted until the arena closes: a block of
     * {@code pool} when {@code overwrite} and the size is pooled (not zero-filled), given back when the
     * arena closes; otherwise zeroed memory of the arena.
     */
    ArrowBuffer allocateIn(Arena arena, long size, boolean overwrite, BufferPool pool) {
        if (size < 0) {
            throw new IllegalArgumentException("size must not be negative: " + size);
        }
        ArrowBuffer lent = overwrite ? lend(size, pool, arena) : null;
        if (lent != null) {
            return lent;
        }
        long padded = BufferAllocator.padded(size);
        reserve(padded);
        MemorySegment segment = allocateNative(arena, Math.max(padded, ALIGNMENT), padded);
        ByteCounter c = counter;
        MemorySegment.NULL.reinterpret(arena, ignored -> c.free(padded));
        return new ArrowBuffer(segment.asSlice(0, size), null);
    }

    /**
     * A buffer over a block of {@code pool} (taken back or new), not zero-filled, living in {@code arena}
     * (an automatic arena of its own when null) and given back to the pool when that arena is closed or
     * unreachable; null when the size is not pooled or there is no pool.
     */
    private ArrowBuffer lend(long size, BufferPool pool, Arena arena) {
        if (size < 0) {
            throw new IllegalArgumentException("size must not be negative: " + size);
        }
        long padded = BufferAllocator.padded(size);
        int sizeClass = pool == null || pool.maxIdleBytes() == 0 ? -1 : BufferPool.sizeClass(padded);
        if (sizeClass < 0) {
            return null;
        }
        reserve(padded);
        MemorySegment block = pool.take(sizeClass);
        if (block == null && pool.lentBytes() > recycleThreshold) {
            block = recycle(pool, sizeClass);
        }
        if (block == null) {
            block = allocateNative(Arena.ofAuto(), BufferPool.classSize(sizeClass), padded);
        } else if (padded > size) {
            block.asSlice(size, padded - size).fill((byte) 0);
        }
        pool.lend(sizeClass);
        ByteCounter c = counter;
        MemorySegment held = block;
        // The block goes back once the lent segment's scope, shared by all its slices, is closed or (an
        // automatic one) unreachable; until then the cleanup action keeps the block (and its memory) alive.
        MemorySegment lent = block.reinterpret(arena != null ? arena : Arena.ofAuto(), ignored -> {
            c.free(padded);
            pool.give(sizeClass, held);
        });
        return new ArrowBuffer(lent.asSlice(0, size), null);
    }

    /**
     * {@code bytes} of native memory in {@code arena}, {@link #ALIGNMENT}-aligned. When the system refuses
     * (the JVM's direct memory limit, the maximum heap size unless set, also counts the pool's idle blocks and
     * the memory of buffers no longer reachable), the pool's idle blocks are dropped and the collector run
     * so that those are freed, and the allocation is tried once more.
     *
     * @param counted the bytes reserved for it in this allocator's count, freed if the system refuses again
     * @throws QuiverException if the system refuses twice
     */
    private MemorySegment allocateNative(Arena arena, long bytes, long counted) {
        try {
            return arena.allocate(bytes, ALIGNMENT);
        } catch (OutOfMemoryError refused) {
            if (POOL != null) {
                POOL.dropIdle();
            }
            synchronized (RECYCLING) {
                try {
                    collectAndAwaitCleaners();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            try {
                return arena.allocate(bytes, ALIGNMENT);
            } catch (OutOfMemoryError again) {
                counter.free(counted);
                throw new QuiverException("the system could not provide " + counted + " bytes", again);
            }
        }
    }

    /**
     * Runs the collector and waits (a second at most) until the arenas' cleaner thread has got to this
     * collection's work: the cleaners give blocks back on that thread, and a sentinel arena dropped before the
     * collection tells when it is there.
     *
     * @return whether the cleaners got there in time (not when the collection did nothing, as with
     *     {@code -XX:+DisableExplicitGC})
     */
    private static boolean collectAndAwaitCleaners() throws InterruptedException {
        CountDownLatch cleaned = new CountDownLatch(1);
        MemorySegment.NULL.reinterpret(Arena.ofAuto(), ignored -> cleaned.countDown());
        System.gc();
        return cleaned.await(SENTINEL_WAIT_MILLIS, TimeUnit.MILLISECONDS);
    }

    /**
     * Runs the collector so that unreachable lent blocks come back to the pool, then takes one of the
     * class if any came. The next collection for the pool's sake waits until twice what is still lent
     * is out (at least the pool's bound): buffers kept alive do not make every allocation collect.
     */
    private static MemorySegment recycle(BufferPool pool, int sizeClass) {
        synchronized (RECYCLING) {
            MemorySegment block = pool.take(sizeClass);
            if (block != null || pool.lentBytes() <= recycleThreshold) {
                return block;
            }
            try {
                if (!collectAndAwaitCleaners()) {
                    // System.gc() collected nothing (-XX:+DisableExplicitGC, say): stop asking.
                    recycleThreshold = Long.MAX_VALUE;
                    return pool.take(sizeClass);
                }
                for (long before = -1; pool.lentBytes() != before; ) {
                    before = pool.lentBytes();
                    Thread.sleep(1);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            recycleThreshold = Math.max(pool.maxIdleBytes() / 2, 2 * pool.lentBytes());
            return pool.take(sizeClass);
        }
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
