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
 *
 * @param name the name, possibly empty, never null; names may repeat among siblings
 * @param type the type of the values
 * @param nullable whether values may be null
 * @param dictionaryId the id of the field's dictionary in an IPC stream; null when the field is not
 *     dictionary-encoded or no id is assigned yet
 * @param metadata custom metadata in insertion order; null is taken as empty
 */
public record Field(String name, ArrowType type, boolean nullable, Long dictionaryId, Map<String, String> metadata) {

    /**
     * Copies the metadata into an unmodifiable map that keeps its order, and checks the dictionary id.
     *
     * @throws NullPointerException if {@code name} or {@code type} is null
     * @throws InvalidTypeException if a dictionary id is given for a type that is not dictionary-encoded
     */
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

    /**
     * A field without dictionary id or metadata.
     *
     * @param name the name
     * @param type the type of the values
     * @param nullable whether values may be null
     * @throws NullPointerException if {@code name} or {@code type} is null
     */
    public Field(String name, ArrowType type, boolean nullable) {
        this(name, type, nullable, null, Map.of());
    }

    /**
     * A nullable field without dictionary id or metadata.
     *
     * @param name the name
     * @param type the type of the values
     * @return the field
     * @throws NullPointerException if {@code name} or {@code type} is null
     */
    public static Field nullable(String name, ArrowType type) {
        return new Field(name, type, true);
    }

    /**
     * A non-nullable field without dictionary id or metadata.
     *
     * @param name the name
     * @param type the type of the values
     * @return the field
     * @throws NullPointerException if {@code name} or {@code type} is null
     */
    public static Field notNull(String name, ArrowType type) {
        return new Field(name, type, false);
    }

    /**
     * A dictionary-encoded field with the given id and no metadata.
     *
     * @param name the name
     * @param indexType the type of the indices
     * @param valueType the type of the dictionary's values
     * @param ordered whether the order of the dictionary's values is meaningful
     * @param dictionaryId the id of the dictionary in an IPC stream
     * @param nullable whether values may be null
     * @return the field, of type {@link ArrowType.Dictionary}
     * @throws NullPointerException if the name or a type is null
     */
    public static Field dictionary(String name, ArrowType.Int indexType, ArrowType valueType, boolean ordered,
            long dictionaryId, boolean nullable) {
        return new Field(name, new ArrowType.Dictionary(indexType, valueType, ordered), nullable, dictionaryId,
                Map.of());
    }

    /**
     * The child fields of this field's type.
     *
     * @return {@link ArrowType#children()} of the type; empty for types without children
     */
    public List<Field> children() {
        return type.children();
    }

    /**
     * The dictionary encoding of this field.
     *
     * @return the encoding (with id -1 when no id is assigned), or null when the field is not
     *     dictionary-encoded
     */
    public DictionaryEncoding dictionaryEncoding() {
        if (type instanceof ArrowType.Dictionary d) {
            return new DictionaryEncoding(dictionaryId == null ? -1 : dictionaryId, d.indexType(), d.ordered());
        }
        return null;
    }

    /**
     * The same field under another name.
     *
     * @param newName the new name
     * @return a new field
     * @throws NullPointerException if {@code newName} is null
     */
    public Field withName(String newName) {
        return new Field(newName, type, nullable, dictionaryId, metadata);
    }

    /**
     * The same field with another type; the dictionary id is kept only when the new type is
     * dictionary-encoded.
     *
     * @param newType the new type
     * @return a new field
     * @throws NullPointerException if {@code newType} is null
     */
    public Field withType(ArrowType newType) {
        return new Field(name, newType, nullable, newType instanceof ArrowType.Dictionary ? dictionaryId : null,
                metadata);
    }

    /**
     * The same field with another nullability.
     *
     * @param newNullable whether values may be null
     * @return a new field
     */
    public Field withNullable(boolean newNullable) {
        return new Field(name, type, newNullable, dictionaryId, metadata);
    }

    /**
     * The same field with other metadata, which replaces the old.
     *
     * @param newMetadata the new metadata, null or empty for none
     * @return a new field
     */
    public Field withMetadata(Map<String, String> newMetadata) {
        return new Field(name, type, nullable, dictionaryId, newMetadata);
    }

    /**
     * The same field with another dictionary id.
     *
     * @param id the new id, or null for none
     * @return a new field
     * @throws InvalidTypeException if an id is given and the field is not dictionary-encoded
     */
    public Field withDictionaryId(Long id) {
        return new Field(name, type, nullable, id, metadata);
    }

    @Override
    public String toString() {
        return name + ": " + type + (nullable ? "" : " not null");
    }
}
