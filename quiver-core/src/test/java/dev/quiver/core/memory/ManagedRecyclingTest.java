// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/** {@link ManagedAllocator#allocateForOverwrite} with a pool of its own (module native access required). */
class ManagedRecyclingTest {
    private static final long SIZE = 200_000;

    /** Runs the collector until the condition holds; false if it still does not after many tries. */
    private static boolean collectUntil(BooleanSupplier condition) throws InterruptedException {
        for (int i = 0; i < 200 && !condition.getAsBoolean(); i++) {
            System.gc();
            Thread.sleep(10);
        }
        return condition.getAsBoolean();
    }

    @Test
    void aBufferIsAlignedPaddedAndCountedLikeAnAllocation() {
        BufferPool pool = new BufferPool(1 << 24);
        ManagedAllocator allocator = new ManagedAllocator(Long.MAX_VALUE);
        ArrowBuffer b = allocator.allocateForOverwrite(SIZE + 3, pool);
        assertEquals(SIZE + 3, b.byteSize());
        assertEquals(0, b.segment().address() % 64);
        assertEquals(BufferAllocator.padded(SIZE + 3), allocator.allocatedBytes());
        assertEquals(BufferPool.classSize(BufferPool.sizeClass(BufferAllocator.padded(SIZE + 3))), pool.lentBytes());
        b.setLong(SIZE - 5, 42);
        assertEquals(42, b.getLong(SIZE - 5));
    }

    @Test
    void theMemoryOfAnUnreachableBufferIsReusedWithZeroPadding() throws InterruptedException {
        BufferPool pool = new BufferPool(1 << 24);
        ManagedAllocator allocator = new ManagedAllocator(Long.MAX_VALUE);
        ArrowBuffer first = allocator.allocateForOverwrite(SIZE, pool);
        long address = first.segment().address();
        first.segment().fill((byte) 0x5A);
        first = null;
        assertTrue(collectUntil(() -> pool.idleBytes() > 0), "the block came back to the pool");
        assertEquals(0, allocator.allocatedBytes(), "its bytes no longer count");
        assertEquals(0, pool.lentBytes());
        ArrowBuffer second = allocator.allocateForOverwrite(SIZE - 10, pool);
        assertEquals(address, second.segment().address(), "the same block, not zero-filled again");
        assertEquals(0, pool.idleBytes());
        assertEquals(0x5A, second.getByte(0));
        long padded = BufferAllocator.padded(SIZE - 10);
        for (long i = SIZE - 10; i < padded; i++) {
            assertEquals(0, second.segment().reinterpret(padded).get(LittleEndian.BYTE, i), "padding byte " + i);
        }
    }

    @Test
    void aReachableBufferIsNeverHandedOutAgain() throws InterruptedException {
        BufferPool pool = new BufferPool(1 << 26);
        ManagedAllocator allocator = new ManagedAllocator(Long.MAX_VALUE);
        List<ArrowBuffer> kept = new ArrayList<>();
        Set<Long> keptAddresses = new HashSet<>();
        for (int round = 0; round < 20; round++) {
            ArrowBuffer k = allocator.allocateForOverwrite(SIZE, pool);
            k.segment().fill((byte) round);
            kept.add(k.slice(0, SIZE / 2));
            keptAddresses.add(k.segment().address());
            for (int i = 0; i < 10; i++) {
                ArrowBuffer dropped = allocator.allocateForOverwrite(SIZE, pool);
                assertTrue(!keptAddresses.contains(dropped.segment().address()), "a kept block lent again");
                dropped.segment().fill((byte) 0x77);
            }
            System.gc();
        }
        assertEquals(20, keptAddresses.size());
        for (int round = 0; round < kept.size(); round++) {
            ArrowBuffer k = kept.get(round);
            for (long i = 0; i < k.byteSize(); i += 997) {
                assertEquals((byte) round, k.getByte(i), "kept buffer " + round + " byte " + i);
            }
        }
        kept.clear();
        assertTrue(collectUntil(() -> pool.lentBytes() == 0), "every block came back once unreachable");
        assertEquals(0, allocator.allocatedBytes());
    }

    @Test
    void theLimitCountsPooledBuffers() {
        BufferPool pool = new BufferPool(1 << 24);
        ManagedAllocator allocator = new ManagedAllocator(3 * SIZE / 2);
        ArrowBuffer held = allocator.allocateForOverwrite(SIZE, pool);
        assertThrows(MemoryLimitExceededException.class, () -> allocator.allocateForOverwrite(SIZE, pool));
        assertEquals(BufferAllocator.padded(SIZE), allocator.allocatedBytes());
        assertNotEquals(0, held.byteSize());
    }

    @Test
    void withoutAPoolOrForSmallSizesItAllocatesZeroedMemory() {
        ManagedAllocator allocator = new ManagedAllocator(Long.MAX_VALUE);
        BufferPool pool = new BufferPool(1 << 24);
        for (ArrowBuffer b : List.of(allocator.allocateForOverwrite(SIZE, null), allocator.allocateForOverwrite(100, pool),
                allocator.allocateForOverwrite(SIZE, new BufferPool(0)))) {
            for (long i = 0; i < b.byteSize(); i += 61) {
                assertEquals(0, b.getByte(i));
            }
        }
        assertEquals(0, pool.lentBytes());
        assertThrows(IllegalArgumentException.class, () -> allocator.allocateForOverwrite(-1, pool));
    }
}
