package dev.quiver.core.array;

import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;

/** Builds arrays of fixed-size byte strings; every value must have the type's byte width. */
public final class FixedSizeBinaryBuilder implements ArrayBuilder {
    private final ArrowType.FixedSizeBinary type;
    private final int byteWidth;
    private final GrowableBuffer values;
    private final ValidityBuilder validity;

    public FixedSizeBinaryBuilder(ArrowType.FixedSizeBinary type, BufferAllocator allocator) {
        this.type = type;
        this.byteWidth = type.byteWidth();
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

    /** Appends a value of exactly the type's byte width. */
    public FixedSizeBinaryBuilder append(byte[] value) {
        checkWidth(value.length);
        values.appendBytes(value);
        validity.append(true);
        return this;
    }

    /** Appends the type's byte width of bytes of {@code source} from {@code offset}. */
    public FixedSizeBinaryBuilder append(MemorySegment source, long offset) {
        values.appendBytes(source, offset, byteWidth);
        validity.append(true);
        return this;
    }

    private void checkWidth(long length) {
        if (length != byteWidth) {
            throw new IllegalArgumentException("a value of " + type + " has " + byteWidth + " bytes, not " + length);
        }
    }

    @Override
    public FixedSizeBinaryBuilder appendNull() {
        values.appendZeros(byteWidth);
        validity.append(false);
        return this;
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
        long length = validity.length();
        long nulls = validity.unsetCount();
        ArrayData data = new ArrayData(type, length, 0, nulls,
                Arrays.asList(validity.finishValidity(), values.finish()), List.of(), null);
        return new FixedSizeBinaryArray(data);
    }
}
