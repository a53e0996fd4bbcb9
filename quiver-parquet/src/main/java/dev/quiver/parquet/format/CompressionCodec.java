// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.format;

/** Codes of Parquet's compression codecs ({@code CompressionCodec} in parquet.thrift). */
public final class CompressionCodec {
    /** No compression. */
    public static final int UNCOMPRESSED = 0;
    /** Snappy (raw, unframed). */
    public static final int SNAPPY = 1;
    /** GZIP (RFC 1952). */
    public static final int GZIP = 2;
    /** LZO (not supported). */
    public static final int LZO = 3;
    /** Brotli. */
    public static final int BROTLI = 4;
    /** LZ4 with Hadoop's framing (deprecated). */
    public static final int LZ4 = 5;
    /** Zstandard. */
    public static final int ZSTD = 6;
    /** The LZ4 block format. */
    public static final int LZ4_RAW = 7;

    private static final String[] NAMES = {"UNCOMPRESSED", "SNAPPY", "GZIP", "LZO", "BROTLI", "LZ4", "ZSTD", "LZ4_RAW"};

    private CompressionCodec() {}

    /**
     * The name of a code.
     *
     * @param code the code
     * @return its name, or "codec N" for a code this version does not know
     */
    public static String name(int code) {
        return code >= 0 && code < NAMES.length ? NAMES[code] : "codec " + code;
    }
}
