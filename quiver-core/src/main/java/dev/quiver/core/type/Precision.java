// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.type;

/** The precision of a floating point type (Schema.fbs {@code Precision}). */
public enum Precision {
    HALF(16), SINGLE(32), DOUBLE(64);

    private final int bitWidth;

    Precision(int bitWidth) {
        this.bitWidth = bitWidth;
    }

    public int bitWidth() {
        return bitWidth;
    }
}
