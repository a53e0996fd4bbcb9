// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.write;

import java.util.Arrays;

/** A growable list of ints (levels and dictionary indices of a page being filled). */
public final class IntList {
    private int[] values = new int[1024];
    private int size;

    /** An empty one. */
    public IntList() {
    }

    /**
     * The number of ints.
     *
     * @return the size
     */
    public int size() {
        return size;
    }

    /**
     * The backing array: its first {@link #size()} ints are the content.
     *
     * @return the array
     */
    public int[] array() {
        return values;
    }

    /**
     * Appends an int.
     *
     * @param v the int
     */
    public void add(int v) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = v;
    }

    /**
     * Appends ints of an array.
     *
     * @param src the array
     * @param from the first
     * @param to one past the last
     */
    public void addAll(int[] src, int from, int to) {
        int n = to - from;
        if (size + n > values.length) {
            values = Arrays.copyOf(values, Math.max(size + n, size * 2));
        }
        System.arraycopy(src, from, values, size, n);
        size += n;
    }

    /**
     * Appends an int {@code n} times.
     *
     * @param v the int
     * @param n the count
     */
    public void fill(int v, int n) {
        if (size + n > values.length) {
            values = Arrays.copyOf(values, Math.max(size + n, size * 2));
        }
        Arrays.fill(values, size, size + n, v);
        size += n;
    }

    /** Empties the list, keeping its capacity. */
    public void clear() {
        size = 0;
    }
}
