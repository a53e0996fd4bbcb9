// SPDX-License-Identifier: Apache-2.0
package dev.quiver.io;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.RecordBatchWriter;
import dev.quiver.core.batch.Table;
import dev.quiver.core.type.Schema;
import dev.quiver.ipc.IpcFileReader;
import dev.quiver.ipc.IpcFileWriter;
import dev.quiver.ipc.IpcStreamReader;
import dev.quiver.ipc.IpcStreamWriter;
import dev.quiver.json.IntegrationJsonReader;
import dev.quiver.json.IntegrationJsonWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * One-line reading and writing of Arrow data: any Arrow IPC file, IPC stream or integration JSON (plain
 * or gzip-compressed) read into a {@link Table}, and a table written to a file.
 *
 * <pre>{@code
 * Table table = Arrow.read(Path.of("data.arrow"));          // or .arrows, .json, .json.gz: any name
 * Arrow.write(table, Path.of("copy.arrows"));               // the format from the extension
 * try (RecordBatchReader reader = Arrow.open(Path.of("big.arrows"))) {
 *     for (RecordBatch batch : reader) { ... }              // one batch in memory at a time
 * }
 * }</pre>
 *
 * <p>Reading recognizes the format by the file's content, whatever its name (unless the options name
 * it): {@code ARROW1} starts an IPC file, the continuation marker {@code FF FF FF FF} (or, before
 * format 0.15, a metadata length) an IPC stream, and an opening brace integration JSON, possibly
 * gzip-compressed. Writing takes the format from the options, else from the extension: {@code .arrow}
 * and {@code .feather} an IPC file, {@code .arrows} an IPC stream, {@code .json} integration JSON and
 * {@code .json.gz} the same gzip-compressed. Anything else is an {@link UnknownFormatException}.
 *
 * <p>Malformed input ends in the reader's exception ({@code IpcException}, {@code JsonFormatException});
 * a failure of the file system in an {@link UncheckedIOException} or {@code IpcException}. A file
 * written appears whole once complete, or not at all.
 */
public final class Arrow {
    private Arrow() {
    }

    /**
     * Reads a whole file, fully validated.
     *
     * @param path an Arrow IPC file or stream, or integration JSON (plain or gzip-compressed)
     * @return its schema and batches
     * @throws UnknownFormatException if the content is none of these formats
     */
    public static Table read(Path path) {
        return read(path, ArrowOptions.DEFAULT);
    }

    /**
     * Reads a whole file.
     *
     * @param path an Arrow IPC file or stream, or integration JSON (plain or gzip-compressed)
     * @param options the format (null: recognized from the content), validation and allocator
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
     * @param path an Arrow IPC file or stream, or integration JSON (plain or gzip-compressed)
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
     * @param path an Arrow IPC file or stream, or integration JSON (plain or gzip-compressed)
     * @param options the format (null: recognized from the content), validation and allocator
     * @return a reader, to be closed
     * @throws UnknownFormatException if the content is none of these formats
     */
    public static RecordBatchReader open(Path path, ArrowOptions options) {
        ArrowFormat format = options.format() != null ? options.format() : FormatDetection.ofContent(path);
        return switch (format) {
            case FILE -> IpcFileReader.open(path, options.ipcRead());
            case STREAM -> IpcStreamReader.open(path, options.ipcRead());
            case JSON -> IntegrationJsonReader.open(path, options.jsonRead());
        };
    }

    /**
     * Writes a table to a file in the format its extension says, uncompressed.
     *
     * @param table the table
     * @param path {@code .arrow} or {@code .feather} (IPC file), {@code .arrows} (IPC stream),
     *     {@code .json} or {@code .json.gz} (integration JSON)
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
     *     compression codec of IPC output
     * @throws UnknownFormatException if no format is given and the extension names none
     * @throws IllegalArgumentException if a compression codec is given for integration JSON
     */
    public static void write(Table table, Path path, ArrowOptions options) {
        try (RecordBatchWriter writer = writer(path, table.schema(), options)) {
            for (RecordBatch batch : table) {
                writer.write(batch);
            }
        }
    }

    private static RecordBatchWriter writer(Path path, Schema schema, ArrowOptions options) {
        ArrowFormat format = options.format() != null ? options.format() : FormatDetection.ofName(path);
        return switch (format) {
            case FILE -> IpcFileWriter.open(path, schema, options.ipcWrite());
            case STREAM -> IpcStreamWriter.open(path, schema, options.ipcWrite());
            case JSON -> IntegrationJsonWriter.open(path, schema, options.jsonWrite());
        };
    }
}
