// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.type;

/**
 * One buffer of a physical layout: its kind and the width in bits of one element (1 for bitmaps and
 * booleans, 8 for raw bytes).
 */
public record BufferSpec(BufferKind kind, int bitWidth) {
    public static final BufferSpec VALIDITY = new BufferSpec(BufferKind.VALIDITY, 1);
    public static final BufferSpec DATA = new BufferSpec(BufferKind.DATA, 8);
    public static final BufferSpec VIEWS = new BufferSpec(BufferKind.VIEWS, 128);
    public static final BufferSpec TYPE_IDS = new BufferSpec(BufferKind.TYPE_IDS, 8);

    public static BufferSpec values(int bitWidth) {
        return new BufferSpec(BufferKind.VALUES, bitWidth);
    }

    public static BufferSpec offsets(int bitWidth) {
        return new BufferSpec(BufferKind.OFFSETS, bitWidth);
    }

    public static BufferSpec sizes(int bitWidth) {
        return new BufferSpec(BufferKind.SIZES, bitWidth);
    }
}
