// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.io;

import dev.quiver.cli.CliException;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.csv.CsvReadOptions;
import dev.quiver.csv.CsvReader;
import dev.quiver.io.ArrowFormat;
import dev.quiver.ipc.IpcFileReader;
import dev.quiver.ipc.IpcReadOptions;
import dev.quiver.ipc.IpcStreamReader;
import dev.quiver.json.IntegrationJsonReader;
import dev.quiver.json.JsonReadOptions;
import dev.quiver.ndjson.NdjsonReadOptions;
import dev.quiver.ndjson.NdjsonReader;
import dev.quiver.parquet.ParquetReader;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Opens an input of any supported format as a {@link RecordBatchReader}, read once and streamed: an
 * Arrow file memory-mapped, an Arrow stream, integration JSON, CSV and TSV batch by batch. The name
 * {@code -} is standard input, whose format must be given.
 */
public final class Inputs {
    /** Whether System.in and System.out are the process's own, untouched: set by the quiver command's main. */
    private static volatile boolean standardDescriptors;

    private Inputs() {
    }

    /**
     * Says that {@link System#in} and {@link System#out} are the process's own standard input and output,
     * which nothing else reads or writes: Arrow input and output on them then go through file descriptors
     * 0 and 1 directly, without the copies of their Java streams. The quiver command's {@code main} calls
     * it; a caller that replaces {@code System.in} or {@code System.out} (a test) does not.
     */
    public static void useStandardDescriptors() {
        standardDescriptors = true;
    }

    /**
     * Whether {@link #useStandardDescriptors()} was called.
     *
     * @return true in the quiver process
     */
    public static boolean standardDescriptors() {
        return standardDescriptors;
    }

    /** Whether {@code path} is {@code -}: standard input or output. */
    public static boolean isStdio(Path path) {
        return path.toString().equals("-");
    }

    /** Opens {@code path} with full validation of Arrow input and default CSV options. */
    public static RecordBatchReader open(Path path) throws IOException {
        return open(path, null, CsvReadOptions.DEFAULT, IpcReadOptions.DEFAULT);
    }

    /**
     * Opens {@code path} ({@code -}: standard input) as {@code format}, or as its name or content tell when
     * {@code format} is null; CSV and TSV with {@code csv} (TSV with a tab delimiter unless {@code csv}
     * has another than the comma), JSON with the validation and allocator of {@code options}.
     */
    public static RecordBatchReader open(Path path, ArrowFormat format, CsvReadOptions csv, IpcReadOptions options)
            throws IOException {
        return open(path, format, csv, options, options.allocator());
    }

    /**
     * Opens {@code path} as {@link #open(Path, ArrowFormat, CsvReadOptions, IpcReadOptions)} does, NDJSON
     * batches allocated from {@code ndjsonAllocator}.
     *
     * @param path the file, {@code -} for standard input
     * @param format its format, or null to go by its name or content
     * @param csv the options of CSV and TSV input
     * @param options the options of Arrow and JSON input
     * @param ndjsonAllocator where NDJSON batches are allocated
     * @return the reader
     * @throws IOException if the file cannot be read
     */
    public static RecordBatchReader open(Path path, ArrowFormat format, CsvReadOptions csv, IpcReadOptions options,
            BufferAllocator ndjsonAllocator) throws IOException {
        if (isStdio(path)) {
            if (format == null) {
                throw new CliException("reading standard input ('-') needs --from FORMAT (csv, tsv, arrow, arrows, "
                        + "json, ndjson)", CliException.USAGE);
            }
            // In the quiver process an Arrow stream is read from standard input's descriptor itself (System.in
            // adds a buffer, and so a copy): the reader reads it through its channel, straight into the
            // batches' memory.
            boolean direct = format == ArrowFormat.STREAM && standardDescriptors;
            return open(direct ? new FileInputStream(FileDescriptor.in) : System.in, format, csv, options,
                    ndjsonAllocator);
        }
        if (!Files.isRegularFile(path) && !(Files.exists(path) && format != null)) {
            throw new CliException(Files.exists(path) ? "not a regular file: " + path : "no such file: " + path);
        }
        ArrowFormat actual = format != null ? format : Formats.ofInput(path);
        return switch (actual) {
            case FILE -> Files.isRegularFile(path) ? IpcFileReader.map(path, options)
                    : IpcFileReader.open(Files.newInputStream(path), options);
            case STREAM -> IpcStreamReader.open(path, options);
            case JSON -> IntegrationJsonReader.open(path, json(options));
            case CSV, TSV -> CsvReader.open(path, delimited(actual, csv));
            case NDJSON -> NdjsonReader.open(path, NdjsonReadOptions.DEFAULT.withAllocator(ndjsonAllocator));
            case PARQUET -> ParquetReader.open(path);
        };
    }

    /** Opens a stream of {@code format}. */
    public static RecordBatchReader open(InputStream in, ArrowFormat format, CsvReadOptions csv,
            IpcReadOptions options) {
        return open(in, format, csv, options, options.allocator());
    }

    private static RecordBatchReader open(InputStream in, ArrowFormat format, CsvReadOptions csv,
            IpcReadOptions options, BufferAllocator ndjsonAllocator) {
        return switch (format) {
            case FILE -> IpcFileReader.open(in, options);
            case STREAM -> IpcStreamReader.open(in, options);
            case JSON -> IntegrationJsonReader.open(in, json(options));
            case CSV, TSV -> CsvReader.open(in, delimited(format, csv));
            case NDJSON -> NdjsonReader.open(in, NdjsonReadOptions.DEFAULT.withAllocator(ndjsonAllocator));
            case PARQUET -> throw new CliException("Parquet is read from a file, not from standard input: its footer"
                    + " comes last");
        };
    }

    private static JsonReadOptions json(IpcReadOptions options) {
        return JsonReadOptions.DEFAULT.withValidation(options.validation()).withAllocator(options.allocator());
    }

    /** The CSV options of {@code format}: a tab for TSV unless another delimiter than the comma is given. */
    private static CsvReadOptions delimited(ArrowFormat format, CsvReadOptions csv) {
        return format == ArrowFormat.TSV && csv.delimiter() == ',' ? csv.withDelimiter('\t') : csv;
    }

    /** Opens an Arrow file or stream only (refuses CSV and JSON). */
    public static RecordBatchReader openArrow(Path path, IpcReadOptions options) throws IOException {
        ArrowFormat format = Formats.ofInput(path);
        if (!format.isArrow()) {
            throw new CliException(path + " is " + format.label() + ", not an Arrow file or stream");
        }
        return open(path, format, CsvReadOptions.DEFAULT, options);
    }
}
