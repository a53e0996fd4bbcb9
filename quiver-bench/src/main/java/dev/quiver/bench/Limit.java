// SPDX-License-Identifier: Apache-2.0
package dev.quiver.bench;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * The limit of a benchmark: one {@link MemorySegment#copy} of as many bytes as the work handles,
 * between two native segments whose pages are already touched.
 */
public final class Limit {
    private final MemorySegment from;
    private final MemorySegment to;

    /** Two segments of {@code bytes} bytes each. */
    public Limit(long bytes) {
        this.from = Arena.ofAuto().allocate(Math.max(bytes, 1), 64);
        this.to = Arena.ofAuto().allocate(Math.max(bytes, 1), 64);
        from.fill((byte) 0x5A);
        to.fill((byte) 0);
    }

    /** Copies the bytes; returns a byte of the copy. */
    public byte copy() {
        MemorySegment.copy(from, 0, to, 0, from.byteSize());
        return to.get(java.lang.foreign.ValueLayout.JAVA_BYTE, to.byteSize() - 1);
    }

    /** How many bytes one copy moves. */
    public long bytes() {
        return from.byteSize();
    }
}
