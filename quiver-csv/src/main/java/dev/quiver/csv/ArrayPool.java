// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Heap arrays of the column parsers kept from one block to the next, so a block's values make no new
 * arrays once the first blocks are parsed (less garbage: the heap of a long conversion stays small).
 * Arrays come in powers of two; their content is whatever the last user left. Thread-safe.
 */
final class ArrayPool {
    private static final int CLASSES = 32;
    private static final int KEPT_PER_CLASS = 64;

    @SuppressWarnings("unchecked")
    private final ConcurrentLinkedQueue<byte[]>[] bytes = new ConcurrentLinkedQueue[CLASSES];
    @SuppressWarnings("unchecked")
    private final ConcurrentLinkedQueue<long[]>[] longs = new ConcurrentLinkedQueue[CLASSES];

    ArrayPool() {
        for (int c = 0; c < CLASSES; c++) {
            bytes[c] = new ConcurrentLinkedQueue<>();
            longs[c] = new ConcurrentLinkedQueue<>();
        }
    }

    /** The size class of arrays of at least {@code n} elements: the exponent of the next power of two. */
    private static int sizeClass(int n) {
        return n <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(n - 1);
    }

    /** A byte array of at least {@code n} bytes, of unknown content. */
    byte[] bytes(int n) {
        int c = sizeClass(n);
        if (c >= CLASSES - 1) {
            return new byte[n];
        }
        byte[] kept = bytes[c].poll();
        return kept != null ? kept : new byte[1 << c];
    }

    /** A long array of at least {@code n} elements, of unknown content. */
    long[] longs(int n) {
        int c = sizeClass(n);
        if (c >= CLASSES - 1) {
            return new long[n];
        }
        long[] kept = longs[c].poll();
        return kept != null ? kept : new long[1 << c];
    }

    /** Takes back an array no longer used. */
    void give(byte[] array) {
        int c = sizeClass(array.length);
        if (array.length == 1 << c && c < CLASSES - 1 && bytes[c].size() < KEPT_PER_CLASS) {
            bytes[c].add(array);
        }
    }

    /** Takes back an array no longer used. */
    void give(long[] array) {
        int c = sizeClass(array.length);
        if (array.length == 1 << c && c < CLASSES - 1 && longs[c].size() < KEPT_PER_CLASS) {
            longs[c].add(array);
        }
    }
}
