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
 * decompressed and byte-swapped buffers; give it a limit to bound what one input may take), and the
 * codecs by compression type.
 */
public record IpcReadOptions(boolean validateFull, BufferAllocator allocator,
        Map<CompressionType, CompressionCodec> codecs) {
    /** Full validation, the managed allocator, the provided codecs. */
    public static final IpcReadOptions DEFAULT = new IpcReadOptions(true, BufferAllocator.managed(), defaultCodecs());

    public IpcReadOptions {
        Objects.requireNonNull(allocator, "allocator");
        codecs = Map.copyOf(codecs);
    }

    private static Map<CompressionType, CompressionCodec> defaultCodecs() {
        Map<CompressionType, CompressionCodec> codecs = new EnumMap<>(CompressionType.class);
        for (CompressionType type : CompressionType.values()) {
            codecs.put(type, CompressionCodec.of(type));
        }
        return codecs;
    }

    /** These options with full validation on or off. */
    public IpcReadOptions withValidateFull(boolean newValidateFull) {
        return new IpcReadOptions(newValidateFull, allocator, codecs);
    }

    /** These options with another allocator. */
    public IpcReadOptions withAllocator(BufferAllocator newAllocator) {
        return new IpcReadOptions(validateFull, newAllocator, codecs);
    }

    /** These options with {@code codec} used for its compression type. */
    public IpcReadOptions withCodec(CompressionCodec codec) {
        Map<CompressionType, CompressionCodec> map = new EnumMap<>(codecs);
        map.put(codec.type(), codec);
        return new IpcReadOptions(validateFull, allocator, map);
    }
}
