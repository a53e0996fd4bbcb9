// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.memory;

import java.lang.foreign.Arena;

/**
 * One block handed out by a scoped allocator: its arena, its padded size, and whether it is freed. A block
 * may be held (exported memory a foreign consumer still reads): a free asked for while it is held happens
 * when the last hold is given up, and the owner is told then.
 */
final class Allocation {
    private final ScopedAllocator owner;
    private final Arena arena;
    private final long paddedSize;
    private int holds;
    private boolean freeAsked;
    private boolean freed;

    Allocation(ScopedAllocator owner, Arena arena, long paddedSize) {
        this.owner = owner;
        this.arena = arena;
        this.paddedSize = paddedSize;
    }

    ScopedAllocator owner() {
        return owner;
    }

    long paddedSize() {
        return paddedSize;
    }

    /** Frees the block once, or defers that while it is held; returns whether this call freed it. */
    boolean free() {
        synchronized (this) {
            if (freed || freeAsked) {
                return false;
            }
            if (holds > 0) {
                freeAsked = true;
                return false;
            }
            freed = true;
        }
        arena.close();
        return true;
    }

    /**
     * Keeps the block from being freed until {@link #unhold()}.
     *
     * @throws IllegalStateException if the block is already freed or its free was asked for
     */
    synchronized void hold() {
        if (freed || freeAsked) {
            throw new IllegalStateException("the buffer's memory is already released");
        }
        holds++;
    }

    /** Gives up one hold; the last one frees the block if a free was asked for meanwhile. */
    void unhold() {
        synchronized (this) {
            holds--;
            if (holds > 0 || !freeAsked || freed) {
                return;
            }
            freed = true;
        }
        arena.close();
        owner.freedLater(this);
    }
}
