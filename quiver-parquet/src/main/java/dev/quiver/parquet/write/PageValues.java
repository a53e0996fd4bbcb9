// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.write;

import java.util.Arrays;

/**
 * The dense physical values of a page being filled: fixed-width values one after the other in their PLAIN
 * form (booleans one byte each), byte arrays as bytes with offsets.
 */
public final class PageValues {
    /** The values' bytes. */
    final ByteSink bytes = new ByteSink(4096);
    /** Byte arrays only: value {@code i} is {@code bytes[offsets[i], offsets[i + 1])}. */
    int[] offsets = new int[1025];
    /** The number of values. */
    int count;

    /** An empty one. */
    public PageValues() {
    }

    /**
     * The number of values.
     *
     * @return the count
     */
    public int count() {
        return count;
    }

    /**
     * The values' bytes.
     *
     * @return the sink holding them
     */
    public ByteSink bytes() {
        return bytes;
    }

    /**
     * The byte arrays' offsets.
     *
     * @return the offsets, {@code count() + 1} of them in use
     */
    public int[] offsets() {
        return offsets;
    }

    /** Ends a byte array value whose bytes were just appended. */
    void endByteArray() {
        if (count + 2 > offsets.length) {
            offsets = Arrays.copyOf(offsets, offsets.length * 2);
        }
        offsets[++count] = bytes.size();
    }

    /** Forgets the values. */
    void clear() {
        bytes.reset();
        count = 0;
    }
}
