// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link ArrowBuffer#retain()}: held memory outlives release and close until the last hold goes. */
class RetainTest {
    @Test
    void aHeldBufferOutlivesItsAllocatorsCloseUntilTheLastHoldGoes() {
        ScopedAllocator allocator = BufferAllocator.scoped();
        ArrowBuffer buffer = allocator.allocate(100);
        buffer.setInt(0, 42);
        Runnable first = buffer.retain();
        Runnable second = buffer.slice(0, 8).retain();
        allocator.close();
        assertEquals(42, buffer.getInt(0), "still readable while held");
        assertEquals(128, allocator.allocatedBytes(), "and still counted");
        first.run();
        first.run();
        assertEquals(42, buffer.getInt(0), "one hold left");
        second.run();
        assertEquals(0, allocator.allocatedBytes());
        assertEquals(List.of(), allocator.outstanding());
        assertThrows(IllegalStateException.class, () -> buffer.getInt(0));
    }

    @Test
    void releaseWhileHeldIsDeferredAndAnUnheldBufferFreesAtOnce() {
        try (ScopedAllocator allocator = BufferAllocator.scoped()) {
            ArrowBuffer held = allocator.allocate(10);
            Runnable hold = held.retain();
            allocator.release(held);
            assertEquals(64, allocator.allocatedBytes());
            hold.run();
            assertEquals(0, allocator.allocatedBytes());
            ArrowBuffer free = allocator.allocate(10);
            free.retain().run();
            allocator.release(free);
            assertEquals(0, allocator.allocatedBytes());
        }
    }

    @Test
    void releasedMemoryCannotBeRetained() {
        ScopedAllocator allocator = BufferAllocator.scoped();
        ArrowBuffer buffer = allocator.allocate(10);
        allocator.close();
        assertThrows(IllegalStateException.class, buffer::retain);
    }

    @Test
    void wrappedMemoryIsKeptReachable() {
        ArrowBuffer wrapped = ArrowBuffer.wrap(new byte[] {1, 2});
        Runnable hold = wrapped.retain();
        hold.run();
        assertEquals(2, wrapped.getByte(1));
    }
}
