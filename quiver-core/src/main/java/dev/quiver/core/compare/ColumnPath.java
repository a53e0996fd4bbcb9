// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.compare;

import java.util.ArrayList;
import java.util.List;

/**
 * A column path (field names joined by dots) for messages, built once per field rather than once per
 * compared value: each path keeps the children asked of it, and renders itself only when printed.
 */
final class ColumnPath {
    private final ColumnPath parent;
    private final String name;
    private final List<ColumnPath> children = new ArrayList<>(1);

    ColumnPath(String name) {
        this(null, name);
    }

    private ColumnPath(ColumnPath parent, String name) {
        this.parent = parent;
        this.name = name;
    }

    /** The path of child {@code childName} (the same object each time it is asked for). */
    ColumnPath child(String childName) {
        for (ColumnPath child : children) {
            if (child.name.equals(childName)) {
                return child;
            }
        }
        ColumnPath child = new ColumnPath(this, childName);
        children.add(child);
        return child;
    }

    @Override
    public String toString() {
        return parent == null ? name : parent + "." + name;
    }
}
