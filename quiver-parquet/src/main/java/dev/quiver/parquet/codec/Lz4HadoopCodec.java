// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.codec;

import dev.quiver.parquet.ParquetException;
import dev.quiver.parquet.format.CompressionCodec;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * The deprecated LZ4 codec: Hadoop's framing, a sequence of frames each holding a 4-byte big-endian
 * uncompressed size, a 4-byte big-endian compressed size and one LZ4 block. As Arrow C++ does, data that
 * does not parse as such frames is read as one raw LZ4 block (older files wrote that). Written with the
 * Hadoop framing, one frame per page.
 */
final class Lz4HadoopCodec implements PageCodec {
    static final Lz4HadoopCodec INSTANCE = new Lz4HadoopCodec();
    private static final ValueLayout.OfInt INT_BE = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

    @Override
    public int code() {
        return CompressionCodec.LZ4;
    }

    @Override
    public long maxDecompressedSize(long compressedSize) {
        return Lz4RawCodec.INSTANCE.maxDecompressedSize(compressedSize);
    }

    @Override
    public void decompress(MemorySegment source, MemorySegment target) {
        if (!tryHadoopFrames(source, target)) {
            Lz4RawCodec.INSTANCE.decompress(source, target);
        }
    }

    private static boolean tryHadoopFrames(MemorySegment source, MemorySegment target) {
        long in = 0;
        long out = 0;
        while (in < source.byteSize()) {
            if (source.byteSize() - in < 8) {
                return false;
            }
            long expected = source.get(INT_BE, in) & 0xFFFFFFFFL;
            long compressed = source.get(INT_BE, in + 4) & 0xFFFFFFFFL;
            in += 8;
            if (compressed > source.byteSize() - in || expected > target.byteSize() - out) {
                return false;
            }
            int n;
            try {
                n = Lz4RawCodec.decompressBlock(source.asSlice(in, compressed), target.asSlice(out, expected));
            } catch (ParquetException e) {
                return false;
            }
            if (n != expected) {
                return false;
            }
            in += compressed;
            out += expected;
        }
        return out == target.byteSize();
    }

    @Override
    public long maxCompressedSize(long size) {
        return Lz4RawCodec.INSTANCE.maxCompressedSize(size) + 8;
    }

    @Override
    public long compress(MemorySegment source, MemorySegment target) {
        if (source.byteSize() > Integer.MAX_VALUE) {
            throw new ParquetException("a page of " + source.byteSize() + " bytes is too large to compress");
        }
        long n = Lz4RawCodec.INSTANCE.compress(source, target.asSlice(8));
        target.set(INT_BE, 0, (int) source.byteSize());
        target.set(INT_BE, 4, (int) n);
        return n + 8;
    }
}
