// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.memory;

import java.lang.foreign.MemorySegment;
import java.util.ArrayDeque;

/**
 * Native blocks that buffers no longer reachable gave back, kept for the next buffer of the same size
 * class: reusing one saves the allocation, the zero-filling and the first-touch page faults of fresh
 * memory. Blocks are sorted into size classes, four per doubling (a block is at most 25 % larger than
 * what was asked for), from just over {@link #MIN_POOLED} to {@link #MAX_POOLED} bytes; smaller and
 * larger sizes are not pooled. At most {@code maxIdleBytes} wait in the pool: a block given back beyond
 * that is dropped (the garbage collector frees it). Thread-safe; a block is in the pool at most once
 * and {@link #take} hands each one out to one caller only.
 */
final class BufferPool {
    /** Sizes up to this many bytes are not pooled. */
    static final long MIN_POOLED = 16 * 1024;
    /** Sizes above this many bytes are not pooled. */
    static final long MAX_POOLED = 64L << 20;
    private static final int CLASSES_PER_DOUBLING = 4;
    private static final int LOG_MIN = Long.numberOfTrailingZeros(MIN_POOLED);
    private static final int CLASS_COUNT = (Long.numberOfTrailingZeros(MAX_POOLED) - LOG_MIN) * CLASSES_PER_DOUBLING;

    private final long maxIdleBytes;
    private final ArrayDeque<MemorySegment>[] idle;
    private long idleBytes;
    /** The bytes of blocks lent out and not given back yet. */
    private long lentBytes;

    /**
     * A pool keeping at most {@code maxIdleBytes} of blocks.
     *
     * @param maxIdleBytes the most bytes of blocks waiting for reuse, 0 or more
     */
    @SuppressWarnings("unchecked")
    BufferPool(long maxIdleBytes) {
        if (maxIdleBytes < 0) {
            throw new IllegalArgumentException("maxIdleBytes must not be negative: " + maxIdleBytes);
        }
        this.maxIdleBytes = maxIdleBytes;
        this.idle = new ArrayDeque[CLASS_COUNT];
        for (int c = 0; c < CLASS_COUNT; c++) {
            idle[c] = new ArrayDeque<>();
        }
    }

    /**
     * The size class of a buffer of {@code bytes}, or -1 when that size is not pooled.
     *
     * @param bytes a size in bytes
     * @return the class, from 0, whose {@link #classSize} is the smallest class size not below {@code bytes}
     */
    static int sizeClass(long bytes) {
        if (bytes <= MIN_POOLED || bytes > MAX_POOLED) {
            return -1;
        }
        long high = Long.highestOneBit(bytes - 1);
        long step = high / CLASSES_PER_DOUBLING;
        long quarters = (bytes - high + step - 1) / step;
        return (Long.numberOfTrailingZeros(high) - LOG_MIN) * CLASSES_PER_DOUBLING + (int) quarters - 1;
    }

    /**
     * The size of the blocks of a class.
     *
     * @param sizeClass a class from {@link #sizeClass}
     * @return the block size in bytes, a multiple of 64
     */
    static long classSize(int sizeClass) {
        long high = MIN_POOLED << (sizeClass / CLASSES_PER_DOUBLING);
        return high + high / CLASSES_PER_DOUBLING * (sizeClass % CLASSES_PER_DOUBLING + 1);
    }

    /**
     * A block of the class's size waiting in the pool, now the caller's alone.
     *
     * @param sizeClass a class from {@link #sizeClass}
     * @return the block, or null when none of that class waits
     */
    synchronized MemorySegment take(int sizeClass) {
        MemorySegment block = idle[sizeClass].pollLast();
        if (block != null) {
            idleBytes -= block.byteSize();
        }
        return block;
    }

    /**
     * Counts a block of the class as lent out, whether {@link #take} gave it or it is new: until it is
     * {@linkplain #give given back} it counts in {@link #lentBytes()}.
     *
     * @param sizeClass a class from {@link #sizeClass}
     */
    synchronized void lend(int sizeClass) {
        lentBytes += classSize(sizeClass);
    }

    /**
     * The bytes of blocks lent and not given back: memory that may come back once the garbage collector
     * finds its buffers unreachable.
     *
     * @return the sum of the sizes of the lent blocks
     */
    synchronized long lentBytes() {
        return lentBytes;
    }

    /**
     * Gives a lent block back for reuse, unless the pool is full: then it is dropped.
     *
     * @param sizeClass the class the block was made or taken for
     * @param block a block of exactly {@link #classSize} bytes counted by {@link #lend}, no longer used by
     *     anyone
     * @return whether the pool kept it
     */
    synchronized boolean give(int sizeClass, MemorySegment block) {
        if (block.byteSize() != classSize(sizeClass)) {
            throw new IllegalArgumentException("a block of " + block.byteSize() + " bytes is not of size class "
                    + sizeClass + " (" + classSize(sizeClass) + " bytes)");
        }
        lentBytes -= block.byteSize();
        if (block.byteSize() > maxIdleBytes - idleBytes) {
            return false;
        }
        idle[sizeClass].addLast(block);
        idleBytes += block.byteSize();
        return true;
    }

    /**
     * Drops every idle block (their memory is freed once the collector finds them unreachable), for an
     * allocation the system refused.
     */
    synchronized void dropIdle() {
        for (ArrayDeque<MemorySegment> blocks : idle) {
            blocks.clear();
        }
        idleBytes = 0;
    }

    /**
     * The bytes of the blocks waiting for reuse.
     *
     * @return the sum of the idle blocks' sizes
     */
    synchronized long idleBytes() {
        return idleBytes;
    }

    /**
     * The most bytes of blocks this pool keeps.
     *
     * @return the bound given at construction
     */
    long maxIdleBytes() {
        return maxIdleBytes;
    }
}
