// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.ipc.compression.CompressionCodec;
import dev.quiver.ipc.compression.CompressionType;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * How IPC is read: whether every array is fully validated (the default, right for untrusted input;
 * switch it off only for trusted input), the allocator for memory the reader fills (stream bodies,
 * decompressed and byte-swapped buffers; give it a limit to bound what one input may take), the
 * codecs by compression type, and the most bytes the buffers of one compressed record or dictionary
 * batch may take once decompressed. Whatever this limit, no buffer decompresses to more than its
 * array's type and length need (padded to 64 bytes; a variable-size binary's data to what its offsets
 * say; the variadic buffers of binary views, which may hold unused bytes, only by this limit): a
 * decompression bomb is refused before it takes memory.
 *
 * @param validateFull whether every array read is checked against every invariant of the spec
 *     ({@link dev.quiver.core.array.Array#validateFull()}) rather than only for buffer counts and sizes
 * @param allocator the allocator for memory the reader fills
 * @param codecs the codec used for each compression type a record batch may declare; a batch compressed
 *     with a type missing here is refused
 * @param maxDecompressedBytes the most bytes the buffers of one compressed batch may take once
 *     decompressed
 */
public record IpcReadOptions(boolean validateFull, BufferAllocator allocator,
        Map<CompressionType, CompressionCodec> codecs, long maxDecompressedBytes) {
    /** The default {@link #maxDecompressedBytes()}: 4 GiB. */
    public static final long DEFAULT_MAX_DECOMPRESSED_BYTES = 4L << 30;

    /** Full validation, the managed allocator, the provided codecs, 4 GiB per decompressed batch. */
    public static final IpcReadOptions DEFAULT = new IpcReadOptions(true, BufferAllocator.managed(), defaultCodecs(),
            DEFAULT_MAX_DECOMPRESSED_BYTES);

    /**
     * Checks the options and keeps an unmodifiable copy of the codecs.
     *
     * @throws NullPointerException if {@code allocator} or {@code codecs} is null
     * @throws IllegalArgumentException if {@code maxDecompressedBytes} is negative
     */
    public IpcReadOptions {
        Objects.requireNonNull(allocator, "allocator");
        codecs = Map.copyOf(codecs);
        if (maxDecompressedBytes < 0) {
            throw new IllegalArgumentException("maxDecompressedBytes must not be negative: " + maxDecompressedBytes);
        }
    }

    /**
     * Options with the default limit of decompressed bytes per batch.
     *
     * @param validateFull whether every array is fully validated
     * @param allocator the allocator for memory the reader fills
     * @param codecs the codecs by compression type
     */
    public IpcReadOptions(boolean validateFull, BufferAllocator allocator,
            Map<CompressionType, CompressionCodec> codecs) {
        this(validateFull, allocator, codecs, DEFAULT_MAX_DECOMPRESSED_BYTES);
    }

    private static Map<CompressionType, CompressionCodec> defaultCodecs() {
        Map<CompressionType, CompressionCodec> codecs = new EnumMap<>(CompressionType.class);
        for (CompressionType type : CompressionType.values()) {
            codecs.put(type, CompressionCodec.of(type));
        }
        return codecs;
    }

    /**
     * These options with full validation on or off.
     *
     * @param newValidateFull whether arrays are fully validated
     * @return the new options
     */
    public IpcReadOptions withValidateFull(boolean newValidateFull) {
        return new IpcReadOptions(newValidateFull, allocator, codecs, maxDecompressedBytes);
    }

    /**
     * These options with another allocator.
     *
     * @param newAllocator the allocator for the memory the reader fills
     * @return the new options
     */
    public IpcReadOptions withAllocator(BufferAllocator newAllocator) {
        return new IpcReadOptions(validateFull, newAllocator, codecs, maxDecompressedBytes);
    }

    /**
     * These options with {@code codec} used for its compression type.
     *
     * @param codec the codec, replacing the one of the same {@link CompressionCodec#type()}
     * @return the new options
     */
    public IpcReadOptions withCodec(CompressionCodec codec) {
        Map<CompressionType, CompressionCodec> map = new EnumMap<>(codecs);
        map.put(codec.type(), codec);
        return new IpcReadOptions(validateFull, allocator, map, maxDecompressedBytes);
    }

    /**
     * These options with another limit on the bytes the buffers of one compressed batch may take once
     * decompressed.
     *
     * @param newMaxDecompressedBytes the limit in bytes
     * @return the new options
     * @throws IllegalArgumentException if the limit is negative
     */
    public IpcReadOptions withMaxDecompressedBytes(long newMaxDecompressedBytes) {
        return new IpcReadOptions(validateFull, allocator, codecs, newMaxDecompressedBytes);
    }
}
