// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.type;

/** The byte order of a schema's data (Schema.fbs {@code Endianness}). */
public enum Endianness {
    /** Little-endian: the least significant byte first; Arrow's usual order. */
    LITTLE,
    /** Big-endian: the most significant byte first. */
    BIG;

    /**
     * The byte order of the machine Quiver runs on.
     *
     * @return {@link #BIG} on a big-endian machine, {@link #LITTLE} otherwise
     */
    public static Endianness nativeOrder() {
        return java.nio.ByteOrder.nativeOrder() == java.nio.ByteOrder.BIG_ENDIAN ? BIG : LITTLE;
    }
}
