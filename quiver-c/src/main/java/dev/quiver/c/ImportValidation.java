// SPDX-License-Identifier: Apache-2.0
package dev.quiver.c;

/** How much of imported data is checked before it is handed out. */
public enum ImportValidation {
    /**
     * The structure only (always done): buffer and child counts, lengths and sizes, as
     * {@link dev.quiver.core.array.ArrayData#validate()} checks them. Reads never leave the buffers.
     */
    STRUCTURAL,
    /**
     * Every invariant of the spec as {@link dev.quiver.core.array.Array#validateFull()} checks them
     * (offsets, UTF-8, views, type ids, run ends, dictionary indices, null counts): for untrusted producers.
     */
    FULL
}
