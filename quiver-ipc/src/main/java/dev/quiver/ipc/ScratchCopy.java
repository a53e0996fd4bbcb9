// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * A native copy of bytes that a native codec must not read where they are (a file mapping, which may
 * shrink under it), in memory kept per thread and reused: no heap garbage and no fresh memory per
 * buffer. A copy is valid until the same thread asks for the next one. Copies of more than
 * {@link #MAX_KEPT} bytes get memory of their own, which is not kept.
 */
final class ScratchCopy {
    /** The most bytes of scratch memory one thread keeps. */
    static final long MAX_KEPT = 16L << 20;
    private static final ThreadLocal<MemorySegment> KEPT = new ThreadLocal<>();

    private ScratchCopy() {
    }

    /**
     * A copy of {@code source} in native memory; a fault reading a mapping surfaces here, in Java code,
     * as an {@link InternalError}.
     */
    static MemorySegment of(MemorySegment source) {
        long n = source.byteSize();
        MemorySegment scratch = KEPT.get();
        if (scratch == null || scratch.byteSize() < n) {
            long size = Math.max(n, scratch == null ? 0 : Math.min(2 * scratch.byteSize(), MAX_KEPT));
            scratch = Arena.ofAuto().allocate(Math.max(size, 1), 64);
            if (size <= MAX_KEPT) {
                KEPT.set(scratch);
            }
        }
        MemorySegment copy = scratch.asSlice(0, n);
        MemorySegment.copy(source, 0, copy, 0, n);
        return copy;
    }
}
