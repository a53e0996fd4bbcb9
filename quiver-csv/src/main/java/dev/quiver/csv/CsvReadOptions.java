// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * How {@link CsvReader} reads: the dialect (delimiter, quote, escape), the header, null markers, rows to
 * skip, columns to keep, column types, inference and parallelism. Immutable; each {@code with} method
 * returns a changed copy.
 *
 * <pre>{@code
 * CsvReadOptions options = CsvReadOptions.DEFAULT.withDelimiter(';')
 *         .withTypes(Map.of("price", CsvTypes.parse("decimal128(10, 2)")));
 * }</pre>
 */
public final class CsvReadOptions {
    /**
     * The null markers of pyarrow's {@code ConvertOptions.null_values}: the empty field and the usual
     * spellings of "not available".
     */
    public static final Set<String> DEFAULT_NULL_VALUES = Set.copyOf(List.of("", "#N/A", "#N/A N/A", "#NA",
            "-1.#IND", "-1.#QNAN", "-NaN", "-nan", "1.#IND", "1.#QNAN", "N/A", "NA", "NULL", "NaN", "n/a", "nan",
            "null"));
    /**
     * The default bytes per block: each block of input becomes one record batch. 2 MiB: a block and its
     * field positions then stay in a core's cache while they are parsed (7 % faster than 4 MiB blocks on
     * the CSV benchmark, docs/benchmarks.md); Arrow C++ reads 1 MiB blocks.
     */
    public static final int DEFAULT_BLOCK_SIZE = 1 << 21;

    /**
     * The default limit of columns: 16,384, a spreadsheet's (Excel's) columns. A reader holds a parser, an
     * array and its buffers per column and block in flight, so the columns bound memory as the block size
     * does; the limit refuses a header of a million fields at once instead of taking gigabytes.
     */
    public static final int DEFAULT_MAX_COLUMNS = 16_384;
    /**
     * The default limit of one record's bytes: 16 MiB. A record longer than a block makes the block grow
     * to hold it; the limit bounds that growth (and stops at once at a quote never closed).
     */
    public static final int DEFAULT_MAX_RECORD_BYTES = 1 << 24;

    /** Comma-separated, a header line, pyarrow's null markers, inference, all cores. */
    public static final CsvReadOptions DEFAULT = new CsvReadOptions(DEFAULT_MAX_COLUMNS,
            DEFAULT_MAX_RECORD_BYTES, ',', '"', '\0', true, null,
            DEFAULT_NULL_VALUES, false, 0, null, Map.of(), false, DEFAULT_BLOCK_SIZE,
            Runtime.getRuntime().availableProcessors(),
            BufferAllocator.managed());

    private final int maxColumns;
    private final int maxRecordBytes;
    private final char delimiter;
    private final char quote;
    private final char escape;
    private final boolean header;
    private final List<String> columnNames;
    private final Set<String> nullValues;
    private final boolean stringsCanBeNull;
    private final int skipRows;
    private final List<String> includeColumns;
    private final Map<String, ArrowType> types;
    private final boolean inferDecimals;
    private final int blockSize;
    private final int threads;
    private final BufferAllocator allocator;

    private CsvReadOptions(int maxColumns, int maxRecordBytes, char delimiter, char quote, char escape,
            boolean header, List<String> columnNames,
            Set<String> nullValues, boolean stringsCanBeNull, int skipRows, List<String> includeColumns,
            Map<String, ArrowType> types, boolean inferDecimals, int blockSize, int threads,
            BufferAllocator allocator) {
        this.maxColumns = maxColumns;
        this.maxRecordBytes = maxRecordBytes;
        this.delimiter = delimiter;
        this.quote = quote;
        this.escape = escape;
        this.header = header;
        this.columnNames = columnNames;
        this.nullValues = nullValues;
        this.stringsCanBeNull = stringsCanBeNull;
        this.skipRows = skipRows;
        this.includeColumns = includeColumns;
        this.types = types;
        this.inferDecimals = inferDecimals;
        this.blockSize = blockSize;
        this.threads = threads;
        this.allocator = allocator;
    }

    /**
     * The defaults for a file: tab-separated when its name ends in {@code .tsv}, else {@link #DEFAULT}.
     *
     * @param path the file
     * @return the options
     */
    public static CsvReadOptions forFile(Path path) {
        return isTsv(path) ? DEFAULT.withDelimiter('\t') : DEFAULT;
    }

