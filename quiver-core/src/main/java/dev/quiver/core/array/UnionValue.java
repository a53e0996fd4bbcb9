// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.builder.UnionBuilder;

/**
 * A value together with the union type id that selects its child: what {@link UnionBuilder} takes to place a
 * value in a given child, and what {@link UnionArray#getUnionValue} returns. (A union's {@link
 * UnionArray#getObject} returns the plain child value, as for every nested type.)
 *
 * @param typeId the type id, from 0 to 127
 * @param value the value, as {@link Array#getObject} gives it; may be null
 */
public record UnionValue(int typeId, Object value) {
    /**
     * Checks the type id's range.
     *
     * @param typeId the type id, from 0 to 127
     * @param value the value; may be null
     * @throws IllegalArgumentException if the type id is outside 0..127
     */
    public UnionValue {
        if (typeId < 0 || typeId > 127) {
            throw new IllegalArgumentException("union type id " + typeId + " is outside 0..127");
        }
    }
}
