package dev.quiver.ipc.compression;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

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

    /** The provided codec for a type. */
    static CompressionCodec of(CompressionType type) {
        return switch (type) {
            case LZ4_FRAME -> new Lz4FrameCodec();
            case ZSTD -> new ZstdCodec();
        };
    }
}
