// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet;

import dev.quiver.parquet.format.CompressionCodec;
import dev.quiver.parquet.format.Encoding;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * How {@link ParquetWriter} writes: the compression codec (a {@link CompressionCodec} code) and its level,
 * dictionary encoding (on by default, per column on or off) with the dictionary page size past which a
 * column chunk falls back to its value encoding, the value encoding per column (an {@link Encoding} code;
 * PLAIN by default), the data page version (1 or 2), the rows of a row group, the bytes and rows of a
 * page, statistics, the page index (column and offset index), split-block bloom filters per column, whether
 * the Arrow schema is stored under {@code ARROW:schema}, and how many threads encode and compress columns.
 *
 * <p>Columns are named by the dotted path of a Parquet leaf ({@code "tags.list.element"}) or by the name of a
 * top-level field, which applies to every leaf under it; a leaf's own path wins. The defaults are those of
 * Arrow C++: SNAPPY, dictionaries of at most 1 MiB, data page v1, row groups of 1 Mi rows, pages of 1 MiB and at
 * most 20 000 rows, statistics and page index on, no bloom filters. Immutable; every {@code with} returns a copy.
 */
public final class ParquetWriteOptions {
    /** The defaults. */
    public static final ParquetWriteOptions DEFAULT = new ParquetWriteOptions();

    private int codec = CompressionCodec.SNAPPY;
    private Integer compressionLevel;
    private boolean dictionary = true;
    private Map<String, Boolean> columnDictionary = Map.of();
    private long dictionaryPageSizeLimit = 1 << 20;
    private boolean dictionaryFirstPageCheck = true;
    private Map<String, Integer> columnEncoding = Map.of();
    private int dataPageVersion = 1;
    private long rowGroupSize = 1 << 20;
    private long pageSize = 1 << 20;
    private int pageRowLimit = 20_000;
    private boolean statistics = true;
    private boolean pageIndex = true;
    private Map<String, BloomFilterOptions> bloomFilters = Map.of();
    private boolean storeSchema = true;
    private int threads;

    private ParquetWriteOptions() {
    }

    private ParquetWriteOptions copy() {
        ParquetWriteOptions o = new ParquetWriteOptions();
        o.codec = codec;
        o.compressionLevel = compressionLevel;
        o.dictionary = dictionary;
        o.columnDictionary = columnDictionary;
        o.dictionaryPageSizeLimit = dictionaryPageSizeLimit;
        o.dictionaryFirstPageCheck = dictionaryFirstPageCheck;
        o.columnEncoding = columnEncoding;
        o.dataPageVersion = dataPageVersion;
        o.rowGroupSize = rowGroupSize;
        o.pageSize = pageSize;
        o.pageRowLimit = pageRowLimit;
        o.statistics = statistics;
        o.pageIndex = pageIndex;
        o.bloomFilters = bloomFilters;
        o.storeSchema = storeSchema;
        o.threads = threads;
        return o;
    }

    /**
     * The false positive probability and expected distinct values a column's bloom filters are sized for.
     *
     * @param ndv the expected number of distinct values per column chunk, 1 or more
     * @param fpp the false positive probability, in (0, 1)
     */
    public record BloomFilterOptions(long ndv, double fpp) {
        /**
         * Checks the values.
         *
         * @throws IllegalArgumentException if {@code ndv} is below 1 or {@code fpp} outside (0, 1)
         */
        public BloomFilterOptions {
            if (ndv < 1) {
                throw new IllegalArgumentException("bloom filter ndv must be 1 or more: " + ndv);
            }
            if (!(fpp > 0 && fpp < 1)) {
                throw new IllegalArgumentException("bloom filter fpp must be in (0, 1): " + fpp);
            }
        }
    }

