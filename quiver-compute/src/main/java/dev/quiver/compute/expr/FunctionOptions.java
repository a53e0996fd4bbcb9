// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.expr;

import dev.quiver.compute.cast.CastOptions;
import dev.quiver.core.type.ArrowType;
import java.util.List;

/** The options some functions take beyond their arguments. */
public sealed interface FunctionOptions {
    /**
     * The value set of {@code is_in}.
     *
     * @param values the members, as Java values (cast to the tested value's type when bound)
     */
    record ValueSet(List<Object> values) implements FunctionOptions {
        /**
         * Copies the members (nulls allowed).
         *
         * @param values the members
         */
        public ValueSet {
            values = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(values));
        }
    }

    /**
     * The target of {@code cast}.
     *
     * @param type the type cast to
     * @param options what the cast may lose
     */
    record CastTarget(ArrowType type, CastOptions options) implements FunctionOptions {
    }
}
