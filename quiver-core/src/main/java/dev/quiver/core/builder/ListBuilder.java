// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.builder;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.ListArray;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.OffsetsBuilder;
import dev.quiver.core.memory.ValidityBuilder;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Types;
import java.util.Arrays;
import java.util.List;

/**
 * Builds list and large_list arrays. A list is {@link #startList()}, values appended to {@link #values()},
 * then {@link #endList()}; {@link #appendNull()} adds a null (empty) list:
 *
 * <pre>{@code
 * ListBuilder b = new ListBuilder(ArrowType.List.of(ArrowType.INT8), allocator);
 * IntBuilder ints = (IntBuilder) b.values();
 * b.startList();
 * ints.append(12).append(-7);
 * b.endList();
 * b.appendNull();
 * ListArray lists = b.build();
 * }</pre>
 */
public final class ListBuilder implements ArrayBuilder {
    private final ArrowType type;
    private final ArrayBuilder values;
    private final OffsetsBuilder offsets;
    private final ValidityBuilder validity;
    private boolean open;

    /**
     * A builder whose values builder is {@code ArrayBuilder.of(value type, allocator)}.
     *
     * @param type the type of the values built
     * @param allocator the memory of the built arrays
     */
    public ListBuilder(ArrowType type, BufferAllocator allocator) {
        this(type, ArrayBuilder.of(valueField(type).type(), allocator), allocator);
    }

    /**
     * A builder that appends the list elements to {@code values} (e.g. a builder configured specially, or
     * one holding prebuilt values); its type must be the list's value type.
     *
     * @param type the type of the values built
     * @param values the builder of the element values (empty, of the element type)
     * @param allocator the memory of the built arrays
     */
    public ListBuilder(ArrowType type, ArrayBuilder values, BufferAllocator allocator) {
        Field valueField = valueField(type);
        if (!values.type().equals(valueField.type())) {
            throw new IllegalArgumentException("values builder of type " + values.type() + " for " + type);
        }
        this.type = type;
        this.values = values;
        this.offsets = new OffsetsBuilder(allocator, Types.storage(type) instanceof ArrowType.LargeList);
        this.validity = new ValidityBuilder(allocator);
    }

    private static Field valueField(ArrowType type) {
        return switch (Types.storage(type)) {
            case ArrowType.List t -> t.valueField();
            case ArrowType.LargeList t -> t.valueField();
            default -> throw new IllegalArgumentException(type + " is not a list or large_list type");
        };
    }

    @Override
    public ArrowType type() {
        return type;
    }

    @Override
    public long length() {
        return validity.length();
    }

    /**
     * The builder of the list elements.
     *
     * @return the builder of the element values
     */
    public ArrayBuilder values() {
        return values;
    }

    /**
     * Starts a list: the values appended to {@link #values()} until {@link #endList()} are its elements.
     *
     * @return this builder
     */
    public ListBuilder startList() {
        if (open) {
            throw new IllegalStateException("a list is already started");
        }
        startOffsets();
        open = true;
        return this;
    }

    /**
     * Ends the list started by {@link #startList()}: a valid slot.
     *
     * @return this builder
     */
    public ListBuilder endList() {
        if (!open) {
            throw new IllegalStateException("no list started");
        }
        open = false;
        offsets.append(values.length());
        validity.append(true);
        return this;
    }

    /** Appends a null slot, which covers no elements. */
    @Override
    public ListBuilder appendNull() {
        if (open) {
            throw new IllegalStateException("a list is started: end it first");
        }
        startOffsets();
        offsets.append(values.length());
        validity.append(false);
        return this;
    }

    /** Appends a {@link List} whose elements the values builder accepts ({@code appendObject}), or null. */
    @Override
    public ListBuilder appendObject(Object value) {
        if (value == null) {
            return appendNull();
        }
        if (!(value instanceof List<?> list)) {
            throw new IllegalArgumentException("not a list: " + value);
        }
        startList();
        for (Object element : list) {
            values.appendObject(element);
        }
        return endList();
    }

    private void startOffsets() {
        if (offsets.count() == 0) {
            offsets.append(values.length());
        }
    }

    /** The lists appended; this builder and its values builder start over empty. */
    @Override
    public ListArray build() {
        if (open) {
            throw new IllegalStateException("a list is started: end it before building");
        }
        startOffsets();
        long length = validity.length();
        long nulls = validity.unsetCount();
        Array child = values.build();
        ArrayData data = new ArrayData(type, length, 0, nulls,
                Arrays.asList(validity.finishValidity(), offsets.finish()), List.of(child.data()), null);
        return ListArray.ofUnchecked(data);
    }

    /**
     * An empty builder of lists ({@code list} or {@code large_list}).
     *
     * @param type the type of the values built
     * @param allocator the memory of the built arrays
     * @return the builder
     */
    public static ListBuilder of(ArrowType type, BufferAllocator allocator) {
        return new ListBuilder(type, allocator);
    }

    /**
     * An empty builder of lists whose values go to {@code values}.
     *
     * @param type the type of the values built
     * @param values the builder of the values, empty, of the value field's type
     * @param allocator the memory of the built arrays
     * @return the builder
     */
    public static ListBuilder of(ArrowType type, ArrayBuilder values, BufferAllocator allocator) {
        return new ListBuilder(type, values, allocator);
    }

    /**
     * The builder of the lists' values, typed: {@code values(IntBuilder.class)} rather than an unchecked cast.
     *
     * @param <B> the builder class
     * @param type the builder class expected (see {@link Builders})
     * @return the builder
     * @throws IllegalArgumentException if the builder is of another class, naming it
     */
    public <B extends ArrayBuilder> B values(Class<B> type) {
        return Builders.as(values(), type, "values");
    }
}
