// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.type;

/**
 * One buffer of a physical layout: its kind and the width in bits of one element (1 for bitmaps and
 * booleans, 8 for raw bytes).
 *
 * @param kind what the buffer holds
 * @param bitWidth the width of one element in bits
 */
public record BufferSpec(BufferKind kind, int bitWidth) {
    /** A validity bitmap, one bit per slot. */
    public static final BufferSpec VALIDITY = new BufferSpec(BufferKind.VALIDITY, 1);
    /** The bytes of variable-size binary and utf8 values. */
    public static final BufferSpec DATA = new BufferSpec(BufferKind.DATA, 8);
    /** The 16-byte (128-bit) views of binary and utf8 view types. */
    public static final BufferSpec VIEWS = new BufferSpec(BufferKind.VIEWS, 128);
    /** Union type ids, one 8-bit signed integer per slot. */
    public static final BufferSpec TYPE_IDS = new BufferSpec(BufferKind.TYPE_IDS, 8);

    /**
     * A buffer of fixed-width values.
     *
     * @param bitWidth the width of one value in bits (1 for booleans)
     * @return the spec
     */
    public static BufferSpec values(int bitWidth) {
        return new BufferSpec(BufferKind.VALUES, bitWidth);
    }

    /**
     * A buffer of offsets.
     *
     * @param bitWidth 32 or 64
     * @return the spec
     */
    public static BufferSpec offsets(int bitWidth) {
        return new BufferSpec(BufferKind.OFFSETS, bitWidth);
    }

    /**
     * A buffer of list-view sizes.
     *
     * @param bitWidth 32 or 64
     * @return the spec
     */
    public static BufferSpec sizes(int bitWidth) {
        return new BufferSpec(BufferKind.SIZES, bitWidth);
    }
}
