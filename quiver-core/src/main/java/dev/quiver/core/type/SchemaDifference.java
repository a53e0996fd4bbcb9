// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.type;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The first difference between two schemas, fields or types, in words: which field (by its path of
 * names), and what differs there (name, type, nullability, metadata, dictionary id), or the schema's own
 * metadata or byte order.
 */
final class SchemaDifference {
    private final boolean ignoreDictionaryIds;

    private SchemaDifference(boolean ignoreDictionaryIds) {
        this.ignoreDictionaryIds = ignoreDictionaryIds;
    }

    /** The first difference of {@code a} from {@code b}, or null when there is none. */
    static String of(Schema a, Schema b, boolean ignoreDictionaryIds) {
        return new SchemaDifference(ignoreDictionaryIds).schemas(a, b);
    }

    private String schemas(Schema a, Schema b) {
        String fields = fields("", a.fields(), b.fields());
        if (fields != null) {
            return fields;
        }
        if (!a.metadata().equals(b.metadata())) {
            return "schema metadata " + metadata(a.metadata()) + " vs " + metadata(b.metadata());
        }
        if (a.endianness() != b.endianness()) {
            return "byte order " + a.endianness() + " vs " + b.endianness();
        }
        return null;
    }

    private String fields(String parent, List<Field> a, List<Field> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            String d = field(parent, i, a.get(i), b.get(i));
            if (d != null) {
                return d;
            }
        }
        if (a.size() != b.size()) {
            List<Field> longer = a.size() > b.size() ? a : b;
            Field extra = longer.get(Math.min(a.size(), b.size()));
            return (parent.isEmpty() ? "" : "field " + parent + ": ") + a.size() + " fields vs " + b.size()
                    + " (" + (longer == a ? "first" : "second") + " has " + extra + ")";
        }
        return null;
    }

    private String field(String parent, int i, Field a, Field b) {
        String path = parent.isEmpty() ? a.name() : parent + "." + a.name();
        String where = "field " + path + ": ";
        if (!a.name().equals(b.name())) {
            return "field " + i + (parent.isEmpty() ? "" : " of " + parent) + ": name " + a.name() + " vs "
                    + b.name();
        }
        String type = type(path, a.type(), b.type());
        if (type != null) {
            return type;
        }
        if (a.nullable() != b.nullable()) {
            return where + (a.nullable() ? "nullable vs not null" : "not null vs nullable");
        }
        if (!a.metadata().equals(b.metadata())) {
            return where + "metadata " + metadata(a.metadata()) + " vs " + metadata(b.metadata());
        }
        if (!ignoreDictionaryIds && !Objects.equals(a.dictionaryId(), b.dictionaryId())) {
            return where + "dictionary id " + a.dictionaryId() + " vs " + b.dictionaryId();
        }
        return null;
    }

    /** The difference of two types at {@code path}: of their own parameters, or of a child field. */
    private String type(String path, ArrowType a, ArrowType b) {
        if (a.equals(b)) {
            return null;
        }
        List<Field> ca = a.children();
        List<Field> cb = b.children();
        if (!ca.isEmpty() && ca.size() == cb.size() && sameShell(a, b)) {
            return fields(path, ca, cb);
        }
        return "field " + path + ": type " + a + " vs " + b;
    }

    /** Whether {@code a} with {@code b}'s child fields is {@code b}: the types differ in children only. */
    private static boolean sameShell(ArrowType a, ArrowType b) {
        List<Field> children = b.children();
        int[] next = {0};
        try {
            return Types.mapChildren(a, f -> children.get(next[0]++)).equals(b);
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static String metadata(Map<String, String> metadata) {
        return metadata.toString();
    }
}
