// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.compare;

/** An open-addressing set of longs (no boxing), for is_in over integer and temporal values. */
final class LongSet {
    private final long[] slots;
    private final boolean[] used;
    private final int mask;

    LongSet(int expected) {
        int capacity = Integer.highestOneBit(Math.max(4, expected * 2 + 1)) << 1;
        slots = new long[capacity];
        used = new boolean[capacity];
        mask = capacity - 1;
    }

    static int hash(long v) {
        long h = v * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 29));
    }

    void add(long v) {
        int at = hash(v) & mask;
        while (used[at]) {
            if (slots[at] == v) {
                return;
            }
            at = (at + 1) & mask;
        }
        used[at] = true;
        slots[at] = v;
    }

    boolean contains(long v) {
        int at = hash(v) & mask;
        while (used[at]) {
            if (slots[at] == v) {
                return true;
            }
            at = (at + 1) & mask;
        }
        return false;
    }
}
