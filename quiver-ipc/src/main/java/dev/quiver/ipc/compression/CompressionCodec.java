// SPDX-License-Identifier: Apache-2.0
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
    /**
     * The codec this implements, as recorded in the record batch metadata.
     *
     * @return the compression type of this codec's output
     */
    CompressionType type();

    /**
     * A stream that compresses what is written to it into {@code sink}; closing it finishes the frame.
     *
     * @param sink where the compressed bytes go
     * @return the compressing stream
     * @throws IOException if the codec cannot set up the stream or write the frame's start to {@code sink}
     */
    OutputStream compressing(OutputStream sink) throws IOException;

    /**
     * A stream of the decompressed bytes of the compressed {@code source}.
     *
     * @param source the compressed bytes
     * @return the decompressing stream; its reads throw {@link IOException} on malformed input
     * @throws IOException if the codec cannot set up the stream
     */
    InputStream decompressing(InputStream source) throws IOException;

    /**
     * The most bytes {@code compressedSize} bytes of this codec's output can decompress to, used to
     * decide whether a buffer's claimed length is plausible enough to allocate at once; 0 (the default)
     * when the codec has no one-shot path.
     *
     * @param compressedSize the size of a compressed buffer in bytes
     * @return the largest plausible decompressed size, or 0 when {@link #decompress} is not supported
     */
    default long maxDecompressedSize(long compressedSize) {
        return 0;
    }

    /**
     * Decompresses all of {@code source} (native or heap memory) into {@code target} (native) in one call,
     * never writing past it; returns the number of bytes written, or -1 when this codec cannot do it for this input
     * (the caller then uses {@link #decompressing}). Throws on malformed input or too small a target.
     *
     * @param source the compressed bytes, in native or heap memory
     * @param target where the decompressed bytes go, in native memory
     * @return the number of bytes written to {@code target}, or -1 when this input needs the streaming path
     * @throws IOException if {@code source} is malformed or its output does not fit in {@code target}
     */
    default long decompress(MemorySegment source, MemorySegment target) throws IOException {
        return -1;
    }

    /**
     * The most bytes {@link #compress} may write for {@code size} input bytes; 0 (the default) when this
     * codec has no one-shot path for that size.
     *
     * @param size the size of a buffer to compress, in bytes
     * @return the target size {@link #compress} needs, or 0 when {@link #compress} is not supported
     */
    default long maxCompressedSize(long size) {
        return 0;
    }

    /**
     * Compresses all of {@code source} (native or heap memory, never a file mapping) into {@code target}
     * (native, at least {@link #maxCompressedSize} bytes) in one call: the same format as
     * {@link #compressing}, read back by {@link #decompressing}. Returns the number of bytes written, or -1
     * when this codec cannot do it for this input (the caller then uses {@link #compressing}).
     *
     * @param source the bytes to compress
     * @param target where the compressed bytes go
     * @return the number of bytes written to {@code target}, or -1 when this input needs the streaming path
     * @throws IOException if the codec fails
     */
    default long compress(MemorySegment source, MemorySegment target) throws IOException {
        return -1;
    }

    /**
     * The provided codec for a type.
     *
     * @param type the compression type
     * @return a new {@link Lz4FrameCodec} or {@link ZstdCodec} (at its default level)
     */
    static CompressionCodec of(CompressionType type) {
        return switch (type) {
            case LZ4_FRAME -> new Lz4FrameCodec();
            case ZSTD -> new ZstdCodec();
        };
    }
}
