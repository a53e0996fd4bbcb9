// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.codec;

import dev.quiver.parquet.ParquetException;
import dev.quiver.parquet.format.CompressionCodec;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.MemorySegment;
import org.brotli.dec.BrotliInputStream;

/**
 * Brotli, decoding only, with Google's pure-Java decoder ({@code org.brotli:dec}). Writing Brotli is
 * refused: no maintained pure-Java Brotli encoder is on Maven Central (see docs/decisions.md).
 */
final class BrotliCodec implements PageCodec {
    static final BrotliCodec INSTANCE = new BrotliCodec();

    @Override
    public int code() {
        return CompressionCodec.BROTLI;
    }

    @Override
    public long maxDecompressedSize(long compressedSize) {
        return Long.MAX_VALUE;
    }

    @Override
    public void decompress(MemorySegment source, MemorySegment target) {
        byte[] chunk = new byte[(int) Math.min(65536, Math.max(1, target.byteSize()))];
        long out = 0;
        try (InputStream in = new BrotliInputStream(new ByteArrayInputStream(Segments.array(source)))) {
            int n;
            while ((n = in.read(chunk, 0, (int) Math.min(chunk.length, target.byteSize() - out + 1))) > 0) {
                if (n > target.byteSize() - out) {
                    throw new ParquetException("Brotli data longer than the declared " + target.byteSize() + " bytes");
                }
                MemorySegment.copy(MemorySegment.ofArray(chunk), 0, target, out, n);
                out += n;
            }
        } catch (IOException | IllegalStateException e) {
            throw new ParquetException("malformed Brotli data: " + e.getMessage(), e);
        }
        if (out != target.byteSize()) {
            throw new ParquetException("Brotli data of " + out + " bytes where the page declares " + target.byteSize());
        }
    }

    @Override
    public long maxCompressedSize(long size) {
        return size + (size >>> 10) + 64;
    }

    @Override
    public long compress(MemorySegment source, MemorySegment target) {
        throw new ParquetException("writing BROTLI is not supported (no maintained pure-Java Brotli encoder); "
                + "choose SNAPPY, GZIP, ZSTD, LZ4_RAW or UNCOMPRESSED");
    }
}
