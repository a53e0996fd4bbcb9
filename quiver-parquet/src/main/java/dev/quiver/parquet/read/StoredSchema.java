// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.read;

import dev.quiver.core.QuiverException;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.ipc.IpcStreamReader;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/**
 * The Arrow schema a writer stored under {@code ARROW:schema} (a base64 IPC schema message), laid over
 * the mapped nodes: where the stored type is one this reader can produce from the column (time zones,
 * large and view types, units, durations, extension types, field names and metadata), it is the type read.
 */
final class StoredSchema {
    /** The key-value metadata key. */
    static final String KEY = "ARROW:schema";

    private StoredSchema() {}

    /**
     * Decodes the stored schema.
     *
     * @param base64 the metadata value
     * @return the schema, or empty if the value does not decode (the file's own types are then read)
     */
    static Optional<Schema> decode(String base64) {
        try {
            byte[] bytes = Base64.getDecoder().decode(base64.trim());
            try (IpcStreamReader reader = IpcStreamReader.open(MemorySegment.ofArray(bytes))) {
                return Optional.of(reader.schema());
            }
        } catch (IllegalArgumentException | QuiverException e) {
            return Optional.empty();
        }
    }

    /**
     * The nodes with the stored fields laid over them where they fit.
     *
     * @param nodes the mapped top-level nodes
     * @param stored the stored schema
     * @return the nodes to read
     */
    static List<ArrowNode> apply(List<ArrowNode> nodes, Schema stored) {
        if (stored.fields().size() != nodes.size()) {
            return nodes;
        }
        List<ArrowNode> result = new ArrayList<>(nodes.size());
        for (int i = 0; i < nodes.size(); i++) {
            result.add(overlay(nodes.get(i), stored.fields().get(i)));
        }
        return result;
    }

    private static ArrowNode overlay(ArrowNode node, Field stored) {
        ArrowType type = stored.type();
        ArrowType storage = type instanceof ArrowType.Extension e ? e.storageType() : type;
        switch (node.kind()) {
            case LEAF -> {
                if (Conversion.of(node.leaf(), type) == null) {
                    return node;
                }
                return node.withField(new Field(stored.name(), type, node.field().nullable(), null, stored.metadata()));
            }
            case STRUCT -> {
                if (!(storage instanceof ArrowType.Struct s) || s.fields().size() != node.children().size()) {
                    return node;
                }
                List<ArrowNode> children = new ArrayList<>();
                List<Field> fields = new ArrayList<>();
                for (int i = 0; i < s.fields().size(); i++) {
                    ArrowNode c = overlay(node.children().get(i), s.fields().get(i));
                    children.add(c);
                    fields.add(c.field());
                }
                ArrowType t = new ArrowType.Struct(fields);
                return node.withChildren(new Field(stored.name(), wrap(type, t), node.field().nullable(), null,
                        stored.metadata()), children);
            }
            default -> {
                ArrowNode element = node.children().get(0);
                ArrowType t;
                if (node.field().type() instanceof ArrowType.Map && storage instanceof ArrowType.Map m) {
                    ArrowNode entries = overlay(element, m.entries());
                    if (!(entries.field().type() instanceof ArrowType.Struct)) {
                        return node;
                    }
                    return node.withChildren(new Field(stored.name(), wrap(type, new ArrowType.Map(entries.field(),
                            m.keysSorted())), node.field().nullable(), null, stored.metadata()), List.of(entries));
                }
                if (node.field().type() instanceof ArrowType.List && storage instanceof ArrowType.List l) {
                    ArrowNode e = overlay(element, l.valueField());
                    t = new ArrowType.List(e.field());
                    element = e;
                } else if (node.field().type() instanceof ArrowType.List && storage instanceof ArrowType.LargeList l) {
                    ArrowNode e = overlay(element, l.valueField());
                    t = new ArrowType.LargeList(e.field());
                    element = e;
                } else {
                    return node;
                }
                return node.withChildren(new Field(stored.name(), wrap(type, t), node.field().nullable(), null,
                        stored.metadata()), List.of(element));
            }
        }
    }

    private static ArrowType wrap(ArrowType stored, ArrowType storage) {
        return stored instanceof ArrowType.Extension e ? new ArrowType.Extension(e.name(), storage, e.metadata()) : storage;
    }
}
