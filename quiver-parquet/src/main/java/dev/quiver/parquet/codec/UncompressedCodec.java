// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.codec;

import dev.quiver.parquet.ParquetException;
import dev.quiver.parquet.format.CompressionCodec;
import java.lang.foreign.MemorySegment;

/** No compression: the bytes are copied. */
final class UncompressedCodec implements PageCodec {
    static final UncompressedCodec INSTANCE = new UncompressedCodec();

    @Override
    public int code() {
        return CompressionCodec.UNCOMPRESSED;
    }

    @Override
    public long maxDecompressedSize(long compressedSize) {
        return compressedSize;
    }

    @Override
    public void decompress(MemorySegment source, MemorySegment target) {
        if (source.byteSize() != target.byteSize()) {
            throw new ParquetException("uncompressed page of " + source.byteSize() + " bytes declares "
                    + target.byteSize() + " bytes");
        }
        target.copyFrom(source);
    }

    @Override
    public long maxCompressedSize(long size) {
        return size;
    }

    @Override
    public long compress(MemorySegment source, MemorySegment target) {
        target.asSlice(0, source.byteSize()).copyFrom(source);
        return source.byteSize();
    }
}
