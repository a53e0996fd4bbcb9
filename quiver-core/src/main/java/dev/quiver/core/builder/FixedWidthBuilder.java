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
        permits IntBuilder, FloatBuilder, DecimalBuilder, FixedSizeBinaryBuilder, IntervalBuilder {
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

    @Override
    public ArrowType type() {
        return type;
    }

    @Override
    public long length() {
        return validity.length();
    }

    /** Records the value just written to {@link #values} as a valid slot. */
    protected final B valueAppended() {
        validity.append(true);
        return self();
    }

    /** Appends a null: a slot of zero bytes, marked invalid. */
    @Override
    public B appendNull() {
        values.appendZeros(byteWidth);
        validity.append(false);
        return self();
    }

    @SuppressWarnings("unchecked")
    private B self() {
        return (B) this;
    }

    /** The data of all slots appended; the builder starts over empty. */
    protected final ArrayData finishData() {
        long length = validity.length();
        long nulls = validity.unsetCount();
        return new ArrayData(type, length, 0, nulls, Arrays.asList(validity.finishValidity(), values.finish()),
                List.of(), null);
    }

    @Override
    public Array build() {
        return Array.ofUnchecked(finishData());
    }
}
