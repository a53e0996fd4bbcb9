// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.type;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/** The fields of a record batch, with custom metadata and the byte order of the data. */
public record Schema(List<Field> fields, Map<String, String> metadata, Endianness endianness) {

    public Schema {
        fields = List.copyOf(fields);
        metadata = metadata == null || metadata.isEmpty()
                ? Map.of()
                : Collections.unmodifiableMap(new LinkedHashMap<>(metadata));
        Objects.requireNonNull(endianness, "endianness");
    }

    public Schema(List<Field> fields) {
        this(fields, Map.of(), Endianness.LITTLE);
    }

    public static Schema of(Field... fields) {
        return new Schema(List.of(fields));
    }

    public Field field(int i) {
        return fields.get(i);
    }

    /** The index of the first field with this name, or -1. */
    public int indexOf(String name) {
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    public Schema withMetadata(Map<String, String> newMetadata) {
        return new Schema(fields, newMetadata, endianness);
    }

    public Schema withEndianness(Endianness newEndianness) {
        return new Schema(fields, metadata, newEndianness);
    }

    @Override
    public String toString() {
        return fields.stream().map(Field::toString).collect(Collectors.joining(", ", "schema<", ">"));
    }
}
