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
 *
 * @param validateFull whether every array read is checked against every invariant of the spec
 *     ({@link dev.quiver.core.array.Array#validateFull()}) rather than only for buffer counts and sizes
 * @param allocator where the memory the reader fills comes from
 * @param codecs the codec used for each compression type a record batch may declare; a batch compressed
 *     with a type missing here is refused
 */
public record IpcReadOptions(boolean validateFull, BufferAllocator allocator,
        Map<CompressionType, CompressionCodec> codecs) {
    /** Full validation, the managed allocator, the provided codecs. */
    public static final IpcReadOptions DEFAULT = new IpcReadOptions(true, BufferAllocator.managed(), defaultCodecs());

    /**
     * Checks the options and keeps an unmodifiable copy of the codecs.
     *
     * @throws NullPointerException if {@code allocator} or {@code codecs} is null
     */
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

    /**
     * These options with full validation on or off.
     *
     * @param newValidateFull whether arrays are fully validated
     * @return the new options
     */
    public IpcReadOptions withValidateFull(boolean newValidateFull) {
        return new IpcReadOptions(newValidateFull, allocator, codecs);
    }

    /**
     * These options with another allocator.
     *
     * @param newAllocator the allocator for the memory the reader fills
     * @return the new options
     */
    public IpcReadOptions withAllocator(BufferAllocator newAllocator) {
        return new IpcReadOptions(validateFull, newAllocator, codecs);
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
        return new IpcReadOptions(validateFull, allocator, map);
    }
}
