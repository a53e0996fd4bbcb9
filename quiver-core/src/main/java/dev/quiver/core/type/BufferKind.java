// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.type;

/** What one buffer of an array holds, in the terms of the spec's buffer listing table. */
public enum BufferKind {
    /** The validity bitmap: one bit per slot, LSB first, 1 = valid. */
    VALIDITY,
    /** Fixed-width values: bits for booleans, bytes otherwise. */
    VALUES,
    /** Offsets (32- or 64-bit) into the data buffer, the child array, or the union children. */
    OFFSETS,
    /** List-view sizes (32- or 64-bit). */
    SIZES,
    /** The bytes of variable-size binary and utf8 values. */
    DATA,
    /** The 16-byte views of binary and utf8 view arrays. */
    VIEWS,
    /** Union type ids, one signed byte per slot. */
    TYPE_IDS
}