    static boolean isTsv(Path path) {
        Path name = path.getFileName();
        return name != null && name.toString().toLowerCase(java.util.Locale.ROOT).endsWith(".tsv");
    }

    private static char ascii(char c, String what) {
        if (c == 0 || c > 127 || c == '\n' || c == '\r') {
            throw new IllegalArgumentException(what + " must be an ASCII character other than CR, LF and NUL, not "
                    + (int) c);
        }
        return c;
    }

    /**
     * The field delimiter.
     *
     * @return the delimiter, {@code ,} by default
     */
    public char delimiter() {
        return delimiter;
    }

    /**
     * With another field delimiter.
     *
     * @param delimiter an ASCII character, e.g. {@code ;} or tab
     * @return the changed options
     * @throws IllegalArgumentException if it is not ASCII, or is CR, LF or the quote
     */
    public CsvReadOptions withDelimiter(char delimiter) {
        if (ascii(delimiter, "the delimiter") == quote) {
            throw new IllegalArgumentException("the delimiter cannot be the quote character");
        }
        return new CsvReadOptions(maxColumns, maxRecordBytes,
                delimiter, quote, escape, header, columnNames, nullValues, stringsCanBeNull,
                skipRows, includeColumns, types, inferDecimals, blockSize, threads, allocator);
    }

    /**
     * The quote character: a field that starts with it runs to the next lone one (a doubled one inside
     * stands for itself).
     *
     * @return the quote, {@code "} by default
     */
    public char quote() {
        return quote;
    }

    /**
     * With another quote character.
     *
     * @param quote an ASCII character
     * @return the changed options
     * @throws IllegalArgumentException if it is not ASCII, or is CR, LF or the delimiter
     */
    public CsvReadOptions withQuote(char quote) {
        if (ascii(quote, "the quote") == delimiter) {
            throw new IllegalArgumentException("the quote character cannot be the delimiter");
        }
        return new CsvReadOptions(maxColumns, maxRecordBytes,
                delimiter, quote, escape, header, columnNames, nullValues, stringsCanBeNull,
                skipRows, includeColumns, types, inferDecimals, blockSize, threads, allocator);
    }

    /**
     * The escape character inside quoted fields: it makes the next character literal.
     *
     * @return the escape, or NUL ({@code '\0'}) for none (the default: quotes are escaped by doubling)
     */
    public char escape() {
        return escape;
    }

    /**
     * With an escape character inside quoted fields ({@code \}, say), or none.
     *
     * @param escape an ASCII character, or NUL for none
     * @return the changed options
     * @throws IllegalArgumentException if it is not ASCII, or is CR, LF, the delimiter or the quote
     */
    public CsvReadOptions withEscape(char escape) {
        if (escape != 0 && (ascii(escape, "the escape") == delimiter || escape == quote)) {
            throw new IllegalArgumentException("the escape character cannot be the delimiter or the quote");
        }
        return new CsvReadOptions(maxColumns, maxRecordBytes,
                delimiter, quote, escape, header, columnNames, nullValues, stringsCanBeNull,
                skipRows, includeColumns, types, inferDecimals, blockSize, threads, allocator);
    }

    /**
     * Whether the first record (after the skipped rows) names the columns.
     *
     * @return true by default
     */
    public boolean header() {
        return header;
    }

    /**
     * The column names given, used when there is no header (and in place of the header when there is).
     *
     * @return the names, or null when not given (without a header the columns are then {@code f0},
     *     {@code f1}, ...)
     */
    public List<String> columnNames() {
        return columnNames;
    }

    /**
     * Without a header line: every record is data, the columns named by {@code names} (or {@code f0},
     * {@code f1}, ... when null).
     *
     * @param names the column names, or null
     * @return the changed options
     */
    public CsvReadOptions withNoHeader(List<String> names) {
        return new CsvReadOptions(maxColumns, maxRecordBytes,
                delimiter, quote, escape, false, names == null ? null : List.copyOf(names),
                nullValues, stringsCanBeNull, skipRows, includeColumns, types, inferDecimals, blockSize, threads, allocator);
    }

    /**
     * With a header line whose names are replaced by {@code names}.
     *
     * @param names the column names, as many as the header has
     * @return the changed options
     */
    public CsvReadOptions withColumnNames(List<String> names) {
        return new CsvReadOptions(maxColumns, maxRecordBytes,
                delimiter, quote, escape, header, List.copyOf(names), nullValues,
                stringsCanBeNull, skipRows, includeColumns, types, inferDecimals, blockSize, threads, allocator);
    }

