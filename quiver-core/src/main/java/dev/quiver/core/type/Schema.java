// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.type;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The fields of a record batch, with custom metadata and the byte order of the data. {@code toString}
 * like {@code schema<a: int32 not null, b: utf8>}, which shows names, types and nullability only.
 *
 * <p>Two equalities: {@link #equals} compares everything — fields (names, types, nullability,
 * metadata, dictionary ids, nested fields alike), the schema's metadata and byte order;
 * {@link #equalsIgnoringDictionaryIds} compares the same but dictionary ids, which only pair an IPC
 * stream's dictionaries with their fields: it is what the value equality of batches and tables uses,
 * and what a {@code Table} asks of its batches. {@link #difference} and
 * {@link #differenceIgnoringDictionaryIds} say in words what the first difference is.
 *
 * @param fields the top-level fields in order, possibly none; names may repeat
 * @param metadata custom metadata in insertion order; null is taken as empty
 * @param endianness the byte order of the data the schema describes
 */
public record Schema(List<Field> fields, Map<String, String> metadata, Endianness endianness) {

    /**
     * Copies the fields and metadata into unmodifiable collections (the metadata keeps its order).
     *
     * @throws NullPointerException if {@code fields}, one of them or {@code endianness} is null
     */
    public Schema {
        fields = List.copyOf(fields);
        metadata = metadata == null || metadata.isEmpty()
                ? Map.of()
                : Collections.unmodifiableMap(new LinkedHashMap<>(metadata));
        Objects.requireNonNull(endianness, "endianness");
    }

    /**
     * A little-endian schema without metadata.
     *
     * @param fields the top-level fields in order
     * @throws NullPointerException if {@code fields} or one of them is null
     */
    public Schema(List<Field> fields) {
        this(fields, Map.of(), Endianness.LITTLE);
    }

    /**
     * A little-endian schema without metadata.
     *
     * @param fields the top-level fields in order
     * @return the schema
     * @throws NullPointerException if a field is null
     */
    public static Schema of(Field... fields) {
        return new Schema(List.of(fields));
    }

    /**
     * A field by position.
     *
     * @param i the 0-based index of the field
     * @return the field
     * @throws IndexOutOfBoundsException if there is no field at {@code i}
     */
    public Field field(int i) {
        return fields.get(i);
    }

    /**
     * The first field with this name.
     *
     * @param name the name, compared exactly
     * @return the field
     * @throws UnknownFieldException naming the fields there are, when no field has this name
     */
    public Field field(String name) {
        return fields.get(index(name));
    }

    /**
     * The index of the first field with this name, which must exist (see {@link #indexOf} for a lookup
     * that may fail).
     *
     * @param name the name, compared exactly
     * @return the 0-based index of the field
     * @throws UnknownFieldException naming the fields there are, when no field has this name
     */
    public int index(String name) {
        int i = indexOf(name);
        if (i < 0) {
            throw new UnknownFieldException(name, fields);
        }
        return i;
    }

    /**
     * The names of the fields, in order.
     *
     * @return an unmodifiable list of the top-level field names
     */
    public List<String> names() {
        return fields.stream().map(Field::name).toList();
    }

    /**
     * Finds a field by name.
     *
     * @param name the name, compared exactly
     * @return the index of the first field with this name, or -1 if there is none
     */
    public int indexOf(String name) {
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The same schema with other metadata, which replaces the old.
     *
     * @param newMetadata the new metadata, null or empty for none
     * @return a new schema
     */
    public Schema withMetadata(Map<String, String> newMetadata) {
        return new Schema(fields, newMetadata, endianness);
    }

    /**
     * The same schema with another byte order.
     *
     * @param newEndianness the byte order of the data
     * @return a new schema
     * @throws NullPointerException if {@code newEndianness} is null
     */
    public Schema withEndianness(Endianness newEndianness) {
        return new Schema(fields, metadata, newEndianness);
    }

    /**
     * The same schema without dictionary ids on its fields or inside their types
     * (see {@link Types#withoutDictionaryIds(ArrowType)}).
     *
     * @return a schema whose fields carry no dictionary id
     */
    public Schema withoutDictionaryIds() {
        return new Schema(fields.stream().map(Types::withoutDictionaryIds).toList(), metadata, endianness);
    }

    /**
     * Schema equality but for dictionary ids: what value equality of batches and tables compares, since
     * two writers may number the same dictionaries differently.
     *
     * @param other another schema
     * @return whether the schemas are equal once their dictionary ids are removed
     */
    public boolean equalsIgnoringDictionaryIds(Schema other) {
        return equals(other) || withoutDictionaryIds().equals(other.withoutDictionaryIds());
    }

    /**
     * The first difference of this schema from another, in words, for error messages: the field (by its
     * path of names, {@code s.a} inside a struct) and what differs there — name, type, nullability,
     * metadata or dictionary id — or the schema's metadata or byte order. For example
     * {@code field x: metadata {a=b} vs {}}.
     *
     * @param other another schema
     * @return the difference, or empty when the schemas are {@link #equals equal}
     */
    public Optional<String> difference(Schema other) {
        return Optional.ofNullable(SchemaDifference.of(this, other, false));
    }

    /**
     * As {@link #difference(Schema)}, but dictionary ids aside: empty exactly when
     * {@link #equalsIgnoringDictionaryIds} holds.
     *
     * @param other another schema
     * @return the difference, or empty when the schemas are equal but for dictionary ids
     */
    public Optional<String> differenceIgnoringDictionaryIds(Schema other) {
        return Optional.ofNullable(SchemaDifference.of(this, other, true));
    }

    @Override
    public String toString() {
        return fields.stream().map(Field::toString).collect(Collectors.joining(", ", "schema<", ">"));
    }
}
