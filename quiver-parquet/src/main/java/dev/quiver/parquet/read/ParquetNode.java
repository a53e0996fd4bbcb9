// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.read;

import dev.quiver.parquet.ParquetException;
import dev.quiver.parquet.format.Repetition;
import dev.quiver.parquet.format.SchemaElement;
import java.util.ArrayList;
import java.util.List;

/**
 * The Parquet schema as a tree (the footer holds it flattened, depth-first), with each leaf's levels.
 *
 * @param element the schema element
 * @param children the children of a group (empty for a leaf)
 * @param leaf the leaf's column, or null for a group
 */
record ParquetNode(SchemaElement element, List<ParquetNode> children, LeafColumn leaf) {
    /** The deepest nesting accepted (levels are kept in bytes). */
    static final int MAX_DEPTH = 100;

    boolean isLeaf() {
        return leaf != null;
    }

    String name() {
        return element.name();
    }

    int repetition() {
        return element.repetition() == null ? Repetition.REQUIRED : element.repetition();
    }

    /**
     * Builds the tree from the flattened schema.
     *
     * @param elements the footer's schema, the root first
     * @return the root
     * @throws ParquetException if the schema is malformed
     */
    static ParquetNode build(List<SchemaElement> elements) {
        if (elements.isEmpty()) {
            throw new ParquetException("the footer's schema is empty");
        }
        int[] next = {1};
        List<LeafColumn> leaves = new ArrayList<>();
        SchemaElement root = elements.get(0);
        int rootChildren = root.numChildren() == null ? 0 : root.numChildren();
        ParquetNode tree = new ParquetNode(root, children(elements, next, rootChildren, 0, 0, new ArrayList<>(), leaves, 1),
                null);
        if (next[0] != elements.size()) {
            throw new ParquetException("the footer's schema has " + elements.size() + " elements but its tree holds "
                    + next[0]);
        }
        return tree;
    }

    private static List<ParquetNode> children(List<SchemaElement> elements, int[] next, int count, int def, int rep,
            List<String> path, List<LeafColumn> leaves, int depth) {
        if (depth > MAX_DEPTH) {
            throw new ParquetException("schema nested deeper than " + MAX_DEPTH + " levels at " + String.join(".", path));
        }
        if (count < 0 || count > elements.size() - next[0]) {
            throw new ParquetException("schema group " + (path.isEmpty() ? "(root)" : String.join(".", path)) + " declares "
                    + count + " children but " + (elements.size() - next[0]) + " elements follow");
        }
        List<ParquetNode> result = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            if (next[0] >= elements.size()) {
                throw new ParquetException("schema group " + (path.isEmpty() ? "(root)" : String.join(".", path))
                        + " declares " + count + " children but the schema ends after " + i);
            }
            SchemaElement e = elements.get(next[0]++);
            int repetition = e.repetition() == null ? Repetition.REQUIRED : e.repetition();
            if (repetition < Repetition.REQUIRED || repetition > Repetition.REPEATED) {
                throw new ParquetException("schema element " + e.name() + " has repetition " + repetition);
            }
            int d = def + (repetition == Repetition.REQUIRED ? 0 : 1);
            int r = rep + (repetition == Repetition.REPEATED ? 1 : 0);
            List<String> p = new ArrayList<>(path);
            p.add(e.name());
            if (e.numChildren() != null && e.numChildren() > 0) {
                result.add(new ParquetNode(e, children(elements, next, e.numChildren(), d, r, p, leaves, depth + 1), null));
            } else if (e.type() == null) {
                throw new ParquetException("schema element " + String.join(".", p) + " is neither a group with children nor "
                        + "a primitive with a type");
            } else {
                int typeLength = 0;
                if (e.type() == dev.quiver.parquet.format.PhysicalType.FIXED_LEN_BYTE_ARRAY) {
                    if (e.typeLength() == null || e.typeLength() <= 0) {
                        throw new ParquetException("FIXED_LEN_BYTE_ARRAY column " + String.join(".", p)
                                + " has no positive type_length");
                    }
                    typeLength = e.typeLength();
                } else if (e.type() < 0 || e.type() > dev.quiver.parquet.format.PhysicalType.FIXED_LEN_BYTE_ARRAY) {
                    throw new ParquetException("column " + String.join(".", p) + " has unknown physical type " + e.type());
                }
                LeafColumn leaf = new LeafColumn(leaves.size(), List.copyOf(p), e, e.type(), typeLength, d, r);
                leaves.add(leaf);
                result.add(new ParquetNode(e, List.of(), leaf));
            }
        }
        return result;
    }

    /** The leaves under this node, in order. */
    void collectLeaves(List<LeafColumn> into) {
        if (leaf != null) {
            into.add(leaf);
        }
        for (ParquetNode c : children) {
            c.collectLeaves(into);
        }
    }
}
