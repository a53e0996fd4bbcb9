package dev.quiver.ipc;

import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.Endianness;
import dev.quiver.ipc.compression.CompressionCodec;
import java.util.Map;
import java.util.Objects;

/**
 * How IPC is written: the alignment of body buffers (8, the format's minimum, or 64), the body
 * compression codec (null: none), the byte order of the data written (little-endian unless asked
 * otherwise; big-endian data is byte-swapped on the way out), the allocator for the temporary
 * memory of compaction, compression and byte swapping, and custom metadata for the schema message
 * (distinct from the schema's own metadata).
 */
public record IpcWriteOptions(int alignment, CompressionCodec codec, Endianness byteOrder, BufferAllocator allocator,
        Map<String, String> schemaMessageMetadata) {
    /** 8-byte alignment, no compression, little-endian, no schema message metadata. */
    public static final IpcWriteOptions DEFAULT = new IpcWriteOptions(8, null, Endianness.LITTLE,
            BufferAllocator.managed(), Map.of());

    public IpcWriteOptions {
        if (alignment != 8 && alignment != 64) {
            throw new IllegalArgumentException("alignment must be 8 or 64, not " + alignment);
        }
        Objects.requireNonNull(byteOrder, "byteOrder");
        Objects.requireNonNull(allocator, "allocator");
        schemaMessageMetadata = schemaMessageMetadata == null ? Map.of()
                : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(schemaMessageMetadata));
    }

    /** These options with another buffer alignment (8 or 64). */
    public IpcWriteOptions withAlignment(int newAlignment) {
        return new IpcWriteOptions(newAlignment, codec, byteOrder, allocator, schemaMessageMetadata);
    }

    /** These options with a compression codec (null: none). */
    public IpcWriteOptions withCodec(CompressionCodec newCodec) {
        return new IpcWriteOptions(alignment, newCodec, byteOrder, allocator, schemaMessageMetadata);
    }

    /** These options with another output byte order. */
    public IpcWriteOptions withByteOrder(Endianness newByteOrder) {
        return new IpcWriteOptions(alignment, codec, newByteOrder, allocator, schemaMessageMetadata);
    }

    /** These options with another allocator. */
    public IpcWriteOptions withAllocator(BufferAllocator newAllocator) {
        return new IpcWriteOptions(alignment, codec, byteOrder, newAllocator, schemaMessageMetadata);
    }

    /** These options with custom metadata on the schema message. */
    public IpcWriteOptions withSchemaMessageMetadata(Map<String, String> metadata) {
        return new IpcWriteOptions(alignment, codec, byteOrder, allocator, metadata);
    }
}
