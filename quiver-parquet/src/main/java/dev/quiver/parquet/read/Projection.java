// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.read;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.parquet.ParquetException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Column projection: the top-level fields named by dotted paths, in the order first named, each pruned to
 * the nested fields named under it (a path may pass through lists and maps without naming their levels).
 */
final class Projection {
    private Projection() {}

    static List<ArrowNode> select(List<ArrowNode> nodes, List<String> paths) {
        Map<Integer, List<List<String>>> byTop = new LinkedHashMap<>();
        for (String path : paths) {
            List<String> parts = Arrays.asList(path.split("\\.", -1));
            int top = -1;
            int consumed = 0;
            // the longest dotted prefix that names a top-level field (names may contain dots)
            for (int k = parts.size(); k >= 1 && top < 0; k--) {
                String name = String.join(".", parts.subList(0, k));
                for (int i = 0; i < nodes.size(); i++) {
                    if (nodes.get(i).field().name().equals(name)) {
                        top = i;
                        consumed = k;
                        break;
                    }
                }
            }
            if (top < 0) {
                throw new ParquetException("no column " + path + " in the file (its top-level fields: "
                        + nodes.stream().map(n -> n.field().name()).toList() + ")");
            }
            byTop.computeIfAbsent(top, k -> new ArrayList<>()).add(parts.subList(consumed, parts.size()));
        }
        List<ArrowNode> result = new ArrayList<>();
        for (Map.Entry<Integer, List<List<String>>> e : byTop.entrySet()) {
            ArrowNode node = nodes.get(e.getKey());
            String name = node.field().name();
            result.add(prune(node, e.getValue(), name));
        }
        return result;
    }

    private static ArrowNode prune(ArrowNode node, List<List<String>> rests, String where) {
        for (List<String> rest : rests) {
            if (rest.isEmpty()) {
                return node; // the whole field
            }
        }
        switch (node.kind()) {
            case STRUCT -> {
                List<ArrowNode> kept = new ArrayList<>();
                List<Field> fields = new ArrayList<>();
                for (ArrowNode child : node.children()) {
                    List<List<String>> under = new ArrayList<>();
                    for (List<String> rest : rests) {
                        int k = matchLength(child.field().name(), rest);
                        if (k > 0) {
                            under.add(rest.subList(k, rest.size()));
                        }
                    }
                    if (!under.isEmpty()) {
                        ArrowNode c = prune(child, under, where + "." + child.field().name());
                        kept.add(c);
                        fields.add(c.field());
                    }
                }
                if (kept.isEmpty()) {
                    throw new ParquetException("no column " + where + "." + String.join(".", rests.get(0))
                            + " in the file");
                }
                ArrowNode first = kept.get(0);
                ArrowNode pruned = new ArrowNode(node.kind(), node.field().withType(new ArrowType.Struct(fields)), kept,
                        null, first.firstLeaf(), node.slotDef(), node.slotRep(), node.nullDef(), 0, 0);
                return pruned;
            }
            case LIST -> {
                ArrowNode element = node.children().get(0);
                List<List<String>> under = new ArrayList<>();
                for (List<String> rest : rests) {
                    int k = matchLength(element.field().name(), rest);
                    under.add(k > 0 && element.kind() != ArrowNode.Kind.STRUCT ? rest.subList(k, rest.size()) : rest);
                }
                ArrowNode c = prune(element, under, where);
                ArrowType t = node.field().type() instanceof ArrowType.LargeList ? new ArrowType.LargeList(c.field())
                        : new ArrowType.List(c.field());
                if (node.field().type() instanceof ArrowType.Map && c.children().size() == 2) {
                    t = node.field().type();
                }
                return new ArrowNode(node.kind(), node.field().withType(t), List.of(c), null, c.firstLeaf(),
                        node.slotDef(), node.slotRep(), node.nullDef(), node.elementDef(), node.elementRep());
            }
            default -> throw new ParquetException("no column " + where + "." + String.join(".", rests.get(0))
                    + " in the file (" + where + " is a leaf)");
        }
    }

    /** How many parts of {@code rest} the dotted {@code name} matches (0 if it does not). */
    private static int matchLength(String name, List<String> rest) {
        for (int k = 1; k <= rest.size(); k++) {
            if (String.join(".", rest.subList(0, k)).equals(name)) {
                return k;
            }
        }
        return 0;
    }
}
