// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * Native memory a writer compresses the buffers of one message into, kept and reused for the next
 * message: one slot per buffer position, grown as needed, so that buffers compressed at once (on several
 * threads) never share memory. Only for a writer that writes each message's body before it serializes
 * the next one.
 */
final class CompressionSlots {
    private final List<MemorySegment> slots = new ArrayList<>();

    /**
     * The memory of slot {@code index}, at least {@code bytes} long; its contents are what the last user
     * of the slot left.
     */
    synchronized MemorySegment slot(int index, long bytes) {
        while (slots.size() <= index) {
            slots.add(null);
        }
        MemorySegment slot = slots.get(index);
        if (slot == null || slot.byteSize() < bytes) {
            slot = Arena.ofAuto().allocate(Math.max(bytes, 64), 64);
            slots.set(index, slot);
        }
        return slot.asSlice(0, bytes);
    }
}
