// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.builder;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.UnionArray;
import dev.quiver.core.array.UnionValue;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.GrowableBuffer;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.UnionMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Builds sparse and dense unions. {@link #append(int)} starts a slot of the child a type id selects
 * and returns that child's builder, to which the caller appends exactly one value or null; in a
 * sparse union every other child gets a null in that slot. {@link #appendNull()} appends a null to the
 * first child.
 *
 * <p>{@link #appendObject} takes a {@link UnionValue} (explicit type id), or a plain value as
 * {@link UnionArray#getObject} returns it, which goes to the first child whose values have that Java
 * class (Integer to int32, String to utf8, ...), else, for a number, to the first numeric child. So a
 * union whose children have distinct value classes round-trips through plain values; in general,
 * {@link UnionArray#getUnionValue} round-trips exactly.
 */
public final class UnionBuilder implements ArrayBuilder {
    private final ArrowType.Union type;
    private final boolean dense;
    private final ArrayBuilder[] children;
    private final long[] childLengths;
    private final GrowableBuffer typeIds;
    private final GrowableBuffer offsets;
    private long length;
    private int lastChild = -1;

    /**
     * A builder with a builder of each child made by {@link ArrayBuilder#of}.
     *
     * @param type the type of the values built
     * @param allocator the memory of the built arrays
     */
    public UnionBuilder(ArrowType.Union type, BufferAllocator allocator) {
        this(type, defaultChildren(type, allocator), allocator);
    }

    /**
     * A builder over the given child builders (one per field, of the field's type, empty).
     *
     * @param type the type of the values built
     * @param childBuilders the builders of the children (empty, one per child, of their types)
     * @param allocator the memory of the built arrays
     */
    public UnionBuilder(ArrowType.Union type, List<? extends ArrayBuilder> childBuilders, BufferAllocator allocator) {
        this.type = type;
        this.dense = type.mode() == UnionMode.DENSE;
        List<Field> fields = type.fields();
        if (childBuilders.size() != fields.size()) {
            throw new IllegalArgumentException(type + " needs " + fields.size() + " child builders, not "
                    + childBuilders.size());
        }
        this.children = childBuilders.toArray(new ArrayBuilder[0]);
        for (int k = 0; k < children.length; k++) {
            if (!children[k].type().equals(fields.get(k).type()) || children[k].length() != 0) {
                throw new IllegalArgumentException("child builder " + k + " must be an empty builder of "
                        + fields.get(k).type());
            }
        }
        this.childLengths = new long[children.length];
        this.typeIds = new GrowableBuffer(allocator);
        this.offsets = new GrowableBuffer(allocator);
    }

    private static List<ArrayBuilder> defaultChildren(ArrowType.Union type, BufferAllocator allocator) {
        List<ArrayBuilder> out = new ArrayList<>();
        for (Field f : type.fields()) {
            out.add(ArrayBuilder.of(f.type(), allocator));
        }
        return out;
    }

    @Override
    public ArrowType type() {
        return type;
    }

    @Override
    public long length() {
        return length;
    }

    /**
     * The builder of child {@code k} (field order).
     *
     * @param k the position, in field order
     * @return the builder of child {@code k}
     */
    public ArrayBuilder child(int k) {
        return children[k];
    }

    /**
     * Starts a slot selecting the child of {@code typeId} and returns that child's builder: append
     * exactly one value or null to it before the next slot.
     *
     * @param typeId the type id of the child the value goes to
     * @return the builder of the selected child
     */
    public ArrayBuilder append(int typeId) {
        int k = select(typeId);
        record(k);
        return children[k];
    }

    /**
     * Appends {@code value} (null for a null) to the child of {@code typeId}. When the child refuses
     * the value, nothing is appended.
     *
     * @param typeId the type id of the child the value goes to
     * @param value the value
     * @return the builder of the selected child
     */
    public UnionBuilder append(int typeId, Object value) {
        int k = select(typeId);
        children[k].appendObject(value);
        record(k);
        return this;
    }

    /** The child index of {@code typeId}, once the previous slot is known to be complete. */
    private int select(int typeId) {
        int k = typeId < 0 || typeId > 127 ? -1 : type.childIndex(typeId);
        if (k < 0) {
            throw new IllegalArgumentException("type id " + typeId + " is not declared by " + type);
        }
        checkLastSlotComplete();
        if (dense && childLengths[k] >= Integer.MAX_VALUE) {
            throw new IllegalStateException("child " + k + " of a dense union cannot pass 2^31 - 1 values");
        }
        return k;
    }

    /** Records a slot of child {@code k}: its type id, its dense offset or the other children's nulls. */
    private void record(int k) {
        typeIds.appendByte(type.typeIds().get(k).byteValue());
        if (dense) {
            offsets.appendInt((int) childLengths[k]);
        } else {
            for (int c = 0; c < children.length; c++) {
                if (c != k) {
                    children[c].appendNull();
                    childLengths[c]++;
                }
            }
        }
        childLengths[k]++;
        lastChild = k;
        length++;
    }

    /** Appends a null slot, stored as a null of the first child. */
    @Override
    public UnionBuilder appendNull() {
        if (children.length == 0) {
            throw new IllegalStateException("a union without children cannot hold a null");
        }
        append(type.typeIds().get(0), null);
        return this;
    }

    /** Appends a {@link UnionValue}, or a plain value routed by its class (see the class comment). */
    @Override
    public UnionBuilder appendObject(Object value) {
        return switch (value) {
            case null -> appendNull();
            case UnionValue u -> append(u.typeId(), u.value());
            default -> append(type.typeIds().get(childFor(type, value)), value);
        };
    }

    /** The child a plain value goes to: the first of its value class, else for a number the first numeric one. */
    static int childFor(ArrowType.Union type, Object value) {
        List<Field> fields = type.fields();
        for (int k = 0; k < fields.size(); k++) {
            if (ValueClasses.isRepresentationOf(fields.get(k).type(), value)) {
                return k;
            }
        }
        if (value instanceof Number) {
            for (int k = 0; k < fields.size(); k++) {
                if (ValueClasses.takesAnyNumber(fields.get(k).type())) {
                    return k;
                }
            }
        }
        throw new IllegalArgumentException("no child of " + type + " holds " + value.getClass().getSimpleName()
                + " values; pass a UnionValue to choose one");
    }

    private void checkLastSlotComplete() {
        if (lastChild >= 0 && children[lastChild].length() != childLengths[lastChild]) {
            throw new IllegalStateException("slot " + (length - 1) + " needs exactly one value appended to child "
                    + lastChild + ", which has " + children[lastChild].length() + " values where "
                    + childLengths[lastChild] + " are expected");
        }
    }

    @Override
    public UnionArray build() {
        checkLastSlotComplete();
        List<ArrayData> childData = new ArrayList<>(children.length);
        for (ArrayBuilder child : children) {
            childData.add(child.build().data());
        }
        List<ArrowBuffer> buffers = dense
                ? List.of(typeIds.finish(), offsets.finish())
                : List.of(typeIds.finish());
        ArrayData data = new ArrayData(type, length, 0, 0, buffers, childData, null);
        length = 0;
        lastChild = -1;
        Arrays.fill(childLengths, 0);
        return UnionArray.ofUnchecked(data);
    }

    /**
     * An empty builder of unions.
     *
     * @param type the type of the values built
     * @param allocator the memory of the built arrays
     * @return the builder
     */
    public static UnionBuilder of(ArrowType.Union type, BufferAllocator allocator) {
        return new UnionBuilder(type, allocator);
    }

    /**
     * The builder of child {@code k}, typed: {@code child(0, IntBuilder.class)} rather than an unchecked cast.
     *
     * @param <B> the builder class
     * @param k the 0-based child position
     * @param type the builder class expected (see {@link Builders})
     * @return the builder
     * @throws IndexOutOfBoundsException if there is no child {@code k}
     * @throws IllegalArgumentException if the builder is of another class, naming it
     */
    public <B extends ArrayBuilder> B child(int k, Class<B> type) {
        return Builders.as(child(k), type, "child " + k);
    }
}
