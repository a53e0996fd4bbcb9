// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.QuiverException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BufferAllocatorTest {

    @Test
    void everyAllocationIsAlignedPaddedAndZeroFilled() {
        try (ScopedAllocator allocator = BufferAllocator.scoped()) {
            long expected = 0;
            for (long size : new long[] {0, 1, 7, 63, 64, 65, 100, 1000, 4096, 100_001}) {
                ArrowBuffer buffer = allocator.allocate(size);
                assertEquals(size, buffer.byteSize());
                assertEquals(0, buffer.segment().address() % 64, "aligned for size " + size);
                for (long i = 0; i < size; i++) {
                    assertEquals(0, buffer.getByte(i));
                }
                expected += (size + 63) / 64 * 64;
                assertEquals(expected, allocator.allocatedBytes(), "padded to 64 for size " + size);
            }
        }
    }

    @Test
    void paddedRoundsUpToSixtyFour() {
        assertEquals(0, BufferAllocator.padded(0));
        assertEquals(64, BufferAllocator.padded(1));
        assertEquals(64, BufferAllocator.padded(64));
        assertEquals(128, BufferAllocator.padded(65));
    }

    @Test
    void closingReleasesEverythingAndLaterAccessThrows() {
        ScopedAllocator allocator = BufferAllocator.scoped();
        ArrowBuffer a = allocator.allocate(100);
        ArrowBuffer slice = allocator.allocate(200).slice(10, 20);
        a.setInt(0, 42);
        assertEquals(2, allocator.outstanding().size());
        assertEquals(List.of(128L, 256L), allocator.outstanding().stream().sorted().toList());
        allocator.close();
        assertEquals(0, allocator.allocatedBytes());
        assertTrue(allocator.outstanding().isEmpty());
        assertThrows(IllegalStateException.class, () -> a.getInt(0));
        assertThrows(IllegalStateException.class, () -> slice.getByte(0));
        assertThrows(QuiverException.class, () -> allocator.allocate(8));
        allocator.close();
    }

    @Test
    void releaseFreesOneBufferOnce() {
        try (ScopedAllocator allocator = BufferAllocator.scoped()) {
            ArrowBuffer kept = allocator.allocate(64);
            ArrowBuffer freed = allocator.allocate(64);
            allocator.release(freed.slice(0, 8));
            assertEquals(64, allocator.allocatedBytes());
            allocator.release(freed);
            assertEquals(64, allocator.allocatedBytes());
            assertThrows(IllegalStateException.class, () -> freed.getByte(0));
            kept.setByte(0, (byte) 1);
            assertEquals(1, kept.getByte(0));
        }
    }

    @Test
    void limitRefusesWithQuiverExceptionAndAllocatesNothing() {
        try (ScopedAllocator allocator = BufferAllocator.scoped(1000)) {
            allocator.allocate(900);
            MemoryLimitExceededException e =
                    assertThrows(MemoryLimitExceededException.class, () -> allocator.allocate(100));
            assertEquals(128, e.requested());
            assertEquals(960, e.allocated());
            assertEquals(1000, e.limit());
            assertEquals(960, allocator.allocatedBytes());
            assertTrue(e.getMessage().contains("1000"), e.getMessage());
        }
    }

    @Test
    void reallocateKeepsContentAndReleasesTheOldBuffer() {
        try (ScopedAllocator allocator = BufferAllocator.scoped()) {
            ArrowBuffer small = allocator.allocate(16);
            small.setLong(8, 0x0102030405060708L);
            ArrowBuffer grown = allocator.reallocate(small, 1000);
            assertEquals(0x0102030405060708L, grown.getLong(8));
            assertEquals(0, grown.getLong(16));
            assertEquals(1024, allocator.allocatedBytes());
            assertThrows(IllegalStateException.class, () -> small.getByte(0));
        }
    }

    @Test
    void managedAllocatorCountsAndFreesThroughTheGarbageCollector() throws InterruptedException {
        ManagedAllocator allocator = BufferAllocator.managed(1 << 20);
        List<ArrowBuffer> held = new ArrayList<>();
        held.add(allocator.allocate(1000));
        assertEquals(1024, allocator.allocatedBytes());
        assertThrows(MemoryLimitExceededException.class, () -> allocator.allocate(1 << 20));
        held.clear();
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (allocator.allocatedBytes() != 0 && System.nanoTime() < deadline) {
            System.gc();
            Thread.sleep(20);
        }
        assertEquals(0, allocator.allocatedBytes());
    }

    @Test
    void managedAllocatorCollectsUnreachableBuffersBeforeRefusing() {
        ManagedAllocator allocator = BufferAllocator.managed(1 << 20);
        for (int i = 0; i < 20; i++) {
            ArrowBuffer buffer = allocator.allocate(600_000);
            buffer.setByte(0, (byte) i);
        }
        assertTrue(allocator.allocatedBytes() <= 1 << 20);
    }

    @Test
    void theSharedAllocatorRunsTheCollectorOnlyOnceItHoldsAHeapsWorth() {
        // Its threshold was once read before it was set (static fields initialize in order): the first
        // allocation of every process ran the collector and then waited a quarter of a second.
        assertTrue(ManagedAllocator.GLOBAL.collectionThreshold() >= Runtime.getRuntime().maxMemory());
    }
}
