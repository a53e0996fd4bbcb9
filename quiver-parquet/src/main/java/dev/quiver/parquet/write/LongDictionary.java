// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.write;

import java.util.Arrays;

/**
 * The distinct values of a 4- or 8-byte column chunk (INT32, INT64, FLOAT, DOUBLE, keyed by their bits, so
 * that {@code -0.0} and {@code 0.0} and NaNs of other bits stay apart) in the order first seen, with an
 * open-addressing table from value to index.
 */
public final class LongDictionary {
    private final int width;
    private long[] values = new long[64];
    private int size;
    private int[] slots = new int[128];
    private int mask = 127;

    /**
     * An empty dictionary.
     *
     * @param width the plain width of a value, 4 or 8 bytes
     */
    public LongDictionary(int width) {
        this.width = width;
    }

    /**
     * The index of a value, added at the end when new.
     *
     * @param v the value's bits (a 4-byte value in the low half)
     * @return its index
     */
    public int indexOf(long v) {
        int slot = mix(v) & mask;
        while (true) {
            int entry = slots[slot];
            if (entry == 0) {
                return add(v, slot);
            }
            if (values[entry - 1] == v) {
                return entry - 1;
            }
            slot = (slot + 1) & mask;
        }
    }

    private int add(long v, int slot) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size] = v;
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
            int slot = mix(values[i]) & mask;
            while (slots[slot] != 0) {
                slot = (slot + 1) & mask;
            }
            slots[slot] = i + 1;
        }
    }

    /** A finalizer that spreads every input bit over the low bits (values often share their low bits). */
    private static int mix(long v) {
        long h = (v ^ (v >>> 33)) * 0xFF51AFD7ED558CCDL;
        h = (h ^ (h >>> 33)) * 0xC4CEB9FE1A85EC53L;
        return (int) (h ^ (h >>> 33));
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
        return (long) size * width;
    }

    /**
     * Value {@code i}'s bits.
     *
     * @param i the index
     * @return the bits
     */
    public long value(int i) {
        return values[i];
    }

    /**
     * Appends the values PLAIN (little-endian, {@code width} bytes each).
     *
     * @param out where they go
     */
    public void writePlain(ByteSink out) {
        out.reserve(plainSize());
        for (int i = 0; i < size; i++) {
            if (width == 4) {
                out.writeIntLE((int) values[i]);
            } else {
                out.writeLongLE(values[i]);
            }
        }
    }
}
