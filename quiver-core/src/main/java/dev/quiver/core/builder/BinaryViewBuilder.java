// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.builder;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.BinaryViewArray;
import dev.quiver.core.array.Values;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.GrowableBuffer;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.memory.ValidityBuilder;
import dev.quiver.core.type.ArrowType;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Builds arrays of binary_view and utf8_view. Values of up to 12 bytes go inline into their views;
 * longer ones are appended to the current data block, and a new block (a new variadic buffer) is
 * started when a value would take the current one past its block size. Block sizes start at 32 KiB
 * and double up to 2 MiB; a longer value gets a block of its own size.
 */
public final class BinaryViewBuilder implements ArrayBuilder {
    /** The size of the first data block. */
    public static final int DEFAULT_INITIAL_BLOCK_SIZE = 32 << 10;
    /** The size blocks stop doubling at. */
    public static final int DEFAULT_MAX_BLOCK_SIZE = 2 << 20;

    private final ArrowType type;
    private final int initialBlockSize;
    private final int maxBlockSize;
    private final GrowableBuffer views;
    private final ValidityBuilder validity;
    private final GrowableBuffer block;
    private final List<ArrowBuffer> finishedBlocks = new ArrayList<>();
    private int blockSize;

    /**
     * An empty builder.
     *
     * @param type the type of the values built
     * @param allocator the memory of the built arrays
     */
    public BinaryViewBuilder(ArrowType type, BufferAllocator allocator) {
        this(type, allocator, DEFAULT_INITIAL_BLOCK_SIZE, DEFAULT_MAX_BLOCK_SIZE);
    }

    /**
     * A builder whose data blocks start at {@code initialBlockSize} bytes and double up to {@code maxBlockSize}.
     *
     * @param type the type of the values built
     * @param allocator the memory of the built arrays
     * @param initialBlockSize the size of the first data block, in bytes
     * @param maxBlockSize the size data blocks grow to at most, in bytes
     */
    public BinaryViewBuilder(ArrowType type, BufferAllocator allocator, int initialBlockSize, int maxBlockSize) {
        if (!(type instanceof ArrowType.BinaryView || type instanceof ArrowType.Utf8View)) {
            throw new IllegalArgumentException(type + " is not a binary or utf8 view type");
        }
        if (initialBlockSize <= 0 || maxBlockSize < initialBlockSize) {
            throw new IllegalArgumentException("block sizes " + initialBlockSize + " to " + maxBlockSize);
        }
        this.type = type;
        this.initialBlockSize = initialBlockSize;
        this.maxBlockSize = maxBlockSize;
        this.views = new GrowableBuffer(allocator);
        this.validity = new ValidityBuilder(allocator);
        this.block = new GrowableBuffer(allocator);
        this.blockSize = initialBlockSize;
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
     * Appends a value.
     *
     * @param value the value, or null to append a null
     * @return this builder
     */
    public BinaryViewBuilder append(byte[] value) {
        if (value == null) {
            return appendNull();
        }
        return append(MemorySegment.ofArray(value), 0, value.length);
    }

    /**
     * Appends a string as UTF-8.
     *
     * @param value the value, or null to append a null
     * @return this builder
     */
    public BinaryViewBuilder append(String value) {
        if (value == null) {
            return appendNull();
        }
        return append(value.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Appends {@code length} bytes of {@code source} from {@code offset} (at most 2^31 - 1).
     *
     * @param source the memory holding the value
     * @param offset where the value starts in {@code source}
     * @param length the length of the value in bytes
     * @return this builder
     */
    public BinaryViewBuilder append(MemorySegment source, long offset, long length) {
        if (length < 0 || length > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("a view holds 0 to " + Integer.MAX_VALUE + " bytes, not " + length);
        }
        Objects.checkFromIndexSize(offset, length, source.byteSize());
        int n = (int) length;
        long at = newView();
        MemorySegment s = views.segment();
        s.set(LittleEndian.INT, at, n);
        if (n <= BinaryViewArray.MAX_INLINE) {
            MemorySegment.copy(source, offset, s, at + 4, n);
        } else {
            int blockOffset = reserveBlock(n);
            block.appendBytes(source, offset, n);
            s.set(LittleEndian.INT, at + 4, block.segment().get(LittleEndian.INT, blockOffset));
            s.set(LittleEndian.INT, at + 8, finishedBlocks.size());
            s.set(LittleEndian.INT, at + 12, blockOffset);
        }
        validity.append(true);
        return this;
    }

    /** Adds a zeroed view; returns its position. */
    private long newView() {
        long at = views.size();
        views.setSize(at + BinaryViewArray.VIEW_SIZE);
        MemorySegment s = views.segment();
        s.set(LittleEndian.LONG, at, 0L);
        s.set(LittleEndian.LONG, at + 8, 0L);
        return at;
    }

    /** Makes room for {@code n} bytes in the current block (starting a new one if needed); returns their offset. */
    private int reserveBlock(int n) {
        if (block.size() > 0 && block.size() + n > blockSize) {
            finishedBlocks.add(block.finish());
            blockSize = (int) Math.min(2L * blockSize, maxBlockSize);
        }
        if (block.size() == 0) {
            block.ensureCapacity(Math.max(blockSize, n));
        }
        return (int) block.size();
    }

    @Override
    public BinaryViewBuilder appendNull() {
        newView();
        validity.append(false);
        return this;
    }

    /** Appends a String, a byte[] or a MemorySegment's bytes; null appends a null. */
    @Override
    public BinaryViewBuilder appendObject(Object value) {
        return switch (value) {
            case null -> appendNull();
            case byte[] b -> append(b);
            case String s -> append(s);
            case MemorySegment s -> append(s, 0, s.byteSize());
            default -> throw new IllegalArgumentException("not a String or byte[]: " + value);
        };
    }

    @Override
    public BinaryViewArray build() {
        long length = validity.length();
        long nulls = validity.unsetCount();
        List<ArrowBuffer> buffers = new ArrayList<>();
        buffers.add(validity.finishValidity());
        buffers.add(views.finish());
        buffers.addAll(finishedBlocks);
        if (block.size() > 0) {
            buffers.add(block.finish());
        }
        finishedBlocks.clear();
        blockSize = initialBlockSize;
        ArrayData data = new ArrayData(type, length, 0, nulls, buffers, List.of(), null);
        return BinaryViewArray.ofUnchecked(data);
    }

    /**
     * An empty builder of a view type ({@code utf8_view} or {@code binary_view}).
     *
     * @param type the type of the values built
     * @param allocator the memory of the built arrays
     * @return the builder
     */
    public static BinaryViewBuilder of(ArrowType type, BufferAllocator allocator) {
        return new BinaryViewBuilder(type, allocator);
    }

    /**
     * An empty builder of {@code utf8_view} strings.
     *
     * @param allocator the memory of the built arrays
     * @return the builder
     */
    public static BinaryViewBuilder utf8View(BufferAllocator allocator) {
        return new BinaryViewBuilder(ArrowType.UTF8_VIEW, allocator);
    }

    /**
     * An empty builder of {@code binary_view} values.
     *
     * @param allocator the memory of the built arrays
     * @return the builder
     */
    public static BinaryViewBuilder binaryView(BufferAllocator allocator) {
        return new BinaryViewBuilder(ArrowType.BINARY_VIEW, allocator);
    }
}
