// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchWriter;
import dev.quiver.core.io.AtomicFileOutput;
import dev.quiver.core.type.Schema;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Writes the IPC file format: {@code ARROW1} and padding, the stream (schema, dictionary and record
 * batches, end-of-stream marker), the footer (schema and the blocks of every dictionary and record
 * batch, and the options' {@link IpcWriteOptions#footerMetadata() footer metadata}), its length, and
 * {@code ARROW1}. Dictionaries may grow by deltas but not be replaced. {@link #close()} writes the
 * footer; a failed write makes every later call, and close, throw.
 *
 * <p>Every way to open one is an {@code open} factory, with or without {@link IpcWriteOptions} (by
 * default {@link IpcWriteOptions#DEFAULT}): to a {@link Path} (which appears whole on close, or not at
 * all), a channel or an {@link OutputStream} (random access needs only the bytes, not a seekable
 * output).
 *
 * <pre>{@code
 * try (IpcFileWriter writer = IpcFileWriter.open(Path.of("data.arrow"), schema)) {
 *     writer.write(batch);
 * }
 * }</pre>
 */
public final class IpcFileWriter implements RecordBatchWriter {
    private final BatchWriter writer;
    /** The temporary file that close moves into place, for a writer of a path; else null. */
    private final AtomicFileOutput file;
    private final Map<String, String> footerMetadata;
    private final List<Header.Block> dictionaryBlocks = new ArrayList<>();
    private final List<Header.Block> batchBlocks = new ArrayList<>();
    private boolean closed;

    private IpcFileWriter(WritableByteChannel channel, AtomicFileOutput file, Schema schema, IpcWriteOptions options) {
        this.file = file;
        this.footerMetadata = options.footerMetadata();
        try {
            this.writer = new BatchWriter(new ByteOutput(channel), schema, options, false);
        } catch (RuntimeException e) {
            IpcStreamWriter.discard(file, e);
            throw e;
        }
        try {
            writer.output().write(IpcFileReader.MAGIC);
            writer.output().align(8);
            writer.writeSchema();
        } catch (IOException e) {
            IpcException failure = new IpcException("cannot write the file header: " + e.getMessage(), e);
            IpcStreamWriter.closeAfterFailure(writer, failure);
            IpcStreamWriter.discard(file, failure);
            throw failure;
        } catch (RuntimeException e) {
            IpcStreamWriter.closeAfterFailure(writer, e);
            IpcStreamWriter.discard(file, e);
            throw e;
        }
    }

    /**
     * Writes the file at {@code path} with the default options (see
     * {@link #open(Path, Schema, IpcWriteOptions)}).
     *
     * @param path the file
     * @param schema the schema of every batch written
     * @return a writer that has written the header and schema
     * @throws IpcException if the temporary file cannot be created or the header or schema cannot be
     *     written (nothing then appears at {@code path})
     */
    public static IpcFileWriter open(Path path, Schema schema) {
        return open(path, schema, IpcWriteOptions.DEFAULT);
    }

    /**
     * Writes the file at {@code path}: the bytes go to a temporary file beside it, which {@link #close()}
     * moves over {@code path} once the footer is written; after a failure nothing appears and an
     * existing file is left as it was. (To force the file to the device, write to an
     * {@link AtomicFileOutput} created with {@code sync} through {@link #open(WritableByteChannel, Schema,
     * IpcWriteOptions)}.)
     *
     * @param path the file
     * @param schema the schema of every batch written
     * @param options how the file is written
     * @return a writer that has written the header and schema
     * @throws IpcException if the temporary file cannot be created or the header or schema cannot be
     *     written (nothing then appears at {@code path})
     */
    public static IpcFileWriter open(Path path, Schema schema, IpcWriteOptions options) {
        AtomicFileOutput file = IpcStreamWriter.createAtomic(path);
        return new IpcFileWriter(file.channel(), file, schema, options);
    }

    /**
     * Writes a file to a channel, with the default options; the header and schema are written at once.
     *
     * @param channel where the file's bytes go; closed by {@link #close()}
     * @param schema the schema of every batch written
     * @return a writer that has written the header and schema
     * @throws IpcException if the header or schema cannot be written (the output is then closed)
     */
    public static IpcFileWriter open(WritableByteChannel channel, Schema schema) {
        return open(channel, schema, IpcWriteOptions.DEFAULT);
    }

    /**
     * Writes a file to a channel; the header and schema are written at once.
     *
     * @param channel where the file's bytes go; closed by {@link #close()}
     * @param schema the schema of every batch written
     * @param options how the file is written
     * @return a writer that has written the header and schema
     * @throws IpcException if the header or schema cannot be written (the output is then closed)
     */
    public static IpcFileWriter open(WritableByteChannel channel, Schema schema, IpcWriteOptions options) {
        return new IpcFileWriter(channel, null, schema, options);
    }

    /**
     * Writes a file to an {@link OutputStream}, with the default options; the header and schema are
     * written at once.
     *
     * @param out where the file's bytes go; closed by {@link #close()}
     * @param schema the schema of every batch written
     * @return a writer that has written the header and schema
     * @throws IpcException if the header or schema cannot be written (the output is then closed)
     */
    public static IpcFileWriter open(OutputStream out, Schema schema) {
        return open(out, schema, IpcWriteOptions.DEFAULT);
    }

    /**
     * Writes a file to an {@link OutputStream}; the header and schema are written at once.
     *
     * @param out where the file's bytes go; closed by {@link #close()}
     * @param schema the schema of every batch written
     * @param options how the file is written
     * @return a writer that has written the header and schema
     * @throws IpcException if the header or schema cannot be written (the output is then closed)
     */
    public static IpcFileWriter open(OutputStream out, Schema schema, IpcWriteOptions options) {
        return open(Channels.newChannel(out), schema, options);
    }

    /**
     * The schema as written (with the output byte order).
     *
     * @return the schema of the schema message and the footer
     */
    @Override
    public Schema schema() {
        return writer.schema();
    }

    /**
     * Writes a batch, preceded by the dictionary batches it needs.
     *
     * @param batch a batch whose column types (and dictionary ids) are the writer's schema's
     * @throws IpcException if the writer is closed, the batch does not match the schema or is invalid,
     *     it would replace a dictionary, or the write fails
     */
    @Override
    public void write(RecordBatch batch) {
        write(batch, Map.of());
    }

    /**
     * Writes a batch with custom metadata on its message, preceded by the dictionary batches it needs.
     *
     * @param batch a batch whose column types (and dictionary ids) are the writer's schema's
     * @param metadata the custom metadata of the record batch message
     * @throws IpcException if the writer is closed, the batch does not match the schema or is invalid,
     *     it would replace a dictionary, or the write fails
     */
    @Override
    public void write(RecordBatch batch, Map<String, String> metadata) {
        if (closed) {
            throw new IpcException("the writer is closed");
        }
        BatchWriter.Written written = writer.writeBatch(batch, metadata);
        dictionaryBlocks.addAll(written.dictionaries());
        batchBlocks.add(written.batch());
    }

    /**
     * Writes the end-of-stream marker and the footer, and closes the output; does nothing once closed.
     *
     * @throws IpcException if a write failed (then no footer is written) or closing the output fails
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            try {
                if (!writer.failed()) {
                    writer.writeEndOfStream();
                    writer.writeFooterAndClose(new Header.Footer(writer.schema(), dictionaryBlocks, batchBlocks,
                            footerMetadata));
                }
            } finally {
                writer.close();
            }
            if (file != null) {
                file.commit();
            }
        } catch (IOException e) {
            throw new IpcException("cannot move the file into place: " + e.getMessage(), e);
        } finally {
            IpcStreamWriter.discard(file, null);
        }
    }
}
