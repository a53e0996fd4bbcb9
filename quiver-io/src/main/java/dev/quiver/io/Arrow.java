// SPDX-License-Identifier: Apache-2.0
package dev.quiver.io;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.RecordBatchWriter;
import dev.quiver.core.batch.Table;
import dev.quiver.core.type.Schema;
import dev.quiver.csv.CsvReader;
import dev.quiver.csv.CsvWriter;
import dev.quiver.ipc.IpcFileReader;
import dev.quiver.ipc.IpcFileWriter;
import dev.quiver.ipc.IpcStreamReader;
import dev.quiver.ipc.IpcStreamWriter;
import dev.quiver.json.IntegrationJsonReader;
import dev.quiver.json.IntegrationJsonWriter;
import dev.quiver.ndjson.NdjsonReader;
import dev.quiver.ndjson.NdjsonWriter;
import dev.quiver.parquet.ParquetReader;
import dev.quiver.parquet.ParquetWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * One-line reading and writing of Arrow data: any Arrow IPC file, IPC stream, integration JSON (plain
 * or gzip-compressed), CSV, TSV, NDJSON or Parquet read into a {@link Table}, and a table written to a file.
 *
 * <pre>{@code
 * Table table = Arrow.read(Path.of("data.arrow"));          // or .arrows, .json, .json.gz: any name
 * Table sales = Arrow.read(Path.of("sales.csv"));           // .csv, .tsv, .ndjson, .jsonl
 * Arrow.write(table, Path.of("copy.arrows"));               // the format from the extension
 * try (RecordBatchReader reader = Arrow.open(Path.of("big.arrows"))) {
 *     for (RecordBatch batch : reader) { ... }              // one batch in memory at a time
 * }
 * }</pre>
 *
 * <p>Reading takes the format from the options; else a name ending in {@code .csv}, {@code .tsv},
 * {@code .ndjson} or {@code .jsonl} is read as it says; else the file's content tells, whatever its name:
 * {@code ARROW1} starts an IPC file, {@code PAR1} a Parquet file, the continuation marker {@code FF FF FF FF} (or, before format 0.15,
 * a metadata length) an IPC stream, an object whose first member is {@code "schema"} integration JSON
 * (possibly gzip-compressed), any other object NDJSON, and a first line of text holding a tab TSV, else
 * a comma CSV ({@link ArrowFormat#of}). Writing takes the format from the options, else from the
 * extension: {@code .arrow}, {@code .arrow_file} and {@code .feather} an IPC file, {@code .arrows} and
 * {@code .stream} an IPC stream,
 * {@code .json} integration JSON and {@code .json.gz} the same gzip-compressed, {@code .csv},
 * {@code .tsv}, {@code .ndjson} and {@code .jsonl} text, {@code .parquet} and {@code .parq} Parquet (the options'
 * codec: ZSTD as ZSTD, LZ4 as LZ4_RAW, else SNAPPY) ({@link ArrowFormat#byName}). Anything else is an
 * {@link UnknownFormatException}. The options of CSV, TSV and NDJSON are those of quiver-csv and
 * quiver-ndjson, in {@link ArrowOptions}.
 *
 * <p>Malformed input ends in the reader's exception ({@code IpcException}, {@code JsonFormatException},
 * {@code CsvException}, {@code NdjsonException}, {@code ParquetException});
 * a failure of the file system in an {@link UncheckedIOException} or {@code IpcException}. A file
 * written appears whole once complete, or not at all.
 */
public final class Arrow {
    private Arrow() {
    }

    /**
     * Reads a whole file, fully validated.
     *
     * @param path an Arrow IPC file or stream, integration JSON (plain or gzip-compressed), CSV, TSV or NDJSON
     * @return its schema and batches
     * @throws UnknownFormatException if the content is none of these formats
     */
    public static Table read(Path path) {
        return read(path, ArrowOptions.DEFAULT);
    }

    /**
     * Reads a whole file.
     *
     * @param path an Arrow IPC file or stream, integration JSON (plain or gzip-compressed), CSV, TSV or NDJSON
     * @param options the format (null: recognized from the name or content), validation, allocator, CSV
     *     and NDJSON options
     * @return its schema and batches, which stay valid after the file is closed
     * @throws UnknownFormatException if the content is none of these formats
     */
    public static Table read(Path path, ArrowOptions options) {
        try (RecordBatchReader reader = open(path, options)) {
            return Table.from(reader);
        }
    }

    /**
     * Opens a file to read its batches one at a time, fully validated.
     *
     * @param path an Arrow IPC file or stream, integration JSON (plain or gzip-compressed), CSV, TSV or NDJSON
     * @return a reader, to be closed
     * @throws UnknownFormatException if the content is none of these formats
     */
    public static RecordBatchReader open(Path path) {
        return open(path, ArrowOptions.DEFAULT);
    }

    /**
     * Opens a file to read its batches one at a time. Each message of an IPC file or stream is copied
     * into memory as it is read (for zero-copy reading of a mapped file, see {@link IpcFileReader#map}).
     *
     * @param path an Arrow IPC file or stream, integration JSON (plain or gzip-compressed), CSV, TSV or NDJSON
     * @param options the format (null: recognized from the name or content), validation, allocator, CSV
     *     and NDJSON options
     * @return a reader, to be closed
     * @throws UnknownFormatException if the content is none of these formats
     */
    public static RecordBatchReader open(Path path, ArrowOptions options) {
        ArrowFormat format = options.format() != null ? options.format() : ArrowFormat.of(path);
        return switch (format) {
            case FILE -> IpcFileReader.open(path, options.ipcRead());
            case STREAM -> IpcStreamReader.open(path, options.ipcRead());
            case JSON -> IntegrationJsonReader.open(path, options.jsonRead());
            case CSV, TSV -> CsvReader.open(path, options.csvReading(format));
            case NDJSON -> NdjsonReader.open(path, options.ndjsonReading());
            case PARQUET -> ParquetReader.open(path);
        };
    }

    /**
     * Writes a table to a file in the format its extension says, uncompressed.
     *
     * @param table the table
     * @param path {@code .arrow} or {@code .feather} (IPC file), {@code .arrows} (IPC stream),
     *     {@code .json} or {@code .json.gz} (integration JSON), {@code .csv}, {@code .tsv}, {@code .ndjson}
     *     or {@code .jsonl}
     * @throws UnknownFormatException if the extension is none of these
     */
    public static void write(Table table, Path path) {
        write(table, path, ArrowOptions.DEFAULT);
    }

    /**
     * Writes a table to a file; it appears whole once written, an existing file being replaced then, or
     * left as it was after a failure.
     *
     * @param table the table
     * @param path the file
     * @param options the format (null: from the extension, as in {@link #write(Table, Path)}) and the
     *     compression codec of IPC output, the CSV write options
     * @throws UnknownFormatException if no format is given and the extension names none
     * @throws IllegalArgumentException if a compression codec is given for a text format (JSON, CSV, TSV,
     *     NDJSON)
     */
    public static void write(Table table, Path path, ArrowOptions options) {
        try (RecordBatchWriter writer = writer(path, table.schema(), options)) {
            for (RecordBatch batch : table) {
                writer.write(batch);
            }
        }
    }

    /**
     * Opens a file to write batches one at a time; it appears whole when the writer is closed, an existing
     * file being replaced then.
     *
     * @param path the file
     * @param schema the schema of every batch
     * @param options the format (null: from the extension, as in {@link #write(Table, Path)}), the
     *     compression codec of IPC output, the CSV write options
     * @return the writer, to be closed
     * @throws UnknownFormatException if no format is given and the extension names none
     * @throws IllegalArgumentException if a compression codec is given for a text format
     */
    public static RecordBatchWriter writer(Path path, Schema schema, ArrowOptions options) {
        ArrowFormat format = options.format() != null ? options.format() : FormatDetection.toWrite(path);
        return switch (format) {
            case FILE -> IpcFileWriter.open(path, schema, options.ipcWrite());
            case STREAM -> IpcStreamWriter.open(path, schema, options.ipcWrite());
            case JSON -> IntegrationJsonWriter.open(path, schema, options.jsonWrite());
            case CSV, TSV -> CsvWriter.open(path, schema, options.csvWriting(format));
            case NDJSON -> {
                options.noCodec(format);
                yield NdjsonWriter.open(path, schema);
            }
            case PARQUET -> ParquetWriter.open(path, schema, options.parquetWrite());
        };
    }
}
