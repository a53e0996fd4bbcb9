// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.builder;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.FixedSizeListArray;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.ValidityBuilder;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Types;
import java.util.Arrays;
import java.util.List;

/**
 * Builds fixed-size list arrays: append {@code listSize} values to {@link #values()}, then
 * {@link #append()} marks the list valid. {@link #appendNull()} adds a null list, padding the values
 * with nulls for it; to store other (hidden) values under a null list, append them to {@link #values()}
 * first.
 */
public final class FixedSizeListBuilder implements ArrayBuilder {
    private final ArrowType type;
    private final int listSize;
    private final ArrayBuilder values;
    private final ValidityBuilder validity;

    /**
     * A builder whose values builder is {@code ArrayBuilder.of(value type, allocator)}.
     *
     * @param type the type of the values built
     * @param allocator the memory of the built arrays
     */
    public FixedSizeListBuilder(ArrowType type, BufferAllocator allocator) {
        this(type, ArrayBuilder.of(fixedSizeList(type).valueField().type(), allocator), allocator);
    }

    /**
     * A builder over the given values builder, whose type must be the value type.
     *
     * @param type the type of the values built
     * @param values the builder of the element values (empty, of the element type)
     * @param allocator the memory of the built arrays
     */
    public FixedSizeListBuilder(ArrowType type, ArrayBuilder values, BufferAllocator allocator) {
        ArrowType.FixedSizeList storage = fixedSizeList(type);
        if (!values.type().equals(storage.valueField().type())) {
            throw new IllegalArgumentException("values builder of type " + values.type() + " for " + type);
        }
        this.type = type;
        this.listSize = storage.listSize();
        this.values = values;
        this.validity = new ValidityBuilder(allocator);
    }

    private static ArrowType.FixedSizeList fixedSizeList(ArrowType type) {
        if (Types.storage(type) instanceof ArrowType.FixedSizeList f) {
            return f;
        }
        throw new IllegalArgumentException(type + " is not a fixed_size_list type");
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
     * The count of values in each list.
     *
     * @return the count of values in each list
     */
    public int listSize() {
        return listSize;
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
     * Marks the next list valid: its {@code listSize} values must have been appended to {@link #values()}.
     *
     * @return this builder
     */
    public FixedSizeListBuilder append() {
        long need = (validity.length() + 1) * listSize;
        if (values.length() < need) {
            throw new IllegalStateException("list " + validity.length() + " needs " + listSize
                    + " values; the values builder holds " + values.length() + " of " + need);
        }
        validity.append(true);
        return this;
    }

    /** Appends a null list; the values get nulls up to its end unless already appended. */
    @Override
    public FixedSizeListBuilder appendNull() {
        long need = (validity.length() + 1) * listSize;
        for (long n = values.length(); n < need; n++) {
            values.appendNull();
        }
        validity.append(false);
        return this;
    }

    /** Appends a {@link List} of exactly {@code listSize} elements the values builder accepts, or null. */
    @Override
    public FixedSizeListBuilder appendObject(Object value) {
        if (value == null) {
            return appendNull();
        }
        if (!(value instanceof List<?> list) || list.size() != listSize) {
            throw new IllegalArgumentException("not a list of " + listSize + " elements: " + value);
        }
        for (Object element : list) {
            values.appendObject(element);
        }
        return append();
    }

    /**
     * The lists appended; this builder and its values builder start over empty.
     *
     * @throws IllegalStateException if the values do not number exactly {@code length() * listSize}
     */
    @Override
    public FixedSizeListArray build() {
        long length = validity.length();
        if (values.length() != length * listSize) {
            throw new IllegalStateException(length + " lists of " + listSize + " need " + length * listSize
                    + " values, not " + values.length());
        }
        long nulls = validity.unsetCount();
        Array child = values.build();
        ArrayData data = new ArrayData(type, length, 0, nulls, Arrays.asList(validity.finishValidity()),
                List.of(child.data()), null);
        return FixedSizeListArray.ofUnchecked(data);
    }

    /**
     * An empty builder of fixed-size lists.
     *
     * @param type the type of the values built
     * @param allocator the memory of the built arrays
     * @return the builder
     */
    public static FixedSizeListBuilder of(ArrowType type, BufferAllocator allocator) {
        return new FixedSizeListBuilder(type, allocator);
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
