// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.read;

import dev.quiver.core.type.Field;
import java.util.List;

/**
 * A node of the Arrow tree a Parquet schema maps to, with the levels that decide its slots:
 * an entry (a leaf's definition and repetition level) makes a new slot of this node when its repetition
 * level is at most {@code slotRep} and its definition level at least {@code slotDef}; the slot is non-null
 * when the definition level is at least {@code nullDef}. A list's entry adds an element when its
 * definition level is at least {@code elementDef}; a repetition level of {@code elementRep} continues the
 * current list.
 *
 * @param kind what the node is
 * @param field the Arrow field (its type is the type read)
 * @param children the children (a list's one child is its element; a map's is its entries struct)
 * @param leaf the leaf column (leaves only)
 * @param firstLeaf the index of the first leaf under the node, whose levels drive it
 * @param slotDef the definition level at which a slot exists
 * @param slotRep the repetition level at or below which an entry starts a slot
 * @param nullDef the definition level at which a slot is non-null
 * @param elementDef for lists, the definition level at which an element exists
 * @param elementRep for lists, the repetition level that continues a list
 */
record ArrowNode(Kind kind, Field field, List<ArrowNode> children, LeafColumn leaf, int firstLeaf, int slotDef,
        int slotRep, int nullDef, int elementDef, int elementRep) {
    /** The kinds of node. */
    enum Kind {
        /** A leaf column. */
        LEAF,
        /** A struct. */
        STRUCT,
        /** A list or map (offsets). */
        LIST
    }

    ArrowNode withField(Field newField) {
        return new ArrowNode(kind, newField, children, leaf, firstLeaf, slotDef, slotRep, nullDef, elementDef, elementRep);
    }

    ArrowNode withChildren(Field newField, List<ArrowNode> newChildren) {
        return new ArrowNode(kind, newField, newChildren, leaf, firstLeaf, slotDef, slotRep, nullDef, elementDef,
                elementRep);
    }
}
