// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class BufferPoolTest {
    private static MemorySegment block(int sizeClass) {
        return Arena.ofAuto().allocate(BufferPool.classSize(sizeClass), 64);
    }

    @Test
    void sizeClassesCoverEverySizeWithAtMostAQuarterToSpare() {
        assertEquals(-1, BufferPool.sizeClass(0));
        assertEquals(-1, BufferPool.sizeClass(BufferPool.MIN_POOLED));
        assertEquals(-1, BufferPool.sizeClass(BufferPool.MAX_POOLED + 1));
        int previous = -1;
        for (long size = BufferPool.MIN_POOLED + 1; size <= BufferPool.MAX_POOLED; size += 64 + size / 7) {
            int c = BufferPool.sizeClass(size);
            long block = BufferPool.classSize(c);
            assertTrue(block >= size, "class " + c + " of " + block + " bytes holds " + size);
            assertTrue(block <= size + size / 4 + 64, "class " + c + " of " + block + " bytes for " + size);
            assertEquals(0, block % 64);
            assertTrue(c >= previous, "classes grow with the size");
            assertTrue(c == 0 || BufferPool.classSize(c - 1) < size, "the smallest class that fits " + size);
            previous = c;
        }
        assertEquals(BufferPool.MAX_POOLED, BufferPool.classSize(BufferPool.sizeClass(BufferPool.MAX_POOLED)));
    }

    @Test
    void aBlockGivenBackIsTakenOnceByItsClassOnly() {
        BufferPool pool = new BufferPool(1 << 20);
        int c = BufferPool.sizeClass(100_000);
        MemorySegment b = block(c);
        pool.lend(c);
        assertEquals(b.byteSize(), pool.lentBytes());
        assertTrue(pool.give(c, b));
        assertEquals(0, pool.lentBytes());
        assertEquals(b.byteSize(), pool.idleBytes());
        assertNull(pool.take(c + 1));
        assertSame(b, pool.take(c));
        assertNull(pool.take(c), "a block is handed out once");
        assertEquals(0, pool.idleBytes());
    }

    @Test
    void droppingIdleBlocksEmptiesEveryClassAndKeepsTheLentCount() {
        BufferPool pool = new BufferPool(1 << 20);
        int small = BufferPool.sizeClass(100_000);
        int large = BufferPool.sizeClass(400_000);
        pool.lend(small);
        pool.lend(large);
        pool.lend(large);
        assertTrue(pool.give(small, block(small)));
        assertTrue(pool.give(large, block(large)));
        pool.dropIdle();
        assertEquals(0, pool.idleBytes());
        assertNull(pool.take(small));
        assertNull(pool.take(large));
        assertEquals(BufferPool.classSize(large), pool.lentBytes(), "the block still lent stays counted");
    }

    @Test
    void blocksPastTheBoundAreDropped() {
        int c = BufferPool.sizeClass(300_000);
        long size = BufferPool.classSize(c);
        BufferPool pool = new BufferPool(2 * size + 1);
        for (int i = 0; i < 3; i++) {
            pool.lend(c);
        }
        assertTrue(pool.give(c, block(c)));
        assertTrue(pool.give(c, block(c)));
        assertFalse(pool.give(c, block(c)), "the third would pass the bound");
        assertEquals(2 * size, pool.idleBytes());
        assertEquals(0, pool.lentBytes(), "a dropped block is no longer lent either");
        assertFalse(new BufferPool(0).give(c, block(c)));
    }

    @Test
    void refusesABlockOfAnotherSizeAndANegativeBound() {
        BufferPool pool = new BufferPool(1 << 20);
        int c = BufferPool.sizeClass(50_000);
        assertThrows(IllegalArgumentException.class, () -> pool.give(c, block(c + 1)));
        assertThrows(IllegalArgumentException.class, () -> new BufferPool(-1));
    }

    @Test
    void concurrentTakersNeverShareABlock() throws Exception {
        int c = BufferPool.sizeClass(40_000);
        BufferPool pool = new BufferPool(8 * BufferPool.classSize(c));
        for (int i = 0; i < 8; i++) {
            pool.lend(c);
            pool.give(c, block(c));
        }
        Map<Long, Boolean> inUse = new ConcurrentHashMap<>();
        AtomicInteger shared = new AtomicInteger();
        ExecutorService threads = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                done.add(threads.submit(() -> {
                    for (int i = 0; i < 20_000; i++) {
                        MemorySegment b = pool.take(c);
                        if (b == null) {
                            continue;
                        }
                        pool.lend(c);
                        if (inUse.putIfAbsent(b.address(), Boolean.TRUE) != null) {
                            shared.incrementAndGet();
                        }
                        inUse.remove(b.address());
                        pool.give(c, b);
                    }
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            threads.shutdown();
        }
        assertEquals(0, shared.get(), "no block was held by two threads at once");
        assertEquals(8 * BufferPool.classSize(c), pool.idleBytes());
        assertEquals(0, pool.lentBytes());
    }
}
