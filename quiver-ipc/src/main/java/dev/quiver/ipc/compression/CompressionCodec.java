package dev.quiver.ipc.compression;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.foreign.MemorySegment;

/**
 * A body compression codec: compresses one buffer at a time as a stream. Implementations for
 * {@link CompressionType#LZ4_FRAME} ({@link Lz4FrameCodec}) and {@link CompressionType#ZSTD}
 * ({@link ZstdCodec}) are provided; others can be plugged into the read and write options.
 */
public interface CompressionCodec {
    /** The codec this implements, as recorded in the record batch metadata. */
    CompressionType type();

    /** A stream that compresses what is written to it into {@code sink}; closing it finishes the frame. */
    OutputStream compressing(OutputStream sink) throws IOException;

    /** A stream of the decompressed bytes of the compressed {@code source}. */
    InputStream decompressing(InputStream source) throws IOException;

    /**
     * The most bytes {@code compressedSize} bytes of this codec's output can decompress to, used to
     * decide whether a buffer's claimed length is plausible enough to allocate at once; 0 (the default)
     * when the codec has no one-shot path.
     */
    default long maxDecompressedSize(long compressedSize) {
        return 0;
    }

    /**
     * Decompresses all of {@code source} (native or heap memory) into {@code target} (native) in one call,
     * never writing past it; returns the number of bytes written, or -1 when this codec cannot do it for
     * this input (the caller then uses {@link #decompressing}). Throws on malformed input or too small a
     * target.
     */
    default long decompress(MemorySegment source, MemorySegment target) throws IOException {
        return -1;
    }

    /** The provided codec for a type. */
    static CompressionCodec of(CompressionType type) {
        return switch (type) {
            case LZ4_FRAME -> new Lz4FrameCodec();
            case ZSTD -> new ZstdCodec();
        };
    }
}
