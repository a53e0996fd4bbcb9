// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.builder;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.StructArray;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.ValidityBuilder;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Builds struct arrays: append one value to each {@link #field(int)} builder, then {@link #append()}
 * marks the struct valid. {@link #appendNull()} adds a null struct, padding with nulls the fields that
 * hold no value for it yet; to store hidden values under a null struct (the layout allows any), append
 * them to the fields first.
 */
public final class StructBuilder implements ArrayBuilder {
    private final ArrowType.Struct type;
    private final ArrayBuilder[] fields;
    private final ValidityBuilder validity;

    /**
     * A builder whose field builders are {@code ArrayBuilder.of(field type, allocator)}.
     *
     * @param type the type of the values built
     * @param allocator the memory of the built arrays
     */
    public StructBuilder(ArrowType.Struct type, BufferAllocator allocator) {
        this(type, defaultBuilders(type, allocator), allocator);
    }

    /**
     * A builder over the given field builders (e.g. ones configured specially, or holding prebuilt
     * values), one per field, of the field's type.
     *
     * @param type the type of the values built
     * @param fields the builders of the fields (empty, one per field, of their types)
     * @param allocator the memory of the built arrays
     */
    public StructBuilder(ArrowType.Struct type, List<? extends ArrayBuilder> fields, BufferAllocator allocator) {
        List<Field> declared = type.fields();
        if (fields.size() != declared.size()) {
            throw new IllegalArgumentException(fields.size() + " field builders for " + type);
        }
        for (int k = 0; k < declared.size(); k++) {
            if (!fields.get(k).type().equals(declared.get(k).type())) {
                throw new IllegalArgumentException("builder of type " + fields.get(k).type() + " for field "
                        + declared.get(k));
            }
        }
        this.type = type;
        this.fields = fields.toArray(new ArrayBuilder[0]);
        this.validity = new ValidityBuilder(allocator);
    }

    private static List<ArrayBuilder> defaultBuilders(ArrowType.Struct type, BufferAllocator allocator) {
        List<ArrayBuilder> out = new ArrayList<>();
        for (Field f : type.fields()) {
            out.add(ArrayBuilder.of(f.type(), allocator));
        }
        return out;
    }

    @Override
    public ArrowType.Struct type() {
        return type;
    }

    @Override
    public long length() {
        return validity.length();
    }

    /**
     * The count of fields.
     *
     * @return the count of fields
     */
    public int fieldCount() {
        return fields.length;
    }

    /**
     * The builder of field {@code k}.
     *
     * @param k the position, in field order
     * @return the builder of field {@code k}
     */
    public ArrayBuilder field(int k) {
        return fields[k];
    }

    /**
     * Marks the next struct valid: each field must hold its value for it.
     *
     * @return this builder
     */
    public StructBuilder append() {
        long need = validity.length() + 1;
        for (int k = 0; k < fields.length; k++) {
            if (fields[k].length() < need) {
                throw new IllegalStateException("field " + type.fields().get(k).name() + " holds "
                        + fields[k].length() + " values; struct " + validity.length() + " needs " + need);
            }
        }
        validity.append(true);
        return this;
    }

    /** Appends a null struct; fields that hold no value for it get a null. */
    @Override
    public StructBuilder appendNull() {
        long need = validity.length() + 1;
        for (ArrayBuilder field : fields) {
            if (field.length() < need) {
                field.appendNull();
            }
        }
        validity.append(false);
        return this;
    }

    /**
     * Appends a {@link Map} of field name to value (as the field builders accept; a missing name gives a
     * null value), or null.
     */
    @Override
    public StructBuilder appendObject(Object value) {
        if (value == null) {
            return appendNull();
        }
        if (!(value instanceof Map<?, ?> map)) {
            throw new IllegalArgumentException("not a map of field name to value: " + value);
        }
        List<Field> declared = type.fields();
        for (Object name : map.keySet()) {
            if (declared.stream().noneMatch(f -> f.name().equals(name))) {
                throw new IllegalArgumentException("no field " + name + " in " + type);
            }
        }
        for (int k = 0; k < fields.length; k++) {
            fields[k].appendObject(map.get(declared.get(k).name()));
        }
        return append();
    }

    /**
     * The structs appended; this builder and its field builders start over empty.
     *
     * @throws IllegalStateException if a field does not hold exactly {@code length()} values
     */
    @Override
    public StructArray build() {
        long length = validity.length();
        for (int k = 0; k < fields.length; k++) {
            if (fields[k].length() != length) {
                throw new IllegalStateException("field " + type.fields().get(k).name() + " holds "
                        + fields[k].length() + " values for " + length + " structs");
            }
        }
        long nulls = validity.unsetCount();
        List<ArrayData> children = new ArrayList<>(fields.length);
        for (ArrayBuilder field : fields) {
            children.add(field.build().data());
        }
        ArrayData data = new ArrayData(type, length, 0, nulls, Arrays.asList(validity.finishValidity()), children,
                null);
        return StructArray.ofUnchecked(data);
    }

    /**
     * An empty builder of structs.
     *
     * @param type the type of the values built
     * @param allocator the memory of the built arrays
     * @return the builder
     */
    public static StructBuilder of(ArrowType.Struct type, BufferAllocator allocator) {
        return new StructBuilder(type, allocator);
    }

    /**
     * The builder of field {@code k}, typed: {@code child(0, IntBuilder.class)} rather than an unchecked cast.
     *
     * @param <B> the builder class
     * @param k the 0-based child position
     * @param type the builder class expected (see {@link Builders})
     * @return the builder
     * @throws IndexOutOfBoundsException if there is no child {@code k}
     * @throws IllegalArgumentException if the builder is of another class, naming it
     */
    public <B extends ArrayBuilder> B child(int k, Class<B> type) {
        return Builders.as(field(k), type, "field " + k);
    }
}
