// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.builder;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.BooleanArray;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.ValidityBuilder;
import dev.quiver.core.type.ArrowType;
import java.util.Arrays;
import java.util.List;

/** Builds arrays of booleans, one bit per value. */
public final class BooleanBuilder implements ArrayBuilder {
    private final ValidityBuilder values;
    private final ValidityBuilder validity;

    /**
     * An empty builder.
     *
     * @param allocator the memory of the built arrays
     */
    public BooleanBuilder(BufferAllocator allocator) {
        this.values = new ValidityBuilder(allocator);
        this.validity = new ValidityBuilder(allocator);
    }

    @Override
    public ArrowType type() {
        return ArrowType.BOOL;
    }

    @Override
    public long length() {
        return validity.length();
    }

    /**
     * Appends a value.
     *
     * @param value the value
     * @return this builder
     */
    public BooleanBuilder append(boolean value) {
        values.append(value);
        validity.append(true);
        return this;
    }

    @Override
    public BooleanBuilder appendNull() {
        values.append(false);
        validity.append(false);
        return this;
    }

    @Override
    public BooleanBuilder appendObject(Object value) {
        return switch (value) {
            case null -> appendNull();
            case Boolean b -> append(b);
            default -> throw new IllegalArgumentException("not a boolean: " + value);
        };
    }

    @Override
    public BooleanArray build() {
        long length = validity.length();
        long nulls = validity.unsetCount();
        ArrayData data = new ArrayData(ArrowType.BOOL, length, 0, nulls,
                Arrays.asList(validity.finishValidity(), values.finishBits()), List.of(), null);
        return BooleanArray.ofUnchecked(data);
    }

    /**
     * An empty builder of booleans.
     *
     * @param allocator the memory of the built arrays
     * @return the builder
     */
    public static BooleanBuilder of(BufferAllocator allocator) {
        return new BooleanBuilder(allocator);
    }

    /**
     * Appends a value, or a null for null.
     *
     * @param value the value, or null to append a null
     * @return this builder
     */
    public BooleanBuilder append(Boolean value) {
        return value == null ? appendNull() : append(value.booleanValue());
    }
}
