// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.builder.UnionBuilder;

/**
 * A value together with the union type id that selects its child: what {@link UnionBuilder} takes to
 * place a value in a given child, and what {@link UnionArray#getUnionValue} returns. (A union's
 * {@link UnionArray#getObject} returns the plain child value, as for every nested type.)
 */
public record UnionValue(int typeId, Object value) {
    public UnionValue {
        if (typeId < 0 || typeId > 127) {
            throw new IllegalArgumentException("union type id " + typeId + " is outside 0..127");
        }
    }
}