    /**
     * The unquoted field values that are null in non-text columns (and in text columns when
     * {@link #stringsCanBeNull()}). A quoted field is never null.
     *
     * @return the markers, {@link #DEFAULT_NULL_VALUES} by default
     */
    public Set<String> nullValues() {
        return nullValues;
    }

    /**
     * With other null markers.
     *
     * @param values the unquoted values that are null; include {@code ""} for empty fields
     * @return the changed options
     */
    public CsvReadOptions withNullValues(Set<String> values) {
        return new CsvReadOptions(maxColumns, maxRecordBytes,
                delimiter, quote, escape, header, columnNames,
                Set.copyOf(new LinkedHashSet<>(values)), stringsCanBeNull, skipRows, includeColumns, types,
                inferDecimals, blockSize, threads, allocator);
    }

    /**
     * Whether the null markers apply to text columns (utf8, dictionary). When false (the default) only
     * an unquoted empty field is null in a text column, so {@code NA} stays the string {@code NA}.
     *
     * @return false by default
     */
    public boolean stringsCanBeNull() {
        return stringsCanBeNull;
    }

    /**
     * With or without the null markers applying to text columns.
     *
     * @param can whether every null marker is null in text columns too
     * @return the changed options
     */
    public CsvReadOptions withStringsCanBeNull(boolean can) {
        return new CsvReadOptions(maxColumns, maxRecordBytes,
                delimiter, quote, escape, header, columnNames, nullValues, can, skipRows,
                includeColumns, types, inferDecimals, blockSize, threads, allocator);
    }

    /**
     * The records skipped at the start, before the header.
     *
     * @return 0 by default
     */
    public int skipRows() {
        return skipRows;
    }

    /**
     * Skipping records at the start, before the header.
     *
     * @param rows how many; 0 or more
     * @return the changed options
     * @throws IllegalArgumentException if negative
     */
    public CsvReadOptions withSkipRows(int rows) {
        if (rows < 0) {
            throw new IllegalArgumentException("rows to skip must be 0 or more, not " + rows);
        }
        return new CsvReadOptions(maxColumns, maxRecordBytes,
                delimiter, quote, escape, header, columnNames, nullValues, stringsCanBeNull,
                rows, includeColumns, types, inferDecimals, blockSize, threads, allocator);
    }

    /**
     * The columns read, in this order.
     *
     * @return the names, or null for every column in file order
     */
    public List<String> includeColumns() {
        return includeColumns;
    }

    /**
     * Reading only these columns, in this order.
     *
     * @param names the column names; each must be in the file
     * @return the changed options
     */
    public CsvReadOptions withIncludeColumns(List<String> names) {
        return new CsvReadOptions(maxColumns, maxRecordBytes,
                delimiter, quote, escape, header, columnNames, nullValues, stringsCanBeNull,
                skipRows, names == null ? null : List.copyOf(names), types, inferDecimals, blockSize, threads, allocator);
    }

    /**
     * The types given for columns by name; others are inferred.
     *
     * @return the types, empty by default
     */
    public Map<String, ArrowType> types() {
        return types;
    }

    /**
     * With types for columns by name (see {@link CsvTypes#parse(String)} for the types a CSV column can
     * have).
     *
     * @param types column name to type
     * @return the changed options
     * @throws IllegalArgumentException if a type cannot be read from CSV
     */
    public CsvReadOptions withTypes(Map<String, ArrowType> types) {
        types.forEach((name, type) -> CsvTypes.checkReadable(type, name));
        return new CsvReadOptions(maxColumns, maxRecordBytes,
                delimiter, quote, escape, header, columnNames, nullValues, stringsCanBeNull,
                skipRows, includeColumns, Map.copyOf(new LinkedHashMap<>(types)), inferDecimals, blockSize,
                threads, allocator);
    }

    /**
     * Whether numbers with a decimal point (and no exponent) are inferred as decimal128 rather than
     * float64.
     *
     * @return false by default
     */
    public boolean inferDecimals() {
        return inferDecimals;
    }

    /**
     * With decimal inference on or off.
     *
     * @param infer whether plain decimal numbers are inferred as decimal128(precision, scale)
     * @return the changed options
     */
    public CsvReadOptions withInferDecimals(boolean infer) {
        return new CsvReadOptions(maxColumns, maxRecordBytes,
                delimiter, quote, escape, header, columnNames, nullValues, stringsCanBeNull,
                skipRows, includeColumns, types, infer, blockSize, threads, allocator);
    }

