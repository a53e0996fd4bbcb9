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
                ArrowType restored = restore(node.field().type(), type);
                if (Conversion.of(node.leaf(), restored) == null) {
                    return node;
                }
                return node.withField(new Field(stored.name(), restored, node.field().nullable(), null, stored.metadata()));
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

    /**
     * The type a leaf is read as, given its mapped type and the stored one, as Arrow C++ restores them:
     * the time zone of a UTC-adjusted timestamp (its unit stays the file's), durations over INT64, large
     * and view variants of strings and binaries, dictionaries (their index type; the values keep the
     * mapped type) and extension types over a restorable storage type; otherwise the mapped type.
     */
    static ArrowType restore(ArrowType mapped, ArrowType stored) {
        if (stored.equals(mapped)) {
            return stored;
        }
        if (stored instanceof ArrowType.Extension e) {
            ArrowType storage = restore(mapped, e.storageType());
            return storage.equals(e.storageType()) ? stored : mapped;
        }
        if (stored instanceof ArrowType.Dictionary d) {
            return mapped instanceof ArrowType.Null ? mapped : new ArrowType.Dictionary(d.indexType(), mapped, d.ordered());
        }
        if (mapped instanceof ArrowType.Timestamp m && stored instanceof ArrowType.Timestamp s) {
            return "UTC".equals(m.timezone()) && s.timezone() != null && !s.timezone().isEmpty()
                    ? new ArrowType.Timestamp(m.unit(), s.timezone()) : mapped;
        }
        if (mapped instanceof ArrowType.Int i && i.bitWidth() == 64 && i.signed() && stored instanceof ArrowType.Duration) {
            return stored;
        }
        if (mapped instanceof ArrowType.Binary
                && (stored instanceof ArrowType.LargeBinary || stored instanceof ArrowType.BinaryView)) {
            return stored;
        }
        if (mapped instanceof ArrowType.Utf8
                && (stored instanceof ArrowType.LargeUtf8 || stored instanceof ArrowType.Utf8View)) {
            return stored;
        }
        return mapped;
    }

    private static ArrowType wrap(ArrowType stored, ArrowType storage) {
        return stored instanceof ArrowType.Extension e ? new ArrowType.Extension(e.name(), storage, e.metadata()) : storage;
    }
}
