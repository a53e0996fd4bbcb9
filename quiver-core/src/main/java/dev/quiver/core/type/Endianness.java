// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.type;

/** The byte order of a schema's data (Schema.fbs {@code Endianness}). */
public enum Endianness {
    LITTLE, BIG;

    /** The byte order of the machine Quiver runs on. */
    public static Endianness nativeOrder() {
        return java.nio.ByteOrder.nativeOrder() == java.nio.ByteOrder.BIG_ENDIAN ? BIG : LITTLE;
    }
}
