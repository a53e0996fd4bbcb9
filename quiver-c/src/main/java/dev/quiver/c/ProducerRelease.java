// SPDX-License-Identifier: Apache-2.0
package dev.quiver.c;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * An imported structure moved into memory of our own (the spec lets a consumer move a structure: copy
 * it and mark the original released), and the call of its producer's release callback, made once. It
 * refers to nothing of the imported data, so a {@link java.lang.ref.Cleaner} may run it when that data
 * is unreachable.
 */
final class ProducerRelease implements Runnable {
    private final NativeBlocks arena = new NativeBlocks();
    private final MemorySegment struct;
    private final long releaseOffset;
    private final AtomicBoolean done = new AtomicBoolean();

    /** Moves the structure at {@code source}: copies it and sets the original's release to null. */
    ProducerRelease(MemorySegment source, StructLayout layout, long releaseOffset) {
        this.struct = arena.allocate(layout);
        this.releaseOffset = releaseOffset;
        MemorySegment.copy(source, 0, struct, 0, layout.byteSize());
        source.set(java.lang.foreign.ValueLayout.ADDRESS, releaseOffset, MemorySegment.NULL);
    }

    /** The moved structure. */
    MemorySegment struct() {
        return struct;
    }

    /** Whether the producer's release has been called. */
    boolean isReleased() {
        return done.get();
    }

    /** Calls the producer's release callback, the first time only, and frees the moved structure. */
    @Override
    public void run() {
        if (done.compareAndSet(false, true)) {
            try {
                long fn = CStructs.pointer(struct, releaseOffset);
                if (fn != 0) {
                    CStructs.callRelease(fn, struct);
                }
            } finally {
                arena.free();
            }
        }
    }
}