    /**
     * The bytes of input per block. Each block (cut at the end of a record) becomes one record batch; the
     * first block is the sample types are inferred from. A record longer than a block makes a larger one.
     *
     * @return {@link #DEFAULT_BLOCK_SIZE} by default
     */
    public int blockSize() {
        return blockSize;
    }

    /**
     * With another block size.
     *
     * @param bytes from 1 KiB to 1 GiB
     * @return the changed options
     * @throws IllegalArgumentException if out of range
     */
    public CsvReadOptions withBlockSize(int bytes) {
        if (bytes < 1024 || bytes > (1 << 30)) {
            throw new IllegalArgumentException("the block size must be from 1 KiB to 1 GiB, not " + bytes);
        }
        return new CsvReadOptions(maxColumns, maxRecordBytes,
                delimiter, quote, escape, header, columnNames, nullValues, stringsCanBeNull,
                skipRows, includeColumns, types, inferDecimals, bytes, threads, allocator);
    }

    /**
     * The threads that parse blocks at once; blocks are delivered in order whatever the count.
     *
     * @return the count of cores by default
     */
    public int threads() {
        return threads;
    }

    /**
     * With another count of parsing threads (1 parses on the caller's thread).
     *
     * @param threads 1 or more
     * @return the changed options
     * @throws IllegalArgumentException if less than 1
     */
    public CsvReadOptions withThreads(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be 1 or more, not " + threads);
        }
        return new CsvReadOptions(maxColumns, maxRecordBytes,
                delimiter, quote, escape, header, columnNames, nullValues, stringsCanBeNull,
                skipRows, includeColumns, types, inferDecimals, blockSize, threads, allocator);
    }

    /**
     * Where the memory of the batches comes from.
     *
     * @return the garbage-collected {@link BufferAllocator#managed()} by default
     */
    public BufferAllocator allocator() {
        return allocator;
    }

    /**
     * With the memory of the batches from {@code allocator} (one with a limit bounds what a reader and
     * the batches still held take).
     *
     * @param allocator the allocator of every buffer of the batches
     * @return the changed options
     */
    public CsvReadOptions withAllocator(BufferAllocator allocator) {
        return new CsvReadOptions(maxColumns, maxRecordBytes,
                delimiter, quote, escape, header, columnNames, nullValues, stringsCanBeNull,
                skipRows, includeColumns, types, inferDecimals, blockSize, threads,
                java.util.Objects.requireNonNull(allocator, "allocator"));
    }

    /**
     * The most columns a record may have (the header's fields, or the names given).
     *
     * @return {@link #DEFAULT_MAX_COLUMNS} by default
     */
    public int maxColumns() {
        return maxColumns;
    }

    /**
     * With another limit of columns; more is a {@link CsvException} when the reader opens.
     *
     * @param columns 1 or more
     * @return the changed options
     * @throws IllegalArgumentException if less than 1
     */
    public CsvReadOptions withMaxColumns(int columns) {
        if (columns < 1) {
            throw new IllegalArgumentException("the limit of columns must be 1 or more, not " + columns);
        }
        return new CsvReadOptions(columns, maxRecordBytes, delimiter, quote, escape, header, columnNames, nullValues,
                stringsCanBeNull, skipRows, includeColumns, types, inferDecimals, blockSize, threads, allocator);
    }

    /**
     * The most bytes one record (line breaks in quoted fields included) may have.
     *
     * @return {@link #DEFAULT_MAX_RECORD_BYTES} by default
     */
    public int maxRecordBytes() {
        return maxRecordBytes;
    }

    /**
     * With another limit of one record's bytes; a longer record is a {@link CsvException} naming its byte
     * offset, raised before more than about twice the limit is held for it.
     *
     * @param bytes from 1 KiB to 1 GiB
     * @return the changed options
     * @throws IllegalArgumentException if out of range
     */
    public CsvReadOptions withMaxRecordBytes(int bytes) {
        if (bytes < 1024 || bytes > (1 << 30)) {
            throw new IllegalArgumentException("the limit of a record's bytes must be from 1 KiB to 1 GiB, not "
                    + bytes);
        }
        return new CsvReadOptions(maxColumns, bytes, delimiter, quote, escape, header, columnNames, nullValues,
                stringsCanBeNull, skipRows, includeColumns, types, inferDecimals, blockSize, threads, allocator);
    }

    @Override
    public String toString() {
        return "CsvReadOptions[delimiter=" + Objects.toString(delimiter) + ", header=" + header + ", types=" + types
                + ", threads=" + threads + "]";
    }
}
