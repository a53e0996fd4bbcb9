// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.compare;

import dev.quiver.core.memory.LittleEndian;
import java.lang.foreign.MemorySegment;

/**
 * An open-addressing set of byte strings kept in one byte array, probed with slices of a values segment (no copy
 * per probe), for is_in over binary and string values.
 */
final class BytesSet {
    private final int[] slots;
    private final int[] hashes;
    private final int mask;
    private final MemorySegment store;
    private final long[] starts;
    private final long[] ends;
    private int count;
    private long used;

    BytesSet(int expected, long totalBytes) {
        int capacity = Integer.highestOneBit(Math.max(4, expected * 2 + 1)) << 1;
        slots = new int[capacity];
        hashes = new int[capacity];
        java.util.Arrays.fill(slots, -1);
        mask = capacity - 1;
        store = MemorySegment.ofArray(new byte[(int) totalBytes]);
        starts = new long[Math.max(1, expected)];
        ends = new long[Math.max(1, expected)];
    }

    static int hash(MemorySegment s, long from, long to) {
        int h = (int) (to - from);
        long i = from;
        for (; i + 8 <= to; i += 8) {
            long w = s.get(LittleEndian.LONG, i) * 0x9E3779B97F4A7C15L;
            h = h * 31 + (int) (w ^ (w >>> 32));
        }
        for (; i < to; i++) {
            h = h * 31 + s.get(LittleEndian.BYTE, i);
        }
        return h ^ (h >>> 16);
    }

    void add(MemorySegment s, long from, long to) {
        int h = hash(s, from, to);
        int at = h & mask;
        while (slots[at] >= 0) {
            if (hashes[at] == h && equal(slots[at], s, from, to)) {
                return;
            }
            at = (at + 1) & mask;
        }
        long len = to - from;
        MemorySegment.copy(s, from, store, used, len);
        starts[count] = used;
        ends[count] = used + len;
        used += len;
        slots[at] = count++;
        hashes[at] = h;
    }

    boolean contains(MemorySegment s, long from, long to) {
        int h = hash(s, from, to);
        int at = h & mask;
        while (slots[at] >= 0) {
            if (hashes[at] == h && equal(slots[at], s, from, to)) {
                return true;
            }
            at = (at + 1) & mask;
        }
        return false;
    }

    private boolean equal(int k, MemorySegment s, long from, long to) {
        return ends[k] - starts[k] == to - from && MemorySegment.mismatch(store, starts[k], ends[k], s, from, to) < 0;
    }
}
