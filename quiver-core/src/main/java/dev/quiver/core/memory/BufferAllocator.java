// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.memory;

import java.lang.foreign.MemorySegment;

/**
 * Hands out zero-filled buffers whose memory starts on a 64-byte boundary and is padded to a multiple
 * of 64 bytes, as the Arrow format recommends. Counts the bytes it has out, and refuses (with a
 * {@link MemoryLimitExceededException}, never an {@code OutOfMemoryError}) an allocation that would
 * pass its limit.
 *
 * <p>Three kinds: {@link #scoped()} is closed explicitly (try-with-resources) and frees all it handed
 * out; {@link #managed()} frees each buffer when the garbage collector finds it unreachable; and
 * {@link ManagedAllocator#arena()} lends the managed allocator's pooled memory until it is closed,
 * for memory with a known end.
 */
public sealed interface BufferAllocator permits ScopedAllocator, ManagedAllocator, ArenaAllocator {
    /** Alignment and padding of every allocation, in bytes. */
    long ALIGNMENT = 64;

    /**
     * A zero-filled buffer of exactly {@code size} bytes on memory that is 64-byte aligned and padded.
     * The padded size counts toward {@link #allocatedBytes()} and the limit.
     *
     * @param size the size in bytes, 0 or more
     * @return a writable buffer of {@code size} bytes
     * @throws IllegalArgumentException if {@code size} is negative
     * @throws MemoryLimitExceededException if the padded size would take this allocator past its limit
     * @throws dev.quiver.core.QuiverException if the allocator is closed, or the system cannot provide
     *     the memory
     */
    ArrowBuffer allocate(long size);

    /**
     * A buffer of exactly {@code size} bytes, like {@link #allocate}, whose contents are unspecified until
     * written: for a caller that writes every byte it hands on before anything reads it (a decompressor,
     * a copy). The padding after {@code size} is zero. The managed allocator may hand out memory of a
     * buffer no longer reachable here without zero-filling it again; the default is {@link #allocate}.
     *
     * @param size the size in bytes, 0 or more
     * @return a writable buffer of {@code size} bytes
     * @throws IllegalArgumentException if {@code size} is negative
     * @throws MemoryLimitExceededException if the padded size would take this allocator past its limit
     * @throws dev.quiver.core.QuiverException if the allocator is closed, or the system cannot provide
     *     the memory
     */
    default ArrowBuffer allocateForOverwrite(long size) {
        return allocate(size);
    }

    /**
     * A buffer of {@code newSize} bytes holding the first bytes of {@code buffer} (as many as fit), the
     * rest zero; {@code buffer} is released. Builders grow this way without holding both.
     *
     * @param buffer a buffer of this allocator (or wrapped memory, which is copied and left alone)
     * @param newSize the size of the new buffer in bytes, 0 or more
     * @return a new buffer of {@code newSize} bytes
     * @throws IllegalArgumentException if {@code newSize} is negative
     * @throws MemoryLimitExceededException if the new buffer would take this allocator past its limit;
     *     {@code buffer} is then left as it was
     * @throws dev.quiver.core.QuiverException if the allocator is closed, or the system cannot provide
     *     the memory
     */
    default ArrowBuffer reallocate(ArrowBuffer buffer, long newSize) {
        ArrowBuffer grown = allocate(newSize);
        MemorySegment.copy(buffer.segment(), 0, grown.segment(), 0, Math.min(buffer.byteSize(), newSize));
        release(buffer);
        return grown;
    }

    /**
     * Frees the memory of a buffer this allocator handed out (slices of it included). Releasing twice,
     * releasing wrapped memory or a buffer of another allocator, does nothing. Access to released memory
     * throws {@link IllegalStateException}.
     *
     * @param buffer a buffer this allocator handed out, or a slice of one
     */
    void release(ArrowBuffer buffer);

    /**
     * The memory in use.
     *
     * @return the bytes handed out and not yet released (or, for a managed allocator, not yet collected),
     *     padding included
     */
    long allocatedBytes();

    /**
     * The most memory this allocator may have out at once.
     *
     * @return the limit in bytes, padding included; {@link Long#MAX_VALUE} for no limit
     */
    long limit();

    /**
     * A scoped allocator with no limit.
     *
     * @return a new allocator, to be closed
     */
    static ScopedAllocator scoped() {
        return new ScopedAllocator(Long.MAX_VALUE);
    }

    /**
     * A scoped allocator that refuses to have more than {@code limitBytes} out.
     *
     * @param limitBytes the limit in bytes, padding included, 0 or more
     * @return a new allocator, to be closed
     * @throws IllegalArgumentException if {@code limitBytes} is negative
     */
    static ScopedAllocator scoped(long limitBytes) {
        return new ScopedAllocator(limitBytes);
    }

    /**
     * The process-wide garbage-collected allocator, with no limit.
     *
     * @return the one shared instance
     */
    static ManagedAllocator managed() {
        return ManagedAllocator.GLOBAL;
    }

    /**
     * A garbage-collected allocator of its own with a byte limit.
     *
     * @param limitBytes the limit in bytes, padding included, 0 or more
     * @return a new allocator
     * @throws IllegalArgumentException if {@code limitBytes} is negative
     */
    static ManagedAllocator managed(long limitBytes) {
        return new ManagedAllocator(limitBytes);
    }

    /**
     * Rounds a size up to a multiple of {@link #ALIGNMENT}.
     *
     * @param size a size in bytes, 0 or more
     * @return the smallest multiple of 64 that is not less than {@code size}
     */
    static long padded(long size) {
        return (size + ALIGNMENT - 1) & -ALIGNMENT;
    }
}
