// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.builder;

import dev.quiver.core.array.FixedSizeBinaryArray;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import java.lang.foreign.MemorySegment;

/** Builds arrays of fixed-size byte strings; every value must have the type's byte width. */
public final class FixedSizeBinaryBuilder extends FixedWidthBuilder<FixedSizeBinaryBuilder> {
    private final ArrowType.FixedSizeBinary type;
    private final int byteWidth;

    /**
     * An empty builder.
     *
     * @param type the type of the values built
     * @param allocator the memory of the built arrays
     */
    public FixedSizeBinaryBuilder(ArrowType.FixedSizeBinary type, BufferAllocator allocator) {
        super(type, type.byteWidth(), allocator);
        this.type = type;
        this.byteWidth = type.byteWidth();
    }

    /**
     * Appends a value of exactly the type's byte width.
     *
     * @param value the value, or null to append a null
     * @return this builder
     */
    public FixedSizeBinaryBuilder append(byte[] value) {
        if (value == null) {
            return appendNull();
        }
        checkWidth(value.length);
        values.appendBytes(value);
        return valueAppended();
    }

    /**
     * Appends the type's byte width of bytes of {@code source} from {@code offset}.
     *
     * @param source the memory holding the value
     * @param offset where the value starts in {@code source}
     * @return this builder
     */
    public FixedSizeBinaryBuilder append(MemorySegment source, long offset) {
        values.appendBytes(source, offset, byteWidth);
        return valueAppended();
    }

    private void checkWidth(long length) {
        if (length != byteWidth) {
            throw new IllegalArgumentException("a value of " + type + " has " + byteWidth + " bytes, not " + length);
        }
    }

    @Override
    public FixedSizeBinaryBuilder appendObject(Object value) {
        return switch (value) {
            case null -> appendNull();
            case byte[] b -> append(b);
            case MemorySegment s -> {
                checkWidth(s.byteSize());
                yield append(s, 0);
            }
            default -> throw new IllegalArgumentException("not a byte[]: " + value);
        };
    }

    @Override
    public FixedSizeBinaryArray build() {
        return FixedSizeBinaryArray.ofUnchecked(finishData());
    }

    /**
     * An empty builder of fixed-size binary values.
     *
     * @param type the type of the values built
     * @param allocator the memory of the built arrays
     * @return the builder
     */
    public static FixedSizeBinaryBuilder of(ArrowType.FixedSizeBinary type, BufferAllocator allocator) {
        return new FixedSizeBinaryBuilder(type, allocator);
    }
}
