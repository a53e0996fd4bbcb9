// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.write;

import dev.quiver.core.memory.LittleEndian;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/**
 * The distinct values of a BYTE_ARRAY or FIXED_LEN_BYTE_ARRAY column chunk in the order first seen, their bytes
 * kept one after the other, with an open-addressing table (XXH64 of the bytes) from value to index.
 */
public final class BytesDictionary {
    private final boolean fixed;
    private final ByteSink data = new ByteSink(1024);
    private int[] offsets = new int[65];
    private long[] hashes = new long[64];
    private int size;
    private int[] slots = new int[128];
    private int mask = 127;

    /**
     * An empty dictionary.
     *
     * @param fixed whether values are FIXED_LEN_BYTE_ARRAY (PLAIN without lengths)
     */
    public BytesDictionary(boolean fixed) {
        this.fixed = fixed;
    }

    /**
     * The index of a value, added at the end when new.
     *
     * @param src the value's bytes
     * @param offset the first byte
     * @param length the number of bytes
     * @return its index
     */
    public int indexOf(MemorySegment src, long offset, int length) {
        long hash = XxHash64.hash(src, offset, length);
        int slot = (int) (hash ^ (hash >>> 32)) & mask;
        while (true) {
            int entry = slots[slot];
            if (entry == 0) {
                return add(src, offset, length, hash, slot);
            }
            int i = entry - 1;
            if (hashes[i] == hash && offsets[i + 1] - offsets[i] == length
                    && equal(data.segment(), offsets[i], src, offset, length)) {
                return i;
            }
            slot = (slot + 1) & mask;
        }
    }

    /**
     * Whether {@code length} bytes are equal: short values by two overlapping reads of 8 or 4 bytes each (no
     * read past either value), longer ones by {@link MemorySegment#mismatch}.
     */
    static boolean equal(MemorySegment a, long aFrom, MemorySegment b, long bFrom, int length) {
        if (length >= 8) {
            if (length > 16) {
                return MemorySegment.mismatch(a, aFrom, aFrom + length, b, bFrom, bFrom + length) < 0;
            }
            long tail = length - 8;
            return a.get(LittleEndian.LONG, aFrom) == b.get(LittleEndian.LONG, bFrom)
                    && a.get(LittleEndian.LONG, aFrom + tail) == b.get(LittleEndian.LONG, bFrom + tail);
        }
        if (length >= 4) {
            long tail = length - 4;
            return a.get(LittleEndian.INT, aFrom) == b.get(LittleEndian.INT, bFrom)
                    && a.get(LittleEndian.INT, aFrom + tail) == b.get(LittleEndian.INT, bFrom + tail);
        }
        for (int k = 0; k < length; k++) {
            if (a.get(ValueLayout.JAVA_BYTE, aFrom + k) != b.get(ValueLayout.JAVA_BYTE, bFrom + k)) {
                return false;
            }
        }
        return true;
    }

    private int add(MemorySegment src, long offset, int length, long hash, int slot) {
        if (size == hashes.length) {
            hashes = Arrays.copyOf(hashes, size * 2);
            offsets = Arrays.copyOf(offsets, size * 2 + 1);
        }
        data.write(src, offset, length);
        hashes[size] = hash;
        offsets[size + 1] = data.size();
        slots[slot] = ++size;
        if (size * 2 > slots.length) {
            rehash();
        }
        return size - 1;
    }

    private void rehash() {
        slots = new int[slots.length * 2];
        mask = slots.length - 1;
        for (int i = 0; i < size; i++) {
            int slot = (int) (hashes[i] ^ (hashes[i] >>> 32)) & mask;
            while (slots[slot] != 0) {
                slot = (slot + 1) & mask;
            }
            slots[slot] = i + 1;
        }
    }

    /**
     * The number of distinct values.
     *
     * @return the size
     */
    public int size() {
        return size;
    }

    /**
     * The size of the dictionary page's PLAIN values.
     *
     * @return the bytes
     */
    public long plainSize() {
        return data.size() + (fixed ? 0L : 4L * size);
    }

    /**
     * The values' offsets into {@link #data()}: value {@code i} is {@code [offsets[i], offsets[i + 1])}.
     *
     * @return the offsets (at least {@code size() + 1} of them)
     */
    public int[] offsets() {
        return offsets;
    }

    /**
     * The values' bytes.
     *
     * @return the segment the offsets point into
     */
    public MemorySegment data() {
        return data.segment();
    }

    /**
     * Appends the values PLAIN.
     *
     * @param out where they go
     */
    public void writePlain(ByteSink out) {
        if (fixed) {
            out.write(data);
        } else {
            ByteArrayEncoders.plain(offsets, data.segment(), 0, size, out);
        }
    }
}
