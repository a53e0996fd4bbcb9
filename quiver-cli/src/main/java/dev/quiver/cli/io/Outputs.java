// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.io;

import dev.quiver.core.batch.RecordBatchWriter;
import dev.quiver.core.io.AtomicFileOutput;
import dev.quiver.core.type.Schema;
import dev.quiver.csv.CsvWriteOptions;
import dev.quiver.csv.CsvWriter;
import dev.quiver.io.ArrowFormat;
import dev.quiver.ipc.IpcFileWriter;
import dev.quiver.ipc.IpcStreamWriter;
import dev.quiver.ipc.IpcWriteOptions;
import dev.quiver.json.IntegrationJsonWriter;
import dev.quiver.json.JsonWriteOptions;
import dev.quiver.ndjson.NdjsonWriter;
import dev.quiver.parquet.ParquetWriteOptions;
import dev.quiver.parquet.ParquetWriter;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.GatheringByteChannel;
import java.nio.file.Path;

/**
 * Writes an output of any supported format through a {@link RecordBatchWriter}. A file goes to a
 * temporary file beside the target, moved over it only once every batch is written and the writer
 * closed: a failure anywhere, in the writer or in what feeds it, leaves no new file and an existing one
 * untouched. The name {@code -} is standard output, written as the batches come.
 */
public final class Outputs {
    private Outputs() {
    }

    /** What writes the batches, given the writer of the output. */
    @FunctionalInterface
    public interface Batches {
        /**
         * Writes the batches.
         *
         * @param writer the writer of the output
         * @throws IOException if reading what is written fails
         */
        void writeTo(RecordBatchWriter writer) throws IOException;
    }

    /**
     * Writes {@code schema} in {@code format} to {@code path}, which appears once {@code batches} has
     * written every batch and the writer has finished ({@code -}: standard output).
     *
     * @param path the output file, or {@code -}
     * @param format its format
     * @param schema the schema of every batch
     * @param options the IPC options of Arrow output
     * @param batches what writes the batches
     * @throws IOException if the file cannot be written or moved into place, or {@code batches} fails
     */
    public static void write(Path path, ArrowFormat format, Schema schema, IpcWriteOptions options, Batches batches)
            throws IOException {
        if (Inputs.isStdio(path) && format.isArrow() && Inputs.standardDescriptors()) {
            // Arrow output is written to descriptor 1 itself, buffers straight from their memory (System.out
            // and a channel over it would copy each through 8 KiB arrays).
            System.out.flush();
            FileChannel descriptor = new FileOutputStream(FileDescriptor.out).getChannel();
            // Gathering: a message's pieces go out in one system call.
            GatheringByteChannel stdout = new GatheringByteChannel() {
                @Override
                public int write(ByteBuffer src) throws IOException {
                    return descriptor.write(src);
                }

                @Override
                public long write(ByteBuffer[] sources, int offset, int length) throws IOException {
                    return descriptor.write(sources, offset, length);
                }

                @Override
                public long write(ByteBuffer[] sources) throws IOException {
                    return descriptor.write(sources);
                }

                @Override
                public boolean isOpen() {
                    return descriptor.isOpen();
                }

                @Override
                public void close() {
                    // Standard output stays open for what the command prints after.
                }
            };
            try (RecordBatchWriter writer = format == ArrowFormat.FILE ? IpcFileWriter.open(stdout, schema, options)
                    : IpcStreamWriter.open(stdout, schema, options)) {
                batches.writeTo(writer);
            }
            return;
        }
        if (Inputs.isStdio(path)) {
            OutputStream stdout = new FilterOutputStream(new BufferedOutputStream(System.out, 1 << 16)) {
                @Override
                public void write(byte[] b, int off, int len) throws IOException {
                    out.write(b, off, len);
                }

                @Override
                public void close() throws IOException {
                    flush();
                }
            };
            try (RecordBatchWriter writer = open(stdout, path, format, schema, options)) {
                batches.writeTo(writer);
            }
            stdout.flush();
            return;
        }
        try (AtomicFileOutput file = AtomicFileOutput.create(path)) {
            // Arrow writers get the file's channel: through a stream every buffer would be copied in 8 KiB pieces.
            try (RecordBatchWriter writer = switch (format) {
                case FILE -> IpcFileWriter.open(file.channel(), schema, options);
                case STREAM -> IpcStreamWriter.open(file.channel(), schema, options);
                default -> open(file.stream(), path, format, schema, options);
            }) {
                batches.writeTo(writer);
            }
            file.commit();
        }
    }

    private static RecordBatchWriter open(OutputStream out, Path path, ArrowFormat format, Schema schema,
            IpcWriteOptions options) {
        return switch (format) {
            case FILE -> IpcFileWriter.open(out, schema, options);
            case STREAM -> IpcStreamWriter.open(out, schema, options);
            case JSON -> IntegrationJsonWriter.open(out, schema, JsonWriteOptions.DEFAULT.withPretty(true)
                    .withGzip(path.getFileName().toString().endsWith(".gz")));
            case CSV -> CsvWriter.open(out, schema, CsvWriteOptions.DEFAULT);
            case TSV -> CsvWriter.open(out, schema, CsvWriteOptions.DEFAULT.withDelimiter('\t'));
            case NDJSON -> NdjsonWriter.open(out, schema);
            case PARQUET -> ParquetWriter.open(Channels.newChannel(out), schema, ParquetWriteOptions.DEFAULT);
        };
    }
}
