// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.codec;

import dev.quiver.parquet.ParquetException;
import dev.quiver.parquet.format.CompressionCodec;
import java.lang.foreign.MemorySegment;

/**
 * One of Parquet's page compression codecs, both ways. Decompression fills a target of the size the
 * page header declares, exactly: fewer or more bytes, or malformed input, is a {@link ParquetException}.
 * Callers check the declared size with {@link #checkDeclaredSize} before they allocate the target.
 * Implementations are stateless and thread-safe.
 */
public interface PageCodec {
    /**
     * The {@link CompressionCodec} code.
     *
     * @return the code
     */
    int code();

    /**
     * The largest size {@code compressedSize} bytes can decompress to in this codec's format (a
     * decompression bomb claims more), or {@link Long#MAX_VALUE} where the format has no bound.
     *
     * @param compressedSize the compressed bytes
     * @return the bound
     */
    long maxDecompressedSize(long compressedSize);

    /**
     * Decompresses {@code source} into all of {@code target}.
     *
     * @param source the compressed bytes
     * @param target the bytes to fill: its size is the declared uncompressed size
     * @throws ParquetException if the input is malformed or does not decompress to exactly the target's size
     */
    void decompress(MemorySegment source, MemorySegment target);

    /**
     * The largest compressed size of {@code size} bytes.
     *
     * @param size the uncompressed bytes
     * @return the bound, the size a target of {@link #compress} needs
     */
    long maxCompressedSize(long size);

    /**
     * Compresses {@code source} into the start of {@code target}.
     *
     * @param source the bytes to compress
     * @param target room for at least {@link #maxCompressedSize(long)} bytes
     * @return the number of bytes written
     * @throws ParquetException if the codec cannot write (Brotli) or the input is too large
     */
    long compress(MemorySegment source, MemorySegment target);

    /**
     * The codec of a code.
     *
     * @param code the {@link CompressionCodec} code
     * @return the codec
     * @throws ParquetException for LZO and unknown codes
     */
    static PageCodec of(int code) {
        return switch (code) {
            case CompressionCodec.UNCOMPRESSED -> UncompressedCodec.INSTANCE;
            case CompressionCodec.SNAPPY -> SnappyCodec.INSTANCE;
            case CompressionCodec.GZIP -> GzipCodec.INSTANCE;
            case CompressionCodec.BROTLI -> BrotliCodec.INSTANCE;
            case CompressionCodec.LZ4 -> Lz4HadoopCodec.INSTANCE;
            case CompressionCodec.ZSTD -> ZstdCodec.INSTANCE;
            case CompressionCodec.LZ4_RAW -> Lz4RawCodec.INSTANCE;
            default -> throw new ParquetException("compression codec " + CompressionCodec.name(code)
                    + " is not supported (UNCOMPRESSED, SNAPPY, GZIP, BROTLI, LZ4, ZSTD and LZ4_RAW are)");
        };
    }

    /**
     * Checks a page's declared uncompressed size before its buffer is allocated: it must be at most
     * {@code limit} (what the column chunk's metadata and the reader's cap allow) and no more than the
     * codec's format can produce from the compressed bytes.
     *
     * @param declared the declared uncompressed size
     * @param compressed the compressed size
     * @param limit the largest size the caller accepts
     * @param where the page (for the message)
     * @throws ParquetException if the size is negative, past the limit or implausible
     */
    default void checkDeclaredSize(long declared, long compressed, long limit, String where) {
        if (declared < 0 || compressed < 0) {
            throw new ParquetException(where + ": negative page size (uncompressed " + declared + ", compressed "
                    + compressed + ")");
        }
        if (declared > limit) {
            throw new ParquetException(where + ": declared uncompressed size " + declared + " is past the limit of "
                    + limit + " bytes");
        }
        if (declared > maxDecompressedSize(compressed)) {
            throw new ParquetException(where + ": declared uncompressed size " + declared + " cannot come from "
                    + compressed + " bytes of " + CompressionCodec.name(code()) + " (a decompression bomb or a bad header)");
        }
    }
}
