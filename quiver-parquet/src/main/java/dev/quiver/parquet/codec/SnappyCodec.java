// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.codec;

import dev.quiver.parquet.ParquetException;
import dev.quiver.parquet.format.CompressionCodec;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import org.xerial.snappy.Snappy;

/**
 * Snappy's raw block format through snappy-java (native Snappy): direct buffers over native segments,
 * arrays otherwise. The block's own length header must equal the declared size.
 */
final class SnappyCodec implements PageCodec {
    static final SnappyCodec INSTANCE = new SnappyCodec();
    /** A Snappy copy element of at least 2 bytes yields at most 64 bytes. */
    private static final long MAX_RATIO = 32;

    @Override
    public int code() {
        return CompressionCodec.SNAPPY;
    }

    @Override
    public long maxDecompressedSize(long compressedSize) {
        return compressedSize > Long.MAX_VALUE / MAX_RATIO ? Long.MAX_VALUE : compressedSize * MAX_RATIO + 16;
    }

    @Override
    public void decompress(MemorySegment source, MemorySegment target) {
        try {
            if (Segments.bothNative(source, target)) {
                var in = Segments.buffer(source);
                long length = Snappy.uncompressedLength(in);
                if (length != target.byteSize()) {
                    throw new ParquetException("Snappy data of " + length + " bytes where the page declares "
                            + target.byteSize());
                }
                Snappy.uncompress(in, Segments.buffer(target));
            } else {
                byte[] in = Segments.array(source);
                int length = Snappy.uncompressedLength(in);
                if (length != target.byteSize()) {
                    throw new ParquetException("Snappy data of " + length + " bytes where the page declares "
                            + target.byteSize());
                }
                target.copyFrom(MemorySegment.ofArray(Snappy.uncompress(in)));
            }
        } catch (IOException e) {
            throw new ParquetException("malformed Snappy data: " + e.getMessage(), e);
        }
    }

    @Override
    public long maxCompressedSize(long size) {
        if (size > Integer.MAX_VALUE) {
            throw new ParquetException("a page of " + size + " bytes is too large to compress");
        }
        return Snappy.maxCompressedLength((int) size);
    }

    @Override
    public long compress(MemorySegment source, MemorySegment target) {
        try {
            if (Segments.bothNative(source, target)) {
                return Snappy.compress(Segments.buffer(source), Segments.buffer(target));
            }
            byte[] in = Segments.heapArray(source);
            byte[] to = Segments.heapArray(target);
            if (in != null && to != null) {
                // straight between the arrays: no copy in, no array allocated out
                return Snappy.compress(in, Segments.heapOffset(source), (int) source.byteSize(), to,
                        Segments.heapOffset(target));
            }
            byte[] out = Snappy.compress(Segments.array(source));
            MemorySegment.copy(MemorySegment.ofArray(out), 0, target, 0, out.length);
            return out.length;
        } catch (IOException e) {
            throw new ParquetException("Snappy compression failed: " + e.getMessage(), e);
        }
    }
}
