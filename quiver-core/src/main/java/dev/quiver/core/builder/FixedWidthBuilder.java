// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.builder;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.GrowableBuffer;
import dev.quiver.core.memory.ValidityBuilder;
import dev.quiver.core.type.ArrowType;
import java.util.Arrays;
import java.util.List;

/**
 * The common part of the builders of fixed-width values: a values buffer and a validity bitmap. A
 * subclass writes a value's bytes to {@link #values} and then calls {@link #valueAppended()}.
 *
 * @param <B> the builder's own type, returned by the append methods
 */
public abstract sealed class FixedWidthBuilder<B extends FixedWidthBuilder<B>> implements ArrayBuilder
        permits IntBuilder, FloatBuilder, DecimalBuilder, FixedSizeBinaryBuilder, DateBuilder, TimeBuilder,
        TimestampBuilder, DurationBuilder, IntervalYearMonthBuilder, IntervalDayTimeBuilder,
        IntervalMonthDayNanoBuilder {
    private final ArrowType type;
    private final int byteWidth;
    /** The values written so far, {@code byteWidth} bytes per slot. */
    protected final GrowableBuffer values;
    private final ValidityBuilder validity;

    FixedWidthBuilder(ArrowType type, int byteWidth, BufferAllocator allocator) {
        this.type = type;
        this.byteWidth = byteWidth;
        this.values = new GrowableBuffer(allocator);
        this.validity = new ValidityBuilder(allocator);
    }

    /**
     * The type of the values built.
     *
     * @return the type
     */
    @Override
    public ArrowType type() {
        return type;
    }

    /**
     * Slots appended since the last build.
     *
     * @return the count of slots
     */
    @Override
    public long length() {
        return validity.length();
    }

    /**
     * Records the value just written to {@link #values} as a valid slot.
     *
     * @return this builder
     */
    protected final B valueAppended() {
        validity.append(true);
        return self();
    }

    /**
     * Appends a null: a slot of zero bytes, marked invalid.
     *
     * @return this builder
     */
    @Override
    public B appendNull() {
        values.appendZeros(byteWidth);
        validity.append(false);
        return self();
    }

    /**
     * Appends {@code n} nulls.
     *
     * @param n how many
     * @return this builder
     * @throws IllegalArgumentException if {@code n} is negative
     */
    @Override
    public B appendNulls(long n) {
        if (n < 0) {
            throw new IllegalArgumentException("a negative count of nulls: " + n);
        }
        values.appendZeros(Math.multiplyExact(n, (long) byteWidth));
        validity.append(false, n);
        return self();
    }

    @SuppressWarnings("unchecked")
    private B self() {
        return (B) this;
    }

    /**
     * The data of all slots appended; the builder starts over empty.
     *
     * @return the data
     */
    protected final ArrayData finishData() {
        long length = validity.length();
        long nulls = validity.unsetCount();
        return new ArrayData(type, length, 0, nulls, Arrays.asList(validity.finishValidity(), values.finish()),
                List.of(), null);
    }

    /**
     * The array of all slots appended; the builder starts over empty.
     *
     * @return the array, of the type's array class
     */
    @Override
    public abstract Array build();
}
