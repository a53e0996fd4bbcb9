// SPDX-License-Identifier: Apache-2.0
package dev.quiver.io;

import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.validation.ValidationLevel;
import dev.quiver.csv.CsvReadOptions;
import dev.quiver.csv.CsvWriteOptions;
import dev.quiver.ipc.IpcReadOptions;
import dev.quiver.ipc.IpcWriteOptions;
import dev.quiver.ipc.compression.CompressionCodec;
import dev.quiver.json.JsonReadOptions;
import dev.quiver.json.JsonWriteOptions;
import dev.quiver.ndjson.NdjsonReadOptions;
import dev.quiver.parquet.ParquetWriteOptions;
import java.util.Objects;

/**
 * How the front door reads and writes: the format (null: recognized from the content when reading, from
 * the file name when writing), how far what is read is validated ({@link ValidationLevel#FULL} by
 * default; lower levels only for trusted input, see {@link IpcReadOptions}), the body compression of
 * IPC output (null: none), the allocator of the memory read (for every format), and the options of
 * quiver-csv and quiver-ndjson for CSV, TSV and NDJSON.
 *
 * <pre>{@code
 * Arrow.write(table, Path.of("out.bin"), ArrowOptions.DEFAULT.withFormat(ArrowFormat.STREAM)
 *         .withCodec(CompressionCodec.of(CompressionType.ZSTD)));
 * Table sales = Arrow.read(Path.of("sales.csv"), ArrowOptions.DEFAULT
 *         .withCsvRead(CsvReadOptions.DEFAULT.withDelimiter(';')));
 * }</pre>
 *
 * <p>TSV is read and written with the CSV options, a tab taking the place of a comma delimiter.
 *
 * @param format the format, or null to recognize it
 * @param validation how far every array read is validated
 * @param codec the body compression codec of IPC output, or null for uncompressed bodies
 * @param allocator where the memory of what is read comes from, whatever the format (it replaces the
 *     allocator of the CSV and NDJSON options)
 * @param csvRead how CSV and TSV are read
 * @param csvWrite how CSV and TSV are written
 * @param ndjsonRead how NDJSON is read
 */
