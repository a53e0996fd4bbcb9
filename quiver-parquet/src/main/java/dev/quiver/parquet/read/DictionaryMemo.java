// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.read;

import java.lang.foreign.MemorySegment;

/**
 * An open-addressing hash set over the values of a dictionary store, giving each distinct value its
 * index: for pages that fall back from dictionary encoding to plain values while the column is read as
 * a dictionary (new values are appended to the dictionary, as Arrow C++ does).
 */
final class DictionaryMemo {
    private final FixedValues fixed;
    private final BinaryValues binary;
    private int[] slots = new int[64];
    private int size;

    DictionaryMemo(FixedValues fixed, BinaryValues binary) {
        this.fixed = fixed;
        this.binary = binary;
        java.util.Arrays.fill(slots, -1);
        int n = fixed != null ? fixed.count : binary.count;
        for (int i = 0; i < n; i++) {
            insertExisting(i);
        }
    }

    private MemorySegment data() {
        return fixed != null ? fixed.segment() : binary.data.segment();
    }

    private long start(int i) {
        return fixed != null ? (long) i * fixed.width : binary.start(i);
    }

    private long length(int i) {
        return fixed != null ? fixed.width : binary.end(i) - binary.start(i);
    }

    private static int hash(MemorySegment s, long from, long length) {
        int h = 0x9747b28c;
        for (long k = 0; k < length; k++) {
            h = (h ^ s.get(java.lang.foreign.ValueLayout.JAVA_BYTE, from + k)) * 0x01000193;
        }
        return h ^ (h >>> 16);
    }

    private void insertExisting(int index) {
        if (find(data(), start(index), length(index)) >= 0) {
            return; // a repeated dictionary value: the first index stands for it
        }
        place(index);
    }

    private void place(int index) {
        if ((size + 1) * 2 > slots.length) {
            grow();
        }
        int mask = slots.length - 1;
        int at = hash(data(), start(index), length(index)) & mask;
        while (slots[at] >= 0) {
            at = (at + 1) & mask;
        }
        slots[at] = index;
        size++;
    }

    private void grow() {
        int[] old = slots;
        slots = new int[old.length * 2];
        java.util.Arrays.fill(slots, -1);
        size = 0;
        for (int index : old) {
            if (index >= 0) {
                place(index);
            }
        }
    }

    private int find(MemorySegment source, long from, long length) {
        int mask = slots.length - 1;
        int at = hash(source, from, length) & mask;
        MemorySegment data = data();
        while (slots[at] >= 0) {
            int i = slots[at];
            long s = start(i);
            if (length(i) == length && MemorySegment.mismatch(data, s, s + length, source, from, from + length) < 0) {
                return i;
            }
            at = (at + 1) & mask;
        }
        return -1;
    }

    /**
     * The index of a value, appended to the dictionary if new.
     *
     * @param source the value's bytes
     * @param from where they start
     * @param length how many
     * @return its dictionary index
     */
    int indexOf(MemorySegment source, long from, long length) {
        int found = find(source, from, length);
        if (found >= 0) {
            return found;
        }
        int index;
        if (fixed != null) {
            long at = fixed.reserve(1);
            MemorySegment.copy(source, from, fixed.segment(), at, length);
            fixed.commit(1);
            index = fixed.count - 1;
        } else {
            binary.ensure(1, length);
            binary.append(source, from, length);
            index = binary.count - 1;
        }
        place(index);
        return index;
    }
}
