// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.Endianness;
import dev.quiver.ipc.compression.CompressionCodec;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * How IPC is written: the alignment of body buffers (8, the format's minimum, or 64), the body
 * compression codec (null: none), the byte order of the data written (little-endian unless asked
 * otherwise; big-endian data is byte-swapped on the way out), the allocator for the temporary
 * memory of compaction, compression and byte swapping, custom metadata for the schema message
 * (distinct from the schema's own metadata), custom metadata for the footer of a file, and how many
 * threads compress the buffers of a batch: 0 (the default) one per core, on a shared pool, 1 the calling
 * thread only. The bytes written are the same whatever the number of threads.
 *
 * @param alignment the alignment of body buffers in bytes: 8 or 64
 * @param codec the body compression codec, or null for uncompressed bodies
 * @param byteOrder the byte order of the data written
 * @param allocator where the temporary memory of compaction, compression and byte swapping comes from
 * @param schemaMessageMetadata custom metadata of the schema message; null is taken as none
 * @param footerMetadata custom metadata of the footer of a file (streams have no footer and ignore it);
 *     null is taken as none
 * @param threads how many threads compress the buffers of a batch: 0 for one per core, 1 for the calling
 *     thread only
 */
public record IpcWriteOptions(int alignment, CompressionCodec codec, Endianness byteOrder, BufferAllocator allocator,
        Map<String, String> schemaMessageMetadata, Map<String, String> footerMetadata, int threads) {
    /** 8-byte alignment, no compression, little-endian, no schema message or footer metadata. */
    public static final IpcWriteOptions DEFAULT = new IpcWriteOptions(8, null, Endianness.LITTLE,
            BufferAllocator.managed(), Map.of(), Map.of(), 0);

    /**
     * Checks the options and keeps unmodifiable copies of the schema message and footer metadata, in
     * their order.
     *
     * @throws IllegalArgumentException if {@code alignment} is neither 8 nor 64, or {@code threads} is
     *     negative
     * @throws NullPointerException if {@code byteOrder} or {@code allocator} is null
     */
    public IpcWriteOptions {
        if (alignment != 8 && alignment != 64) {
            throw new IllegalArgumentException("alignment must be 8 or 64, not " + alignment);
        }
        if (threads < 0) {
            throw new IllegalArgumentException("threads must not be negative: " + threads);
        }
        Objects.requireNonNull(byteOrder, "byteOrder");
        Objects.requireNonNull(allocator, "allocator");
        schemaMessageMetadata = copy(schemaMessageMetadata);
        footerMetadata = copy(footerMetadata);
    }

    /**
     * Options that compress on every core ({@code threads} 0).
     *
     * @param alignment the alignment of body buffers in bytes: 8 or 64
     * @param codec the body compression codec, or null for uncompressed bodies
     * @param byteOrder the byte order of the data written
     * @param allocator where the temporary memory of compaction, compression and byte swapping comes from
     * @param schemaMessageMetadata custom metadata of the schema message; null is taken as none
     * @param footerMetadata custom metadata of the footer of a file; null is taken as none
     * @throws IllegalArgumentException if {@code alignment} is neither 8 nor 64
     * @throws NullPointerException if {@code byteOrder} or {@code allocator} is null
     */
    public IpcWriteOptions(int alignment, CompressionCodec codec, Endianness byteOrder, BufferAllocator allocator,
            Map<String, String> schemaMessageMetadata, Map<String, String> footerMetadata) {
        this(alignment, codec, byteOrder, allocator, schemaMessageMetadata, footerMetadata, 0);
    }

    private static Map<String, String> copy(Map<String, String> metadata) {
        return metadata == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(metadata));
    }

    /**
     * These options with another buffer alignment.
     *
     * @param newAlignment the alignment of body buffers in bytes: 8 or 64
     * @return the new options
     * @throws IllegalArgumentException if {@code newAlignment} is neither 8 nor 64
     */
    public IpcWriteOptions withAlignment(int newAlignment) {
        return new IpcWriteOptions(newAlignment, codec, byteOrder, allocator, schemaMessageMetadata,
                footerMetadata, threads);
    }

    /**
     * These options with a compression codec.
     *
     * @param newCodec the body compression codec, or null for uncompressed bodies
     * @return the new options
     */
    public IpcWriteOptions withCodec(CompressionCodec newCodec) {
        return new IpcWriteOptions(alignment, newCodec, byteOrder, allocator, schemaMessageMetadata,
                footerMetadata, threads);
    }

    /**
     * These options with another output byte order.
     *
     * @param newByteOrder the byte order of the data written
     * @return the new options
     */
    public IpcWriteOptions withByteOrder(Endianness newByteOrder) {
        return new IpcWriteOptions(alignment, codec, newByteOrder, allocator, schemaMessageMetadata,
                footerMetadata, threads);
    }

    /**
     * These options with another allocator.
     *
     * @param newAllocator the allocator for the writer's temporary memory
     * @return the new options
     */
    public IpcWriteOptions withAllocator(BufferAllocator newAllocator) {
        return new IpcWriteOptions(alignment, codec, byteOrder, newAllocator, schemaMessageMetadata,
                footerMetadata, threads);
    }

    /**
     * These options with custom metadata on the schema message.
     *
     * @param metadata the custom metadata of the schema message, replacing any set before; null is none
     * @return the new options
     */
    public IpcWriteOptions withSchemaMessageMetadata(Map<String, String> metadata) {
        return new IpcWriteOptions(alignment, codec, byteOrder, allocator, metadata, footerMetadata, threads);
    }

    /**
     * These options with custom metadata on the footer of a file.
     *
     * @param metadata the custom metadata of the footer, replacing any set before; null is none
     * @return the new options
     */
    public IpcWriteOptions withFooterMetadata(Map<String, String> metadata) {
        return new IpcWriteOptions(alignment, codec, byteOrder, allocator, schemaMessageMetadata, metadata, threads);
    }

    /**
     * These options with another number of compressing threads.
     *
     * @param newThreads how many threads compress the buffers of a batch: 0 for one per core, 1 for the
     *     calling thread only
     * @return the new options
     * @throws IllegalArgumentException if {@code newThreads} is negative
     */
    public IpcWriteOptions withThreads(int newThreads) {
        return new IpcWriteOptions(alignment, codec, byteOrder, allocator, schemaMessageMetadata, footerMetadata,
                newThreads);
    }
}
