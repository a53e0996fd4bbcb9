// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quiver.core.QuiverException;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

/** {@link ArenaAllocator}: pooled blocks lent until close, then reused at once (module native access required). */
class ArenaAllocatorTest {
    private static final long SIZE = 200_000;

    @Test
    void closingGivesTheBlocksBackAndTheNextBufferOfTheirSizeReusesOne() {
        BufferPool pool = new BufferPool(1 << 24);
        ManagedAllocator source = new ManagedAllocator(Long.MAX_VALUE);
        Set<Long> addresses;
        try (ArenaAllocator memory = new ArenaAllocator(source, pool)) {
            ArrowBuffer a = memory.allocateForOverwrite(SIZE);
            ArrowBuffer b = memory.allocateForOverwrite(SIZE + 3);
            a.segment().fill((byte) 0x5A);
            addresses = Set.of(a.segment().address(), b.segment().address());
            assertEquals(0, a.segment().address() % 64);
            assertEquals(BufferAllocator.padded(SIZE) + BufferAllocator.padded(SIZE + 3), source.allocatedBytes());
            assertEquals(2 * BufferPool.classSize(BufferPool.sizeClass(BufferAllocator.padded(SIZE))),
                    pool.lentBytes());
            assertEquals(0, b.segment().reinterpret(BufferAllocator.padded(SIZE + 3)).get(LittleEndian.BYTE, SIZE + 3),
                    "the padding is zero");
        }
        assertEquals(0, source.allocatedBytes(), "nothing counts once closed");
        assertEquals(0, pool.lentBytes());
        assertEquals(2 * BufferPool.classSize(BufferPool.sizeClass(BufferAllocator.padded(SIZE))), pool.idleBytes());
        try (ArenaAllocator memory = new ArenaAllocator(source, pool)) {
            ArrowBuffer again = memory.allocateForOverwrite(SIZE - 10);
            ArrowBuffer other = memory.allocateForOverwrite(SIZE + 100);
            assertEquals(addresses, Set.of(again.segment().address(), other.segment().address()),
                    "the blocks given back, not fresh memory");
            assertEquals(0, pool.idleBytes());
        }
    }

    @Test
    void aBufferUsedAfterTheCloseThrowsInsteadOfReadingReusedMemory() {
        ArrowBuffer kept;
        ArrowBuffer slice;
        try (ArenaAllocator memory = BufferAllocator.managed().arena()) {
            kept = memory.allocateForOverwrite(SIZE);
            kept.setLong(0, 7);
            slice = kept.slice(8, 64);
            assertEquals(7, kept.getLong(0));
        }
        assertThrows(IllegalStateException.class, () -> kept.getLong(0));
        assertThrows(IllegalStateException.class, () -> slice.getByte(0));
    }

    @Test
    void allocateIsZeroFilledAndSmallOrUnpooledSizesWorkToo() {
        try (ArenaAllocator memory = new ArenaAllocator(new ManagedAllocator(Long.MAX_VALUE), new BufferPool(1 << 24))) {
            for (long size : new long[] {0, 1, 100, SIZE, BufferPool.MAX_POOLED + 1}) {
                ArrowBuffer zeroed = memory.allocate(size);
                assertEquals(size, zeroed.byteSize());
                for (long i = 0; i < size; i += 4093) {
                    assertEquals(0, zeroed.getByte(i), "byte " + i + " of " + size);
                }
                ArrowBuffer overwrite = memory.allocateForOverwrite(size);
                assertEquals(size, overwrite.byteSize());
                assertEquals(0, overwrite.segment().address() % 64);
            }
        }
    }

    @Test
    void otherThreadsMayNotReadAllocateOrCloseAConfinedArena() throws Exception {
        try (ArenaAllocator memory = BufferAllocator.managed().arena()) {
            ArrowBuffer b = memory.allocateForOverwrite(SIZE);
            b.setLong(16, 99);
            for (Runnable use : new Runnable[] {() -> b.getLong(16), () -> memory.allocateForOverwrite(SIZE),
                    () -> memory.allocate(8), memory::close}) {
                ExecutionException e = assertThrows(ExecutionException.class, () -> CompletableFuture.runAsync(use).get());
                assertInstanceOf(WrongThreadException.class, e.getCause());
            }
            assertEquals(99L, b.getLong(16), "still open and readable on its own thread");
        }
    }

    @Test
    void aClosedAllocatorRefusesToAllocateAndClosingTwiceDoesNothing() {
        ArenaAllocator memory = BufferAllocator.managed().arena();
        memory.close();
        memory.close();
        assertThrows(QuiverException.class, () -> memory.allocateForOverwrite(10));
        assertThrows(IllegalArgumentException.class, () -> BufferAllocator.managed().arena().allocate(-1));
    }

    @Test
    void theLimitOfTheSourceHolds() {
        ManagedAllocator limited = new ManagedAllocator(1 << 20);
        try (ArenaAllocator memory = new ArenaAllocator(limited, new BufferPool(1 << 24))) {
            memory.allocateForOverwrite(600_000);
            assertThrows(MemoryLimitExceededException.class, () -> memory.allocateForOverwrite(600_000));
        }
        assertEquals(0, limited.allocatedBytes());
    }
}
