// SPDX-License-Identifier: Apache-2.0
/**
 * Memory on the Foreign Function and Memory API: {@link dev.quiver.core.memory.ArrowBuffer} (bytes on
 * a {@link java.lang.foreign.MemorySegment}, little-endian), the allocators that hand buffers out,
 * bitmaps, and the growable buffers builders append to.
 *
 * <p>Two kinds of {@link dev.quiver.core.memory.BufferAllocator}. A scoped allocator frees everything
 * it handed out when it is closed, and can be given a byte limit:
 *
 * {@snippet :
 * try (ScopedAllocator allocator = BufferAllocator.scoped(64L << 20)) {   // at most 64 MiB out at once
 *     ArrowBuffer buffer = allocator.allocate(1000);   // zero-filled; 1024 bytes counted (64-byte padding)
 *     buffer.setInt(0, 42);                            // little-endian, at a byte offset
 *     int answer = buffer.getInt(0);
 * }                                                    // freed here; later access throws IllegalStateException
 * }
 *
 * <p>The managed allocator leaves freeing to the garbage collector, for code that does not want to
 * track lifetimes:
 *
 * {@snippet :
 * ArrowBuffer buffer = BufferAllocator.managed().allocate(1000);
 * }
 *
 * <p>An allocation past the limit ends in {@link dev.quiver.core.memory.MemoryLimitExceededException},
 * never in an {@link OutOfMemoryError}. Hot loops read a buffer's {@link
 * dev.quiver.core.memory.ArrowBuffer#segment() segment} directly with the layouts of
 * {@link dev.quiver.core.memory.LittleEndian}, which read little-endian at any alignment.
 */
package dev.quiver.core.memory;