public record ArrowOptions(ArrowFormat format, ValidationLevel validation, CompressionCodec codec,
        BufferAllocator allocator, CsvReadOptions csvRead, CsvWriteOptions csvWrite, NdjsonReadOptions ndjsonRead) {
    /**
     * The format recognized, full validation, no compression, the garbage-collected allocator, the
     * defaults of CSV and NDJSON.
     */
    public static final ArrowOptions DEFAULT = new ArrowOptions(null, ValidationLevel.FULL, null,
            BufferAllocator.managed(), CsvReadOptions.DEFAULT, CsvWriteOptions.DEFAULT, NdjsonReadOptions.DEFAULT);

    /**
     * Checks the options.
     *
     * @throws NullPointerException if any but {@code format} and {@code codec} is null
     */
    public ArrowOptions {
        Objects.requireNonNull(validation, "validation");
        Objects.requireNonNull(allocator, "allocator");
        Objects.requireNonNull(csvRead, "csvRead");
        Objects.requireNonNull(csvWrite, "csvWrite");
        Objects.requireNonNull(ndjsonRead, "ndjsonRead");
    }

    /**
     * These options with a format, or none to recognize it.
     *
     * @param newFormat the format, or null
     * @return the new options
     */
    public ArrowOptions withFormat(ArrowFormat newFormat) {
        return new ArrowOptions(newFormat, validation, codec, allocator, csvRead, csvWrite, ndjsonRead);
    }

    /**
     * These options with another validation level.
     *
     * @param newValidation how far every array read is validated
     * @return the new options
     */
    public ArrowOptions withValidation(ValidationLevel newValidation) {
        return new ArrowOptions(format, newValidation, codec, allocator, csvRead, csvWrite, ndjsonRead);
    }

    /**
     * These options with a compression codec for IPC output.
     *
     * @param newCodec the body compression codec, or null for none
     * @return the new options
     */
    public ArrowOptions withCodec(CompressionCodec newCodec) {
        return new ArrowOptions(format, validation, newCodec, allocator, csvRead, csvWrite, ndjsonRead);
    }

    /**
     * These options with another allocator.
     *
     * @param newAllocator where the memory of what is read comes from
     * @return the new options
     */
    public ArrowOptions withAllocator(BufferAllocator newAllocator) {
        return new ArrowOptions(format, validation, codec, newAllocator, csvRead, csvWrite, ndjsonRead);
    }

    /**
     * These options with other options for reading CSV and TSV.
     *
     * @param newCsvRead how CSV and TSV are read (its allocator is replaced by {@link #allocator()})
     * @return the new options
     */
    public ArrowOptions withCsvRead(CsvReadOptions newCsvRead) {
        return new ArrowOptions(format, validation, codec, allocator, newCsvRead, csvWrite, ndjsonRead);
    }

    /**
     * These options with other options for writing CSV and TSV.
     *
     * @param newCsvWrite how CSV and TSV are written
     * @return the new options
     */
    public ArrowOptions withCsvWrite(CsvWriteOptions newCsvWrite) {
        return new ArrowOptions(format, validation, codec, allocator, csvRead, newCsvWrite, ndjsonRead);
    }

    /**
     * These options with other options for reading NDJSON.
     *
     * @param newNdjsonRead how NDJSON is read (its allocator is replaced by {@link #allocator()})
     * @return the new options
     */
    public ArrowOptions withNdjsonRead(NdjsonReadOptions newNdjsonRead) {
        return new ArrowOptions(format, validation, codec, allocator, csvRead, csvWrite, newNdjsonRead);
    }

    IpcReadOptions ipcRead() {
        return IpcReadOptions.DEFAULT.withValidation(validation).withAllocator(allocator);
    }

    JsonReadOptions jsonRead() {
        return JsonReadOptions.DEFAULT.withValidation(validation).withAllocator(allocator);
    }

    IpcWriteOptions ipcWrite() {
        return IpcWriteOptions.DEFAULT.withCodec(codec);
    }

    JsonWriteOptions jsonWrite() {
        if (codec != null) {
            throw new IllegalArgumentException("integration JSON has no body compression (" + codec.type()
                    + "); a name ending with .gz compresses the whole file");
        }
        return JsonWriteOptions.DEFAULT;
    }

    /** The CSV read options of {@code delimited} (CSV or TSV): a tab for TSV unless another delimiter than the comma is set. */
    CsvReadOptions csvReading(ArrowFormat delimited) {
        CsvReadOptions options = csvRead.withAllocator(allocator);
        return delimited == ArrowFormat.TSV && options.delimiter() == ',' ? options.withDelimiter('\t') : options;
    }

    /** The CSV write options of {@code delimited}, as {@link #csvReading(ArrowFormat)}; no codec (none applies to text). */
    CsvWriteOptions csvWriting(ArrowFormat delimited) {
        noCodec(delimited);
        return delimited == ArrowFormat.TSV && csvWrite.delimiter() == ',' ? csvWrite.withDelimiter('\t') : csvWrite;
    }

    /** Parquet written with the codec asked for (ZSTD as ZSTD, LZ4_FRAME as LZ4_RAW), else Parquet's usual SNAPPY. */
    ParquetWriteOptions parquetWrite() {
        if (codec == null) {
            return ParquetWriteOptions.DEFAULT;
        }
        return ParquetWriteOptions.DEFAULT.withCodec(switch (codec.type()) {
            case ZSTD -> dev.quiver.parquet.format.CompressionCodec.ZSTD;
            case LZ4_FRAME -> dev.quiver.parquet.format.CompressionCodec.LZ4_RAW;
        });
    }

    NdjsonReadOptions ndjsonReading() {
        return ndjsonRead.withAllocator(allocator);
    }

    /** Refuses a codec for a text format. */
    void noCodec(ArrowFormat text) {
        if (codec != null) {
            throw new IllegalArgumentException(text.label() + " has no body compression (" + codec.type() + ")");
        }
    }
}
