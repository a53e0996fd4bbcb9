// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.expr;

import java.util.List;

/**
 * A column of the batch, or with a longer path a field inside struct columns ({@code a.b.c}).
 *
 * @param path the column name, then the names of nested struct fields
 */
public record FieldRef(List<String> path) implements Expression {
    /**
     * Checks and copies the path.
     *
     * @param path the names, at least one
     */
    public FieldRef {
        path = List.copyOf(path);
        if (path.isEmpty()) {
            throw new IllegalArgumentException("a field reference needs a name");
        }
    }

    /**
     * The path as written in the text syntax.
     *
     * @return the names joined by dots
     */
    public String name() {
        return String.join(".", path);
    }

    @Override
    public String toString() {
        return name();
    }
}
