// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.builder;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.ListViewArray;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.OffsetsBuilder;
import dev.quiver.core.memory.ValidityBuilder;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Types;
import java.util.Arrays;
import java.util.List;

/**
 * Builds list_view and large_list_view arrays. Lists appended with {@link #startList()} /
 * {@link #endList()} (or {@link #appendObject}) take the values appended to {@link #values()} in between,
 * in order. {@link #appendView} and {@link #appendNullView} instead append a view of any range of the
 * values, in any order and possibly shared, as the layout allows; each range must lie inside the values
 * when the array is built.
 */
public final class ListViewBuilder implements ArrayBuilder {
    private final ArrowType type;
    private final ArrayBuilder values;
    private final OffsetsBuilder offsets;
    private final OffsetsBuilder sizes;
    private final ValidityBuilder validity;
    private long start = -1;
    private long maxEnd;

    /**
     * A builder whose values builder is {@code ArrayBuilder.of(value type, allocator)}.
     *
     * @param type the type of the values built
     * @param allocator the memory of the built arrays
     */
    public ListViewBuilder(ArrowType type, BufferAllocator allocator) {
        this(type, ArrayBuilder.of(valueField(type).type(), allocator), allocator);
    }

    /**
     * A builder over the given values builder, whose type must be the value type.
     *
     * @param type the type of the values built
     * @param values the builder of the element values (empty, of the element type)
     * @param allocator the memory of the built arrays
     */
    public ListViewBuilder(ArrowType type, ArrayBuilder values, BufferAllocator allocator) {
        Field valueField = valueField(type);
        if (!values.type().equals(valueField.type())) {
            throw new IllegalArgumentException("values builder of type " + values.type() + " for " + type);
        }
        boolean wide = Types.storage(type) instanceof ArrowType.LargeListView;
        this.type = type;
        this.values = values;
        this.offsets = new OffsetsBuilder(allocator, wide);
        this.sizes = new OffsetsBuilder(allocator, wide);
        this.validity = new ValidityBuilder(allocator);
    }

    private static Field valueField(ArrowType type) {
        return switch (Types.storage(type)) {
            case ArrowType.ListView t -> t.valueField();
            case ArrowType.LargeListView t -> t.valueField();
            default -> throw new IllegalArgumentException(type + " is not a list_view or large_list_view type");
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
    public ListViewBuilder startList() {
        checkClosed();
        start = values.length();
        return this;
    }

    /**
     * Ends the list started by {@link #startList()}: a valid slot.
     *
     * @return this builder
     */
    public ListViewBuilder endList() {
        if (start < 0) {
            throw new IllegalStateException("no list started");
        }
        long from = start;
        start = -1;
        return add(from, values.length() - from, true);
    }

    /** Appends a null slot: an empty view at the end of the values appended so far. */
    @Override
    public ListViewBuilder appendNull() {
        checkClosed();
        return add(values.length(), 0, false);
    }

    /**
     * Appends a valid list viewing the {@code size} values from position {@code offset} of the values.
     *
     * @param offset where the view starts in the values
     * @param size how many values the view covers
     * @return this builder
     */
    public ListViewBuilder appendView(long offset, long size) {
        checkClosed();
        return add(offset, size, true);
    }

    /**
     * Appends a null slot whose view is the {@code size} values from {@code offset} (hidden by the null).
     *
     * @param offset where the view starts in the values
     * @param size how many values the view covers
     * @return this builder
     */
    public ListViewBuilder appendNullView(long offset, long size) {
        checkClosed();
        return add(offset, size, false);
    }

    private ListViewBuilder add(long offset, long size, boolean valid) {
        if (offset < 0 || size < 0 || size > Long.MAX_VALUE - offset) {
            throw new IllegalArgumentException("bad view: offset " + offset + ", size " + size);
        }
        if (!offsets.wide()) {
            OffsetsBuilder.checkNarrow(offset + size);
        }
        offsets.append(offset);
        sizes.append(size);
        validity.append(valid);
        maxEnd = Math.max(maxEnd, offset + size);
        return this;
    }

    private void checkClosed() {
        if (start >= 0) {
            throw new IllegalStateException("a list is started: end it first");
        }
    }

    /** Appends a {@link List} whose elements the values builder accepts ({@code appendObject}), or null. */
    @Override
    public ListViewBuilder appendObject(Object value) {
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

    /**
     * The lists appended; this builder and its values builder start over empty.
     *
     * @throws IllegalStateException if a list is still open or a view reaches past the values
     */
    @Override
    public ListViewArray build() {
        checkClosed();
        if (maxEnd > values.length()) {
            throw new IllegalStateException("a view reaches position " + maxEnd + " but only " + values.length()
                    + " values were appended");
        }
        long length = validity.length();
        long nulls = validity.unsetCount();
        Array child = values.build();
        ArrayData data = new ArrayData(type, length, 0, nulls,
                Arrays.asList(validity.finishValidity(), offsets.finish(), sizes.finish()), List.of(child.data()),
                null);
        maxEnd = 0;
        return ListViewArray.ofUnchecked(data);
    }

    /**
     * An empty builder of list views.
     *
     * @param type the type of the values built
     * @param allocator the memory of the built arrays
     * @return the builder
     */
    public static ListViewBuilder of(ArrowType type, BufferAllocator allocator) {
        return new ListViewBuilder(type, allocator);
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
