// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.codec;

import dev.quiver.parquet.ParquetException;
import dev.quiver.parquet.format.CompressionCodec;
import java.lang.foreign.MemorySegment;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Exception;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;

/** The LZ4 block format (LZ4_RAW) through lz4-java (the same library as quiver-ipc). */
final class Lz4RawCodec implements PageCodec {
    static final Lz4RawCodec INSTANCE = new Lz4RawCodec();
    /** An LZ4 block expands at most about 255 times. */
    static final long MAX_RATIO = 255;

    private static final LZ4Factory FACTORY = LZ4Factory.fastestInstance();
    private static final LZ4SafeDecompressor DECOMPRESSOR = FACTORY.safeDecompressor();
    private static final LZ4Compressor COMPRESSOR = FACTORY.fastCompressor();

    @Override
    public int code() {
        return CompressionCodec.LZ4_RAW;
    }

    @Override
    public long maxDecompressedSize(long compressedSize) {
        return compressedSize > Long.MAX_VALUE / MAX_RATIO ? Long.MAX_VALUE : compressedSize * MAX_RATIO + 16;
    }

    @Override
    public void decompress(MemorySegment source, MemorySegment target) {
        int n = decompressBlock(source, target);
        if (n != target.byteSize()) {
            throw new ParquetException("LZ4 data of " + n + " bytes where the page declares " + target.byteSize());
        }
    }

    /**
     * Decompresses one LZ4 block into the start of {@code target}.
     *
     * @param source the block
     * @param target room for the output
     * @return the bytes written
     * @throws ParquetException if the block is malformed or does not fit
     */
    static int decompressBlock(MemorySegment source, MemorySegment target) {
        try {
            if (Segments.bothNative(source, target)) {
                var out = Segments.buffer(target);
                return DECOMPRESSOR.decompress(Segments.buffer(source), 0, (int) source.byteSize(), out, 0,
                        (int) target.byteSize());
            }
            byte[] out = new byte[(int) target.byteSize()];
            int n = DECOMPRESSOR.decompress(Segments.array(source), 0, (int) source.byteSize(), out, 0, out.length);
            MemorySegment.copy(MemorySegment.ofArray(out), 0, target, 0, n);
            return n;
        } catch (LZ4Exception e) {
            throw new ParquetException("malformed LZ4 data: " + e.getMessage(), e);
        }
    }

    @Override
    public long maxCompressedSize(long size) {
        if (size > Integer.MAX_VALUE) {
            throw new ParquetException("a page of " + size + " bytes is too large to compress");
        }
        return COMPRESSOR.maxCompressedLength((int) size);
    }

    @Override
    public long compress(MemorySegment source, MemorySegment target) {
        if (Segments.bothNative(source, target)) {
            return COMPRESSOR.compress(Segments.buffer(source), 0, (int) source.byteSize(), Segments.buffer(target), 0,
                    (int) target.byteSize());
        }
        byte[] in = Segments.heapArray(source);
        byte[] to = Segments.heapArray(target);
        if (in != null && to != null) {
            return COMPRESSOR.compress(in, Segments.heapOffset(source), (int) source.byteSize(), to,
                    Segments.heapOffset(target), (int) target.byteSize());
        }
        byte[] out = new byte[(int) maxCompressedSize(source.byteSize())];
        int n = COMPRESSOR.compress(Segments.array(source), 0, (int) source.byteSize(), out, 0, out.length);
        MemorySegment.copy(MemorySegment.ofArray(out), 0, target, 0, n);
        return n;
    }
}