    /**
     * The codec code of a name as the command line takes it: {@code none}, {@code snappy}, {@code gzip},
     * {@code zstd}, {@code lz4} (LZ4_RAW, the block format Arrow C++ writes for "lz4"), {@code lz4_raw},
     * {@code lz4_hadoop} or {@code brotli} (case-insensitive).
     *
     * @param name the name
     * @return the {@link CompressionCodec} code
     * @throws IllegalArgumentException for other names
     */
    public static int codecNamed(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "none", "uncompressed" -> CompressionCodec.UNCOMPRESSED;
            case "snappy" -> CompressionCodec.SNAPPY;
            case "gzip" -> CompressionCodec.GZIP;
            case "zstd" -> CompressionCodec.ZSTD;
            case "lz4", "lz4_raw" -> CompressionCodec.LZ4_RAW;
            case "lz4_hadoop" -> CompressionCodec.LZ4;
            case "brotli" -> CompressionCodec.BROTLI;
            default -> throw new IllegalArgumentException("unknown Parquet codec " + name
                    + " (none, snappy, gzip, zstd, lz4, lz4_hadoop, brotli)");
        };
    }

    /**
     * These options with another codec and its default level.
     *
     * @param newCodec a {@link CompressionCodec} code: UNCOMPRESSED, SNAPPY, GZIP, ZSTD, LZ4_RAW or LZ4 (BROTLI
     *     is refused when the writer opens: no encoder is available)
     * @return the new options
     * @throws IllegalArgumentException for LZO and unknown codes
     */
    public ParquetWriteOptions withCodec(int newCodec) {
        if (newCodec < 0 || newCodec > CompressionCodec.LZ4_RAW || newCodec == CompressionCodec.LZO) {
            throw new IllegalArgumentException("codec " + newCodec + " cannot be written");
        }
        ParquetWriteOptions o = copy();
        o.codec = newCodec;
        o.compressionLevel = null;
        return o;
    }

    /**
     * These options with a compression level (ZSTD: 1 to 22, negative for faster; GZIP: 0 to 9, another refused when the writer opens; ignored by the
     * other codecs).
     *
     * @param level the level
     * @return the new options
     */
    public ParquetWriteOptions withCompressionLevel(int level) {
        ParquetWriteOptions o = copy();
        o.compressionLevel = level;
        return o;
    }

    /**
     * These options with dictionary encoding on or off for every column without a setting of its own.
     *
     * @param on whether to dictionary-encode
     * @return the new options
     */
    public ParquetWriteOptions withDictionary(boolean on) {
        ParquetWriteOptions o = copy();
        o.dictionary = on;
        return o;
    }

    /**
     * These options with dictionary encoding on or off for a column.
     *
     * @param column a leaf's dotted path or a top-level field's name
     * @param on whether to dictionary-encode it
     * @return the new options
     */
    public ParquetWriteOptions withDictionary(String column, boolean on) {
        ParquetWriteOptions o = copy();
        o.columnDictionary = put(columnDictionary, column, on);
        return o;
    }

    /**
     * These options with another dictionary page size limit: once a column chunk's dictionary takes more
     * PLAIN bytes, its later pages use the column's value encoding.
     *
     * @param bytes the limit, 1 or more
     * @return the new options
     * @throws IllegalArgumentException if {@code bytes} is below 1
     */
    public ParquetWriteOptions withDictionaryPageSizeLimit(long bytes) {
        positive(bytes, "dictionary page size limit");
        ParquetWriteOptions o = copy();
        o.dictionaryPageSizeLimit = bytes;
        return o;
    }

    /**
     * These options with the first-page check of dictionaries on or off. On (the default), a column chunk whose
     * first page's dictionary indices and dictionary take no fewer bytes than its values would PLAIN drops the
     * dictionary and writes every page with the column's value encoding (parquet-java's rule); off, dictionary
     * encoding goes on until the dictionary passes its size limit (Arrow C++'s way).
     *
     * @param on whether dictionaries that do not pay on the first page are dropped
     * @return the new options
     */
    public ParquetWriteOptions withDictionaryFirstPageCheck(boolean on) {
        ParquetWriteOptions o = copy();
        o.dictionaryFirstPageCheck = on;
        return o;
    }

    /**
     * These options with a value encoding for a column (used where no dictionary is, and after a fallback):
     * PLAIN; RLE for BOOLEAN; DELTA_BINARY_PACKED for INT32 and INT64; DELTA_LENGTH_BYTE_ARRAY for BYTE_ARRAY;
     * DELTA_BYTE_ARRAY for BYTE_ARRAY and FIXED_LEN_BYTE_ARRAY; BYTE_STREAM_SPLIT for FLOAT, DOUBLE, INT32,
     * INT64 and FIXED_LEN_BYTE_ARRAY. An encoding a column's type cannot take is refused when the writer opens.
     *
     * @param column a leaf's dotted path or a top-level field's name
     * @param encoding an {@link Encoding} code
     * @return the new options
     */
    public ParquetWriteOptions withEncoding(String column, int encoding) {
        ParquetWriteOptions o = copy();
        o.columnEncoding = put(columnEncoding, column, encoding);
        return o;
    }

    /**
     * These options with another data page version.
     *
     * @param version 1 or 2
     * @return the new options
     * @throws IllegalArgumentException for other versions
     */
    public ParquetWriteOptions withDataPageVersion(int version) {
        if (version != 1 && version != 2) {
            throw new IllegalArgumentException("data page version must be 1 or 2, not " + version);
        }
        ParquetWriteOptions o = copy();
        o.dataPageVersion = version;
        return o;
    }

    /**
     * These options with another row group size.
     *
     * @param rows the most rows of a row group, 1 or more
     * @return the new options
     * @throws IllegalArgumentException if {@code rows} is below 1
     */
    public ParquetWriteOptions withRowGroupSize(long rows) {
        positive(rows, "row group size");
        ParquetWriteOptions o = copy();
        o.rowGroupSize = rows;
        return o;
    }

    /**
     * These options with another page size: a page ends at the first row boundary past this many bytes of
     * encoded values.
     *
     * @param bytes the page size, 1 or more
     * @return the new options
     * @throws IllegalArgumentException if {@code bytes} is below 1
     */
    public ParquetWriteOptions withPageSize(long bytes) {
        positive(bytes, "page size");
        ParquetWriteOptions o = copy();
        o.pageSize = bytes;
        return o;
    }

    /**
     * These options with another limit of rows per page.
     *
     * @param rows the most rows of a page, 1 or more
     * @return the new options
     * @throws IllegalArgumentException if {@code rows} is below 1
     */
    public ParquetWriteOptions withPageRowLimit(int rows) {
        positive(rows, "page row limit");
        ParquetWriteOptions o = copy();
        o.pageRowLimit = rows;
        return o;
    }

    /**
     * These options with statistics (chunk and page) on or off.
     *
     * @param on whether to write statistics
     * @return the new options
     */
    public ParquetWriteOptions withStatistics(boolean on) {
        ParquetWriteOptions o = copy();
        o.statistics = on;
        return o;
    }

    /**
     * These options with the page index (column index and offset index) on or off.
     *
     * @param on whether to write the page index
     * @return the new options
     */
    public ParquetWriteOptions withPageIndex(boolean on) {
        ParquetWriteOptions o = copy();
        o.pageIndex = on;
        return o;
    }

    /**
     * These options with a bloom filter for a column (not for BOOLEAN columns, which are refused when the writer
     * opens).
     *
     * @param column a leaf's dotted path or a top-level field's name
     * @param filter the filter's sizing
     * @return the new options
     */
    public ParquetWriteOptions withBloomFilter(String column, BloomFilterOptions filter) {
        ParquetWriteOptions o = copy();
        o.bloomFilters = put(bloomFilters, column, Objects.requireNonNull(filter, "filter"));
        return o;
    }

    /**
     * These options storing the Arrow schema under {@code ARROW:schema} or not.
     *
     * @param on whether to store it
     * @return the new options
     */
    public ParquetWriteOptions withStoreSchema(boolean on) {
        ParquetWriteOptions o = copy();
        o.storeSchema = on;
        return o;
    }

    /**
     * These options with another number of threads encoding and compressing columns.
     *
     * @param n 0 for one per core, 1 for the calling thread only, or more
     * @return the new options
     * @throws IllegalArgumentException if {@code n} is negative
     */
    public ParquetWriteOptions withThreads(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("threads must not be negative: " + n);
        }
        ParquetWriteOptions o = copy();
        o.threads = n;
        return o;
    }

    private static void positive(long v, String what) {
        if (v < 1) {
            throw new IllegalArgumentException(what + " must be 1 or more: " + v);
        }
    }

    private static <V> Map<String, V> put(Map<String, V> map, String key, V value) {
        Map<String, V> copy = new LinkedHashMap<>(map);
        copy.put(Objects.requireNonNull(key, "column"), value);
        return Map.copyOf(copy);
    }

    /**
     * The codec.
     *
     * @return a {@link CompressionCodec} code
     */
    public int codec() {
        return codec;
    }

    /**
     * The compression level.
     *
     * @return the level, or {@code null} for the codec's default
     */
    public Integer compressionLevel() {
        return compressionLevel;
    }

    /**
     * Whether a column is dictionary-encoded.
     *
     * @param path the leaf's dotted path
     * @param topLevel the name of its top-level field
     * @return the column's setting, else its field's, else the default
     */
    public boolean dictionary(String path, String topLevel) {
        return lookup(columnDictionary, path, topLevel, dictionary);
    }

    /**
     * The dictionary page size limit.
     *
     * @return the bytes
     */
    public long dictionaryPageSizeLimit() {
        return dictionaryPageSizeLimit;
    }

    /**
     * Whether dictionaries that do not make a chunk's first page smaller are dropped.
     *
     * @return the setting
     */
    public boolean dictionaryFirstPageCheck() {
        return dictionaryFirstPageCheck;
    }

    /**
     * A column's value encoding.
     *
     * @param path the leaf's dotted path
     * @param topLevel the name of its top-level field
     * @return an {@link Encoding} code
     */
    public int encoding(String path, String topLevel) {
        return lookup(columnEncoding, path, topLevel, Encoding.PLAIN);
    }

    /**
     * The names given per-column settings (encodings, dictionaries, bloom filters).
     *
     * @return the names, for checking that each names a column
     */
    public java.util.Set<String> columnsNamed() {
        java.util.Set<String> names = new java.util.LinkedHashSet<>(columnDictionary.keySet());
        names.addAll(columnEncoding.keySet());
        names.addAll(bloomFilters.keySet());
        return names;
    }

    /**
     * The data page version.
     *
     * @return 1 or 2
     */
    public int dataPageVersion() {
        return dataPageVersion;
    }

    /**
     * The most rows of a row group.
     *
     * @return the rows
     */
    public long rowGroupSize() {
        return rowGroupSize;
    }

    /**
     * The page size.
     *
     * @return the bytes
     */
    public long pageSize() {
        return pageSize;
    }

    /**
     * The most rows of a page.
     *
     * @return the rows
     */
    public int pageRowLimit() {
        return pageRowLimit;
    }

    /**
     * Whether statistics are written.
     *
     * @return true if they are
     */
    public boolean statistics() {
        return statistics;
    }

    /**
     * Whether the page index is written.
     *
     * @return true if it is
     */
    public boolean pageIndex() {
        return pageIndex;
    }

    /**
     * A column's bloom filter.
     *
     * @param path the leaf's dotted path
     * @param topLevel the name of its top-level field
     * @return its sizing, or {@code null} for none
     */
    public BloomFilterOptions bloomFilter(String path, String topLevel) {
        return lookup(bloomFilters, path, topLevel, null);
    }

    /**
     * Whether the Arrow schema is stored.
     *
     * @return true if it is
     */
    public boolean storeSchema() {
        return storeSchema;
    }

    /**
     * The threads encoding and compressing columns.
     *
     * @return 0 for one per core, else the number
     */
    public int threads() {
        return threads;
    }

    private static <V> V lookup(Map<String, V> map, String path, String topLevel, V fallback) {
        V v = map.get(path);
        if (v == null) {
            v = map.get(topLevel);
        }
        return v == null ? fallback : v;
    }
}
