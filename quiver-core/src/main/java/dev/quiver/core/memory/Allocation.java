// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.memory;

import java.lang.foreign.Arena;
import java.util.concurrent.atomic.AtomicBoolean;

/** One block handed out by a scoped allocator: its arena, its padded size, and whether it is freed. */
final class Allocation {
    private final ScopedAllocator owner;
    private final Arena arena;
    private final long paddedSize;
    private final AtomicBoolean released = new AtomicBoolean();

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

    /** Frees the block once; returns whether this call freed it. */
    boolean free() {
        if (!released.compareAndSet(false, true)) {
            return false;
        }
        arena.close();
        return true;
    }
}
