// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.type;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A named, typed column or child: name, type, nullability, the dictionary id of a dictionary-encoded
 * field (null when the field is not dictionary-encoded or its id is not assigned yet), and custom
 * metadata as an ordered string map. Value equality; {@code toString} like {@code a: int32 not null}.
 */
public record Field(String name, ArrowType type, boolean nullable, Long dictionaryId, Map<String, String> metadata) {

    public Field {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        metadata = metadata == null || metadata.isEmpty()
                ? Map.of()
                : Collections.unmodifiableMap(new LinkedHashMap<>(metadata));
        if (dictionaryId != null && !(type instanceof ArrowType.Dictionary)) {
            throw new InvalidTypeException("field " + name + " has dictionary id " + dictionaryId
                    + " but its type " + type + " is not dictionary-encoded");
        }
    }

    public Field(String name, ArrowType type, boolean nullable) {
        this(name, type, nullable, null, Map.of());
    }

    public static Field nullable(String name, ArrowType type) {
        return new Field(name, type, true);
    }

    public static Field notNull(String name, ArrowType type) {
        return new Field(name, type, false);
    }

    /** A dictionary-encoded field with the given id. */
    public static Field dictionary(String name, ArrowType.Int indexType, ArrowType valueType, boolean ordered,
            long dictionaryId, boolean nullable) {
        return new Field(name, new ArrowType.Dictionary(indexType, valueType, ordered), nullable, dictionaryId,
                Map.of());
    }

    /** The child fields of this field's type. */
    public List<Field> children() {
        return type.children();
    }

    /** The dictionary encoding of this field, or null when it is not dictionary-encoded. */
    public DictionaryEncoding dictionaryEncoding() {
        if (type instanceof ArrowType.Dictionary d) {
            return new DictionaryEncoding(dictionaryId == null ? -1 : dictionaryId, d.indexType(), d.ordered());
        }
        return null;
    }

    public Field withName(String newName) {
        return new Field(newName, type, nullable, dictionaryId, metadata);
    }

    public Field withType(ArrowType newType) {
        return new Field(name, newType, nullable, newType instanceof ArrowType.Dictionary ? dictionaryId : null,
                metadata);
    }

    public Field withNullable(boolean newNullable) {
        return new Field(name, type, newNullable, dictionaryId, metadata);
    }

    public Field withMetadata(Map<String, String> newMetadata) {
        return new Field(name, type, nullable, dictionaryId, newMetadata);
    }

    public Field withDictionaryId(Long id) {
        return new Field(name, type, nullable, id, metadata);
    }

    @Override
    public String toString() {
        return name + ": " + type + (nullable ? "" : " not null");
    }
}
