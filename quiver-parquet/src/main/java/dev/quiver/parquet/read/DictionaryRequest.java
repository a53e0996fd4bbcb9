// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.read;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Leaves asked for as dictionary arrays: their type becomes a dictionary of int32 indices over their type. */
final class DictionaryRequest {
    private DictionaryRequest() {}

    /**
     * The node with the leaves named in {@code wanted} read as dictionaries; the names found are removed
     * from {@code wanted}.
     */
    static ArrowNode apply(ArrowNode node, Set<String> wanted) {
        if (node.kind() == ArrowNode.Kind.LEAF) {
            String path = node.leaf().dottedPath();
            ArrowType type = node.field().type();
            if (!wanted.contains(path) || type instanceof ArrowType.Dictionary) {
                if (type instanceof ArrowType.Dictionary) {
                    wanted.remove(path);
                }
                return node;
            }
            ArrowType dictionary = new ArrowType.Dictionary(new ArrowType.Int(32, true), type, false);
            if (Conversion.of(node.leaf(), dictionary) == null) {
                return node;
            }
            wanted.remove(path);
            return node.withField(node.field().withType(dictionary));
        }
        List<ArrowNode> children = new ArrayList<>();
        List<Field> fields = new ArrayList<>();
        for (ArrowNode c : node.children()) {
            ArrowNode d = apply(c, wanted);
            children.add(d);
            fields.add(d.field());
        }
        ArrowType type = node.field().type();
        ArrowType rebuilt = switch (type) {
            case ArrowType.Struct s -> new ArrowType.Struct(fields);
            case ArrowType.List l -> new ArrowType.List(fields.get(0));
            case ArrowType.LargeList l -> new ArrowType.LargeList(fields.get(0));
            case ArrowType.Map m -> new ArrowType.Map(fields.get(0), m.keysSorted());
            default -> type;
        };
        return node.withChildren(node.field().withType(rebuilt), children);
    }
}
