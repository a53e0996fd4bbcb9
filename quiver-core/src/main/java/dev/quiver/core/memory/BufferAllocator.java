// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.memory;

import java.lang.foreign.MemorySegment;

/**
 * Hands out zero-filled buffers whose memory starts on a 64-byte boundary and is padded to a multiple
 * of 64 bytes, as the Arrow format recommends. Counts the bytes it has out, and refuses (with a
 * {@link MemoryLimitExceededException}, never an {@code OutOfMemoryError}) an allocation that would
 * pass its limit.
 *
 * <p>Two kinds: {@link #scoped()} is closed explicitly (try-with-resources) and frees all it handed
 * out; {@link #managed()} frees each buffer when the garbage collector finds it unreachable.
 */
public sealed interface BufferAllocator permits ScopedAllocator, ManagedAllocator {
    /** Alignment and padding of every allocation, in bytes. */
    long ALIGNMENT = 64;

    /**
     * A zero-filled buffer of exactly {@code size} bytes on memory that is 64-byte aligned and padded.
     */
    ArrowBuffer allocate(long size);

    /**
     * A buffer of {@code newSize} bytes holding the first bytes of {@code buffer} (as many as fit), the
     * rest zero; {@code buffer} is released. Builders grow this way without holding both.
     */
    default ArrowBuffer reallocate(ArrowBuffer buffer, long newSize) {
        ArrowBuffer grown = allocate(newSize);
        MemorySegment.copy(buffer.segment(), 0, grown.segment(), 0, Math.min(buffer.byteSize(), newSize));
        release(buffer);
        return grown;
    }

    /**
     * Frees the memory of a buffer this allocator handed out (slices of it included). Releasing twice,
     * or releasing wrapped memory, does nothing. Access to released memory throws.
     */
    void release(ArrowBuffer buffer);

    /** Bytes handed out and not yet released, padding included. */
    long allocatedBytes();

    /** The most bytes this allocator may have out at once. */
    long limit();

    /** A scoped allocator with no limit. */
    static ScopedAllocator scoped() {
        return new ScopedAllocator(Long.MAX_VALUE);
    }

    /** A scoped allocator that refuses to have more than {@code limitBytes} out. */
    static ScopedAllocator scoped(long limitBytes) {
        return new ScopedAllocator(limitBytes);
    }

    /** The process-wide garbage-collected allocator, with no limit. */
    static ManagedAllocator managed() {
        return ManagedAllocator.GLOBAL;
    }

    /** A garbage-collected allocator of its own with a byte limit. */
    static ManagedAllocator managed(long limitBytes) {
        return new ManagedAllocator(limitBytes);
    }

    /** {@code size} rounded up to a multiple of {@link #ALIGNMENT}. */
    static long padded(long size) {
        return (size + ALIGNMENT - 1) & -ALIGNMENT;
    }
}
