// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.type;

/** The precision of a floating point type (Schema.fbs {@code Precision}). */
public enum Precision {
    /** IEEE 754 binary16, 16 bits. */
    HALF(16),
    /** IEEE 754 binary32, 32 bits (Java's {@code float}). */
    SINGLE(32),
    /** IEEE 754 binary64, 64 bits (Java's {@code double}). */
    DOUBLE(64);

    private final int bitWidth;

    Precision(int bitWidth) {
        this.bitWidth = bitWidth;
    }

    /**
     * The width of one value.
     *
     * @return 16, 32 or 64 bits
     */
    public int bitWidth() {
        return bitWidth;
    }
}
