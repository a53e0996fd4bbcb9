// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ndjson;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.quiver.core.type.Field;
import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The members of a JSON object read into the fields of a struct or a row: each key to its field's reader,
 * a null for every field whose key is missing. Keys are expected in the order of the previous object (one
 * string comparison), else looked up. A key twice in one object is an error; a key outside the fields is
 * one too, unless unknown keys are ignored.
 */
final class FieldSet {
    private final String path;
    private final String[] names;
    private final ValueReader[] readers;
    private final Map<String, Integer> index = new HashMap<>();
    private final boolean[] seen;
    private final boolean ignoreUnknownKeys;

    FieldSet(String path, List<Field> fields, ValueReader[] readers, boolean ignoreUnknownKeys) {
        this.path = path;
        this.names = new String[fields.size()];
        for (int k = 0; k < names.length; k++) {
            names[k] = fields.get(k).name();
            index.putIfAbsent(names[k], k);
        }
        this.readers = readers;
        this.seen = new boolean[names.length];
        this.ignoreUnknownKeys = ignoreUnknownKeys;
    }

    /** The path of a field in a struct at {@code parent} (empty for a row). */
    static String child(String parent, String name) {
        return parent.isEmpty() ? name : parent + "." + name;
    }

    /** Reads the members of the object whose start the parser is at, up to and including its end. */
    void read(JsonParser p) throws IOException {
        Arrays.fill(seen, false);
        int next = 0;
        JsonToken t;
        while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            int k = next < names.length && names[next].equals(name) ? next : index.getOrDefault(name, -1);
            JsonToken value = p.nextToken();
            if (k < 0) {
                if (!ignoreUnknownKeys) {
                    throw new NdjsonException(ValueReader.line(p), child(path, name), "the key \"" + name
                            + "\" is not in the schema (give a schema that has it, infer from more lines, or "
                            + "ignore unknown keys)");
                }
                p.skipChildren();
                continue;
            }
            if (seen[k]) {
                throw new NdjsonException(ValueReader.line(p), child(path, name), "the key \"" + name
                        + "\" appears twice in one object");
            }
            seen[k] = true;
            readers[k].read(p, value);
            next = k + 1;
        }
        if (t != JsonToken.END_OBJECT) {
            throw new NdjsonException(ValueReader.line(p), path, "unexpected " + t + " in an object");
        }
        for (int k = 0; k < names.length; k++) {
            if (!seen[k]) {
                readers[k].appendNull();
            }
        }
    }
}
