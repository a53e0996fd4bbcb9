// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.write;

import dev.quiver.core.array.ArrayData;

/**
 * The level entries of one leaf column over some rows: per entry its definition and repetition level, and for
 * entries defined down to the leaf the slot of the leaf array holding the value.
 *
 * @param count the number of entries
 * @param def the definition levels, or {@code null} when the leaf's maximum is 0 (all entries have level 0)
 * @param rep the repetition levels, or {@code null} when the leaf's maximum is 0
 * @param positions the leaf slot per entry ({@code -1} for an entry that ends above the leaf), or {@code null}
 *     when every entry {@code i} is defined and holds slot {@code firstPosition + i}
 * @param firstPosition the first slot when {@code positions} is null
 * @param leaf the leaf array the slots index (its logical slots: its own offset is not included)
 * @param values the number of entries defined down to the leaf
 */
public record Levels(int count, int[] def, int[] rep, int[] positions, long firstPosition, ArrayData leaf,
        int values) {
    /**
     * The leaf slot of entry {@code i}.
     *
     * @param i the entry
     * @return the slot, or {@code -1} when the entry ends above the leaf
     */
    public long position(int i) {
        return positions == null ? firstPosition + i : positions[i];
    }
}
