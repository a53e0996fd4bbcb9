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
import java.util.Map;

/**
 * Writes the IPC stream format: the schema (at once), then for each batch the dictionary batches it
 * needs (first sight, delta or replacement) and the record batch; {@link #close()} writes the
 * end-of-stream marker and closes the output. A failed write makes every later call, and close, throw.
 *
 * <p>Every way to open one is an {@code open} factory, with or without {@link IpcWriteOptions} (by
 * default {@link IpcWriteOptions#DEFAULT}): to a {@link Path} (which appears whole on close, or not at
 * all), a channel or an {@link OutputStream}.
 *
 * <pre>{@code
 * try (IpcStreamWriter writer = IpcStreamWriter.open(Path.of("data.arrows"), schema)) {
 *     writer.write(batch);
 * }
 * }</pre>
 */
public final class IpcStreamWriter implements RecordBatchWriter {
    private final BatchWriter writer;
    /** The temporary file that close moves into place, for a writer of a path; else null. */
    private final AtomicFileOutput file;
    private boolean closed;

    private IpcStreamWriter(WritableByteChannel channel, AtomicFileOutput file, Schema schema,
            IpcWriteOptions options) {
        this.file = file;
        try {
            this.writer = new BatchWriter(new ByteOutput(channel), schema, options, true);
        } catch (RuntimeException e) {
            discard(file, e);
            throw e;
        }
        try {
            writer.writeSchema();
        } catch (RuntimeException e) {
            closeAfterFailure(writer, e);
            discard(file, e);
            throw e;
        }
    }

    /**
     * Writes a stream to the file at {@code path}, with the default options (see
     * {@link #open(Path, Schema, IpcWriteOptions)}).
     *
     * @param path the file
     * @param schema the schema of every batch written
     * @return a writer that has written the schema
     * @throws IpcException if the temporary file cannot be created or the schema cannot be written
     *     (nothing then appears at {@code path})
     */
    public static IpcStreamWriter open(Path path, Schema schema) {
        return open(path, schema, IpcWriteOptions.DEFAULT);
    }

    /**
     * Writes a stream to the file at {@code path}: the bytes go to a temporary file beside it, which
     * {@link #close()} moves over {@code path} once the end-of-stream marker is written; after a failure
     * nothing appears and an existing file is left as it was.
     *
     * @param path the file
     * @param schema the schema of every batch written
     * @param options how the stream is written
     * @return a writer that has written the schema
     * @throws IpcException if the temporary file cannot be created or the schema cannot be written
     *     (nothing then appears at {@code path})
     */
    public static IpcStreamWriter open(Path path, Schema schema, IpcWriteOptions options) {
        AtomicFileOutput file = createAtomic(path);
        return new IpcStreamWriter(file.channel(), file, schema, options);
    }

    /**
     * Writes a stream to a channel, with the default options; the schema is written at once.
     *
     * @param channel where the stream goes; closed by {@link #close()}
     * @param schema the schema of every batch written
     * @return a writer that has written the schema
     * @throws IpcException if the schema cannot be written (the output is then closed)
     */
    public static IpcStreamWriter open(WritableByteChannel channel, Schema schema) {
        return open(channel, schema, IpcWriteOptions.DEFAULT);
    }

    /**
     * Writes a stream to a channel; the schema is written at once.
     *
     * @param channel where the stream goes; closed by {@link #close()}
     * @param schema the schema of every batch written
     * @param options how the stream is written
     * @return a writer that has written the schema
     * @throws IpcException if the schema cannot be written (the output is then closed)
     */
    public static IpcStreamWriter open(WritableByteChannel channel, Schema schema, IpcWriteOptions options) {
        return new IpcStreamWriter(channel, null, schema, options);
    }

    /**
     * Writes a stream to an {@link OutputStream}, with the default options; the schema is written at once.
     *
     * @param out where the stream goes; closed by {@link #close()}
     * @param schema the schema of every batch written
     * @return a writer that has written the schema
     * @throws IpcException if the schema cannot be written (the output is then closed)
     */
    public static IpcStreamWriter open(OutputStream out, Schema schema) {
        return open(out, schema, IpcWriteOptions.DEFAULT);
    }

    /**
     * Writes a stream to an {@link OutputStream}; the schema is written at once.
     *
     * @param out where the stream goes; closed by {@link #close()}
     * @param schema the schema of every batch written
     * @param options how the stream is written
     * @return a writer that has written the schema
     * @throws IpcException if the schema cannot be written (the output is then closed)
     */
    public static IpcStreamWriter open(OutputStream out, Schema schema, IpcWriteOptions options) {
        return open(Channels.newChannel(out), schema, options);
    }

    /**
     * The schema as written (with the output byte order).
     *
     * @return the schema of the schema message
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
     *     or the write fails
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
     *     or the write fails
     */
    @Override
    public void write(RecordBatch batch, Map<String, String> metadata) {
        if (closed) {
            throw new IpcException("the writer is closed");
        }
        writer.writeBatch(batch, metadata);
    }

    /**
     * Writes the end-of-stream marker and closes the output (for a path, moves the file into place);
     * does nothing once closed.
     *
     * @throws IpcException if a write failed (then no marker is written, and for a path no file
     *     appears), or closing the output or moving the file fails
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
            discard(file, null);
        }
    }

    /** The temporary output of a writer of {@code path}. */
    static AtomicFileOutput createAtomic(Path path) {
        try {
            return AtomicFileOutput.create(path);
        } catch (IOException e) {
            throw new IpcException("cannot create a temporary file for " + path + ": " + e.getMessage(), e);
        }
    }

    /** Closes the output of a writer whose setup failed, keeping the first failure. */
    static void closeAfterFailure(BatchWriter writer, RuntimeException failure) {
        try {
            writer.close();
        } catch (RuntimeException suppressed) {
            failure.addSuppressed(suppressed);
        }
    }

    /** Deletes the temporary file of a path's writer that did not commit; a problem doing so is suppressed. */
    static void discard(AtomicFileOutput file, RuntimeException failure) {
        if (file == null) {
            return;
        }
        try {
            file.close();
        } catch (IOException e) {
            if (failure != null) {
                failure.addSuppressed(e);
            }
        }
    }
}
