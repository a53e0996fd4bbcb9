// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.batch;

import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** The schema side of selecting, dropping and renaming columns, shared by {@link RecordBatch} and {@link Table}. */
final class ColumnSelection {
    private ColumnSelection() {
    }

    /** The indices of the first fields with these names, in the order given. */
    static int[] indices(Schema schema, String... names) {
        int[] out = new int[names.length];
        for (int k = 0; k < names.length; k++) {
            out[k] = schema.index(Objects.requireNonNull(names[k], "name"));
        }
        return out;
    }

    /** The indices of every field but the first ones with these names, in schema order. */
    static int[] without(Schema schema, String... names) {
        boolean[] dropped = new boolean[schema.fields().size()];
        for (int i : indices(schema, names)) {
            dropped[i] = true;
        }
        List<Integer> kept = new ArrayList<>();
        for (int i = 0; i < dropped.length; i++) {
            if (!dropped[i]) {
                kept.add(i);
            }
        }
        return kept.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The fields at these indices, with the schema's metadata. */
    static Schema select(Schema schema, int... indices) {
        List<Field> fields = new ArrayList<>(indices.length);
        for (int i : indices) {
            fields.add(schema.field(Objects.checkIndex(i, schema.fields().size())));
        }
        return new Schema(fields, schema.metadata(), schema.endianness());
    }

    /** The schema with fields renamed: every key must name a field; all fields of that name are renamed. */
    static Schema rename(Schema schema, Map<String, String> names) {
        for (String old : names.keySet()) {
            schema.index(old);
        }
        List<Field> fields = new ArrayList<>();
        for (Field field : schema.fields()) {
            String name = names.get(field.name());
            fields.add(name == null ? field : field.withName(name));
        }
        return new Schema(fields, schema.metadata(), schema.endianness());
    }

    /** The schema with all fields renamed, in order. */
    static Schema renameAll(Schema schema, String... names) {
        if (names.length != schema.fields().size()) {
            throw new IllegalArgumentException(names.length + " names for the " + schema.fields().size()
                    + " fields of " + schema + ": " + Arrays.toString(names));
        }
        List<Field> fields = new ArrayList<>();
        for (int i = 0; i < names.length; i++) {
            fields.add(schema.field(i).withName(Objects.requireNonNull(names[i], "name")));
        }
        return new Schema(fields, schema.metadata(), schema.endianness());
    }

    /** The schema with {@code field} inserted at {@code i} (0 to the field count). */
    static Schema insert(Schema schema, int i, Field field) {
        List<Field> fields = new ArrayList<>(schema.fields());
        Objects.checkIndex(i, fields.size() + 1);
        fields.add(i, Objects.requireNonNull(field, "field"));
        return new Schema(fields, schema.metadata(), schema.endianness());
    }

    /** The schema with field {@code i} replaced by {@code field}. */
    static Schema replace(Schema schema, int i, Field field) {
        List<Field> fields = new ArrayList<>(schema.fields());
        fields.set(Objects.checkIndex(i, fields.size()), Objects.requireNonNull(field, "field"));
        return new Schema(fields, schema.metadata(), schema.endianness());
    }

    /** The schema without field {@code i}. */
    static Schema remove(Schema schema, int i) {
        List<Field> fields = new ArrayList<>(schema.fields());
        fields.remove(Objects.checkIndex(i, fields.size()));
        return new Schema(fields, schema.metadata(), schema.endianness());
    }
}
