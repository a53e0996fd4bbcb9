// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.builder;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.VarBinaryArray;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.GrowableBuffer;
import dev.quiver.core.memory.ValidityBuilder;
import dev.quiver.core.type.ArrowType;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Builds arrays of binary, utf8, large_binary and large_utf8. The 32-bit types hold at most 2^31 - 1
 * bytes of data in all; the large types are limited by memory only.
 */
public final class VarBinaryBuilder implements ArrayBuilder {
    private final ArrowType type;
    private final boolean large;
    private final GrowableBuffer offsets;
    private final GrowableBuffer values;
    private final ValidityBuilder validity;

    /**
     * An empty builder.
     *
     * @param type the type of the values built
     * @param allocator the memory of the built arrays
     */
    public VarBinaryBuilder(ArrowType type, BufferAllocator allocator) {
        this.large = switch (type) {
            case ArrowType.Binary t -> false;
            case ArrowType.Utf8 t -> false;
            case ArrowType.LargeBinary t -> true;
            case ArrowType.LargeUtf8 t -> true;
            default -> throw new IllegalArgumentException(type + " is not a variable-size binary type");
        };
        this.type = type;
        this.offsets = new GrowableBuffer(allocator);
        this.values = new GrowableBuffer(allocator);
        this.validity = new ValidityBuilder(allocator);
        appendOffset(0);
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
     * Bytes of data appended so far.
     *
     * @return the count of bytes
     */
    public long dataLength() {
        return values.size();
    }

    private void appendOffset(long end) {
        if (large) {
            offsets.appendLong(end);
        } else {
            offsets.appendInt((int) end);
        }
    }

    private void reserve(long length) {
        if (!large && values.size() + length > Integer.MAX_VALUE) {
            throw new IllegalStateException(type + " cannot hold more than " + Integer.MAX_VALUE
                    + " bytes of data; use the large type");
        }
    }

    /**
     * Appends a value.
     *
     * @param value the value, or null to append a null
     * @return this builder
     */
    public VarBinaryBuilder append(byte[] value) {
        if (value == null) {
            return appendNull();
        }
        return append(value, 0, value.length);
    }

    /**
     * Appends {@code length} bytes of {@code value} from {@code from}.
     *
     * @param value the value
     * @param from where the value starts in {@code value}
     * @param length the length of the value in bytes
     * @return this builder
     */
    public VarBinaryBuilder append(byte[] value, int from, int length) {
        reserve(length);
        values.appendBytes(value, from, length);
        return endValue();
    }

    /**
     * Appends a string as UTF-8.
     *
     * @param value the value, or null to append a null
     * @return this builder
     */
    public VarBinaryBuilder append(String value) {
        if (value == null) {
            return appendNull();
        }
        return append(value.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Appends {@code length} bytes of {@code source} from {@code offset}.
     *
     * @param source the memory holding the value
     * @param offset where the value starts in {@code source}
     * @param length the length of the value in bytes
     * @return this builder
     */
    public VarBinaryBuilder append(MemorySegment source, long offset, long length) {
        reserve(length);
        values.appendBytes(source, offset, length);
        return endValue();
    }

    private VarBinaryBuilder endValue() {
        appendOffset(values.size());
        validity.append(true);
        return this;
    }

    @Override
    public VarBinaryBuilder appendNull() {
        appendOffset(values.size());
        validity.append(false);
        return this;
    }

    /** Appends a String, a byte[] or a MemorySegment's bytes; null appends a null. */
    @Override
    public VarBinaryBuilder appendObject(Object value) {
        return switch (value) {
            case null -> appendNull();
            case byte[] b -> append(b);
            case String s -> append(s);
            case MemorySegment s -> append(s, 0, s.byteSize());
            default -> throw new IllegalArgumentException("not a String or byte[]: " + value);
        };
    }

    @Override
    public VarBinaryArray build() {
        long length = validity.length();
        long nulls = validity.unsetCount();
        ArrayData data = new ArrayData(type, length, 0, nulls,
                Arrays.asList(validity.finishValidity(), offsets.finish(), values.finish()), List.of(), null);
        appendOffset(0);
        return VarBinaryArray.ofUnchecked(data);
    }

    /**
     * An empty builder of a variable-size binary or string type.
     *
     * @param type the type of the values built
     * @param allocator the memory of the built arrays
     * @return the builder
     */
    public static VarBinaryBuilder of(ArrowType type, BufferAllocator allocator) {
        return new VarBinaryBuilder(type, allocator);
    }

    /**
     * An empty builder of {@code utf8} strings.
     *
     * @param allocator the memory of the built arrays
     * @return the builder
     */
    public static VarBinaryBuilder utf8(BufferAllocator allocator) {
        return new VarBinaryBuilder(ArrowType.UTF8, allocator);
    }

    /**
     * An empty builder of {@code large_utf8} strings.
     *
     * @param allocator the memory of the built arrays
     * @return the builder
     */
    public static VarBinaryBuilder largeUtf8(BufferAllocator allocator) {
        return new VarBinaryBuilder(ArrowType.LARGE_UTF8, allocator);
    }

    /**
     * An empty builder of {@code binary} values.
     *
     * @param allocator the memory of the built arrays
     * @return the builder
     */
    public static VarBinaryBuilder binary(BufferAllocator allocator) {
        return new VarBinaryBuilder(ArrowType.BINARY, allocator);
    }

    /**
     * An empty builder of {@code large_binary} values.
     *
     * @param allocator the memory of the built arrays
     * @return the builder
     */
    public static VarBinaryBuilder largeBinary(BufferAllocator allocator) {
        return new VarBinaryBuilder(ArrowType.LARGE_BINARY, allocator);
    }
}
