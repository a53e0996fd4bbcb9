// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc.compression;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.foreign.MemorySegment;
import net.jpountz.lz4.LZ4FrameOutputStream;

/**
 * LZ4 frame format: compressed by lz4-java (independent blocks of 64 KiB, the LZ4 frame default that
 * Arrow C++ also writes), decompressed by {@link Lz4FrameDecoder}, which also reads linked blocks. Each
 * buffer is its own frame, and both sides allocate block-sized arrays per frame: lz4-java's default
 * 4 MiB blocks cost 16 MiB of zeroed heap per buffer written and read. A frame of independent blocks
 * is also decoded in one call into its final buffer ({@link Lz4FrameBlocks}); since an LZ4 block
 * expands at most about 255 times, a claimed length beyond that is implausible.
 */
public final class Lz4FrameCodec implements CompressionCodec {
    private static final long MAX_RATIO = 255;

    /** The LZ4 frame codec, writing independent 64 KiB blocks. */
    public Lz4FrameCodec() {
    }

    @Override
    public CompressionType type() {
        return CompressionType.LZ4_FRAME;
    }

    @Override
    public OutputStream compressing(OutputStream sink) throws IOException {
        return new LZ4FrameOutputStream(sink, LZ4FrameOutputStream.BLOCKSIZE.SIZE_64KB);
    }

    @Override
    public InputStream decompressing(InputStream source) throws IOException {
        return new Lz4FrameDecoder(source);
    }

    @Override
    public long maxDecompressedSize(long compressedSize) {
        return compressedSize > Long.MAX_VALUE / MAX_RATIO ? Long.MAX_VALUE : compressedSize * MAX_RATIO;
    }

    @Override
    public long maxCompressedSize(long size) {
        return size > Integer.MAX_VALUE ? 0 : Lz4FrameBlocks.maxEncodedSize(size);
    }

    /** One frame of independent 64 KiB blocks, the bytes {@link #compressing} writes for the same input. */
    @Override
    public long compress(MemorySegment source, MemorySegment target) throws IOException {
        if (source.byteSize() > Integer.MAX_VALUE || target.byteSize() < maxCompressedSize(source.byteSize())) {
            return -1;
        }
        return Lz4FrameBlocks.encode(source.asByteBuffer(), target.asByteBuffer());
    }

    @Override
    public long decompress(MemorySegment source, MemorySegment target) throws IOException {
        return Lz4FrameBlocks.decode(source.asByteBuffer(), target.asByteBuffer());
    }
}
