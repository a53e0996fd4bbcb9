// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.codec;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdException;
import dev.quiver.parquet.ParquetException;
import dev.quiver.parquet.format.CompressionCodec;
import java.lang.foreign.MemorySegment;

/** Zstandard through zstd-jni (the same library and version as quiver-ipc), at level 3 when writing unless given. */
final class ZstdCodec implements PageCodec {
    static final ZstdCodec INSTANCE = new ZstdCodec(3);

    private final int level;

    ZstdCodec(int level) {
        this.level = level;
    }

    @Override
    public int code() {
        return CompressionCodec.ZSTD;
    }

    @Override
    public long maxDecompressedSize(long compressedSize) {
        return Long.MAX_VALUE;
    }

    @Override
    public void decompress(MemorySegment source, MemorySegment target) {
        long n;
        try {
            if (Segments.bothNative(source, target)) {
                n = Zstd.decompressDirectByteBuffer(Segments.buffer(target), 0, (int) target.byteSize(),
                        Segments.buffer(source), 0, (int) source.byteSize());
            } else {
                byte[] out = new byte[(int) target.byteSize()];
                n = Zstd.decompressByteArray(out, 0, out.length, Segments.array(source), 0, (int) source.byteSize());
                if (n == out.length) {
                    target.copyFrom(MemorySegment.ofArray(out));
                }
            }
        } catch (ZstdException e) {
            throw new ParquetException("malformed ZSTD data: " + e.getMessage(), e);
        }
        if (n != target.byteSize()) {
            throw new ParquetException("ZSTD data of " + n + " bytes where the page declares " + target.byteSize());
        }
    }

    @Override
    public long maxCompressedSize(long size) {
        return Zstd.compressBound(size);
    }

    @Override
    public long compress(MemorySegment source, MemorySegment target) {
        try {
            if (Segments.bothNative(source, target)) {
                return Zstd.compressDirectByteBuffer(Segments.buffer(target), 0, (int) target.byteSize(),
                        Segments.buffer(source), 0, (int) source.byteSize(), level);
            }
            byte[] in = Segments.heapArray(source);
            byte[] to = Segments.heapArray(target);
            if (in != null && to != null) {
                long n = Zstd.compressByteArray(to, Segments.heapOffset(target), (int) target.byteSize(), in,
                        Segments.heapOffset(source), (int) source.byteSize(), level);
                if (Zstd.isError(n)) {
                    throw new ParquetException("ZSTD compression failed: " + Zstd.getErrorName(n));
                }
                return n;
            }
            byte[] out = Zstd.compress(Segments.array(source), level);
            MemorySegment.copy(MemorySegment.ofArray(out), 0, target, 0, out.length);
            return out.length;
        } catch (ZstdException e) {
            throw new ParquetException("ZSTD compression failed: " + e.getMessage(), e);
        }
    }

    /**
     * A ZSTD codec writing at a level.
     *
     * @param level the compression level (1 to 22; negative levels are faster)
     * @return the codec
     */
    static ZstdCodec atLevel(int level) {
        return new ZstdCodec(level);
    }
}
