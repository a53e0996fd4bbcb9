// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.codec;

import dev.quiver.parquet.ParquetException;
import dev.quiver.parquet.format.CompressionCodec;

/**
 * The codec a writer compresses pages with: ZSTD and GZIP at a chosen level; BROTLI and LZO refused before anything
 * is written.
 */
public final class WriteCodecs {
    private WriteCodecs() {
    }

    /**
     * The codec for writing.
     *
     * @param code a {@link CompressionCodec} code
     * @param level the ZSTD or GZIP level, or {@code null} for the codec's default (other codecs ignore it)
     * @return the codec
     * @throws ParquetException for BROTLI (no encoder is available in pure Java), LZO and unknown codes, and a
     *     GZIP level outside 0 to 9
     */
    public static PageCodec forWriting(int code, Integer level) {
        if (code == CompressionCodec.BROTLI) {
            throw new ParquetException("BROTLI cannot be written: there is no maintained pure-Java Brotli encoder "
                    + "(Quiver reads BROTLI); choose SNAPPY, GZIP, ZSTD, LZ4_RAW or UNCOMPRESSED");
        }
        if (code == CompressionCodec.ZSTD && level != null) {
            return ZstdCodec.atLevel(level);
        }
        if (code == CompressionCodec.GZIP && level != null) {
            return GzipCodec.atLevel(level);
        }
        return PageCodec.of(code);
    }
}
