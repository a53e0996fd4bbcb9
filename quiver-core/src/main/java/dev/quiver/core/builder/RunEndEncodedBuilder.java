// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.builder;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.RunEndEncodedArray;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import java.util.List;
import java.util.Objects;

/**
 * Builds run-end encoded arrays: a value equal (by content, see {@link ValueKey}) to the one before it,
 * null after null included, extends the current run instead of starting one. Run ends have the type's
 * width; a length past that width's maximum is refused.
 */
public final class RunEndEncodedBuilder implements ArrayBuilder {
    private final ArrowType.RunEndEncoded type;
    private final IntBuilder<?> runEnds;
    private final ArrayBuilder values;
    private final long maxLength;
    private long length;
    private Object lastKey;

    /**
     * A builder with the run values built by {@link ArrayBuilder#of} of the values type.
     *
     * @param type the type of the values built
     * @param allocator the memory of the built arrays
     */
    public RunEndEncodedBuilder(ArrowType.RunEndEncoded type, BufferAllocator allocator) {
        this(type, ArrayBuilder.of(type.values().type(), allocator), allocator);
    }

    /**
     * A builder whose run values go to {@code valuesBuilder} (empty, of the values type).
     *
     * @param type the type of the values built
     * @param valuesBuilder the builder of the run values (empty, of the values type)
     * @param allocator the memory of the built arrays
     */
    public RunEndEncodedBuilder(ArrowType.RunEndEncoded type, ArrayBuilder valuesBuilder, BufferAllocator allocator) {
        if (!valuesBuilder.type().equals(type.values().type()) || valuesBuilder.length() != 0) {
            throw new IllegalArgumentException("the values builder must be an empty builder of "
                    + type.values().type());
        }
        this.type = type;
        this.runEnds = IntBuilder.of((ArrowType.Int) type.runEnds().type(), allocator);
        this.values = valuesBuilder;
        int bits = ((ArrowType.Int) type.runEnds().type()).bitWidth();
        this.maxLength = bits == 64 ? Long.MAX_VALUE : (1L << (bits - 1)) - 1;
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
     * The number of runs so far.
     *
     * @return the count of runs so far
     */
    public long runCount() {
        return values.length();
    }

    @Override
    public RunEndEncodedBuilder appendNull() {
        return appendRun(null, 1);
    }

    @Override
    public RunEndEncodedBuilder appendObject(Object value) {
        return appendRun(value, 1);
    }

    /**
     * Appends {@code count} slots of {@code value} (null for nulls), merged with the current run when
     * equal to its value.
     *
     * @throws IllegalStateException when the length would pass the run-end type's maximum
     * @param value the run's value, as {@link ArrayBuilder#appendObject} takes it
     * @param count how many slots the run covers
     * @return this builder
     */
    public RunEndEncodedBuilder appendRun(Object value, long count) {
        if (count < 0) {
            throw new IllegalArgumentException("negative run length " + count);
        }
        if (count == 0) {
            return this;
        }
        if (count > maxLength - length) {
            throw new IllegalStateException("a run-end encoded array with " + type.runEnds().type()
                    + " run ends holds at most " + maxLength + " slots");
        }
        Object key = ValueKey.of(type, value);
        boolean hasRun = values.length() > 0;
        if (!hasRun || !Objects.equals(key, lastKey)) {
            values.appendObject(value);
            if (hasRun) {
                runEnds.append(length);
            }
            lastKey = key;
        }
        length += count;
        return this;
    }

    @Override
    public RunEndEncodedArray build() {
        if (values.length() > 0) {
            runEnds.append(length);
        }
        ArrayData data = new ArrayData(type, length, 0, 0, List.of(), List.of(runEnds.build().data(),
                values.build().data()), null);
        length = 0;
        lastKey = null;
        return RunEndEncodedArray.ofUnchecked(data);
    }

    /**
     * An empty builder of run-end encoded values.
     *
     * @param type the type of the values built
     * @param allocator the memory of the built arrays
     * @return the builder
     */
    public static RunEndEncodedBuilder of(ArrowType.RunEndEncoded type, BufferAllocator allocator) {
        return new RunEndEncodedBuilder(type, allocator);
    }
}
