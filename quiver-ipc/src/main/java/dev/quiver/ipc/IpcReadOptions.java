// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.validation.ValidationLevel;
import dev.quiver.ipc.compression.CompressionCodec;
import dev.quiver.ipc.compression.CompressionType;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * How IPC is read: how far every array read is validated ({@link ValidationLevel#FULL} by default, right
 * for untrusted input; lower levels only for trusted input), the allocator for memory the reader fills (stream bodies,
 * decompressed and byte-swapped buffers; give it a limit to bound what one input may take), the
 * codecs by compression type, and the most bytes the buffers of one compressed record or dictionary
 * batch may take once decompressed. Whatever this limit, no buffer decompresses to more than its
 * array's type and length need (padded to 64 bytes; a variable-size binary's data to what its offsets
 * say; the variadic buffers of binary views, which may hold unused bytes, only by this limit): a
 * decompression bomb is refused before it takes memory.
 *
 * <p>Whatever the level, the reader checks the messages themselves: their framing, metadata, field
 * nodes and buffer ranges against the body, compression and dictionary ids. The level says what is
 * checked of the arrays built from them: {@link ValidationLevel#FULL} every rule of the format, value by
 * value (offsets, UTF-8, dictionary indices, union type ids); {@link ValidationLevel#STRUCTURE} buffer
 * counts and sizes, child counts and lengths, the ends of offsets; {@link ValidationLevel#NONE} nothing
 * more, for input this process wrote itself or validated before: an array that breaks the rules may
 * then throw an {@link IndexOutOfBoundsException} when accessed, or give wrong values.
 *
 * <p>{@code threads} says how many batches a file reader decodes at once: it decompresses and validates
 * that many batches after the one it hands out, on a shared pool of one thread per core, and hands them
 * out in file order, each exactly as one thread would read it (the same batches, the same exception at
 * the same batch). 0, the default, takes every core; 1 reads on the calling thread only. Stream readers,
 * and file readers whose allocator has a limit (batches read ahead would count against it), read one
 * batch at a time whatever this says; a stream reader of a channel that cannot seek (a pipe) reads its
 * bytes ahead on a thread of its own unless this is 1.
 *
 * @param validation how far every array read is validated
 * @param allocator the allocator for memory the reader fills
 * @param codecs the codec used for each compression type a record batch may declare; a batch compressed
 *     with a type missing here is refused
 * @param maxDecompressedBytes the most bytes the buffers of one compressed batch may take once
 *     decompressed
 * @param threads how many batches a file reader decodes at once: 0 for one per core, 1 for the calling
 *     thread only (and no stream read ahead)
 */
public record IpcReadOptions(ValidationLevel validation, BufferAllocator allocator,
        Map<CompressionType, CompressionCodec> codecs, long maxDecompressedBytes, int threads) {
    /** The default {@link #maxDecompressedBytes()}: 4 GiB. */
    public static final long DEFAULT_MAX_DECOMPRESSED_BYTES = 4L << 30;

    /** {@link ValidationLevel#FULL} validation, the managed allocator, the provided codecs, 4 GiB per decompressed batch, every core. */
    public static final IpcReadOptions DEFAULT = new IpcReadOptions(ValidationLevel.FULL, BufferAllocator.managed(), defaultCodecs(),
            DEFAULT_MAX_DECOMPRESSED_BYTES, 0);

    /**
     * Checks the options and keeps an unmodifiable copy of the codecs.
     *
     * @throws NullPointerException if {@code validation}, {@code allocator} or {@code codecs} is null
     * @throws IllegalArgumentException if {@code maxDecompressedBytes} or {@code threads} is negative
     */
    public IpcReadOptions {
        Objects.requireNonNull(validation, "validation");
        Objects.requireNonNull(allocator, "allocator");
        codecs = Map.copyOf(codecs);
        if (maxDecompressedBytes < 0) {
            throw new IllegalArgumentException("maxDecompressedBytes must not be negative: " + maxDecompressedBytes);
        }
        if (threads < 0) {
            throw new IllegalArgumentException("threads must not be negative: " + threads);
        }
    }

    /**
     * Options that decode on every core ({@code threads} 0).
     *
     * @param validation how far every array read is validated
     * @param allocator the allocator for memory the reader fills
     * @param codecs the codec used for each compression type a record batch may declare
     * @param maxDecompressedBytes the most bytes the buffers of one compressed batch may take once
     *     decompressed
     * @throws NullPointerException if {@code validation}, {@code allocator} or {@code codecs} is null
     * @throws IllegalArgumentException if {@code maxDecompressedBytes} is negative
     */
    public IpcReadOptions(ValidationLevel validation, BufferAllocator allocator,
            Map<CompressionType, CompressionCodec> codecs, long maxDecompressedBytes) {
        this(validation, allocator, codecs, maxDecompressedBytes, 0);
    }

    /**
     * Options with the default limit of decompressed bytes per batch.
     *
     * @param validation how far every array read is validated
     * @param allocator the allocator for memory the reader fills
     * @param codecs the codecs by compression type
     */
    public IpcReadOptions(ValidationLevel validation, BufferAllocator allocator,
            Map<CompressionType, CompressionCodec> codecs) {
        this(validation, allocator, codecs, DEFAULT_MAX_DECOMPRESSED_BYTES);
    }

    private static Map<CompressionType, CompressionCodec> defaultCodecs() {
        Map<CompressionType, CompressionCodec> codecs = new EnumMap<>(CompressionType.class);
        for (CompressionType type : CompressionType.values()) {
            codecs.put(type, CompressionCodec.of(type));
        }
        return codecs;
    }

    /**
     * These options with another validation level.
     *
     * @param newValidation how far every array read is validated ({@link ValidationLevel#NONE} and
     *     {@link ValidationLevel#STRUCTURE} only for trusted input)
     * @return the new options
     */
    public IpcReadOptions withValidation(ValidationLevel newValidation) {
        return new IpcReadOptions(newValidation, allocator, codecs, maxDecompressedBytes, threads);
    }

    /**
     * These options with another allocator.
     *
     * @param newAllocator the allocator for the memory the reader fills
     * @return the new options
     */
    public IpcReadOptions withAllocator(BufferAllocator newAllocator) {
        return new IpcReadOptions(validation, newAllocator, codecs, maxDecompressedBytes, threads);
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
        return new IpcReadOptions(validation, allocator, map, maxDecompressedBytes, threads);
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
        return new IpcReadOptions(validation, allocator, codecs, newMaxDecompressedBytes, threads);
    }

    /**
     * These options with another number of threads.
     *
     * @param newThreads how many batches a file reader decodes at once: 0 for one per core, 1 for the
     *     calling thread only
     * @return the new options
     * @throws IllegalArgumentException if {@code newThreads} is negative
     */
    public IpcReadOptions withThreads(int newThreads) {
        return new IpcReadOptions(validation, allocator, codecs, maxDecompressedBytes, newThreads);
    }
}
