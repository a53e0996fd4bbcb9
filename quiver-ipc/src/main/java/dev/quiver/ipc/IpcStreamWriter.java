// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.Schema;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.WritableByteChannel;
import java.util.Map;

/**
 * Writes the IPC stream format: the schema (at once), then for each batch the dictionary batches it
 * needs (first sight, delta or replacement) and the record batch; {@link #close()} writes the
 * end-of-stream marker and closes the output. A failed write makes every later call, and close, throw.
 */
public final class IpcStreamWriter implements AutoCloseable {
    private final BatchWriter writer;
    private boolean closed;

    /**
     * Writes a stream with the default options; the schema is written at once.
     *
     * @param out where the stream goes; closed by {@link #close()}
     * @param schema the schema of every batch written
     * @throws IpcException if the schema cannot be written (the output is then closed)
     */
    public IpcStreamWriter(OutputStream out, Schema schema) {
        this(Channels.newChannel(out), schema, IpcWriteOptions.DEFAULT);
    }

    /**
     * Writes a stream; the schema is written at once.
     *
     * @param out where the stream goes; closed by {@link #close()}
     * @param schema the schema of every batch written
     * @param options how the stream is written
     * @throws IpcException if the schema cannot be written (the output is then closed)
     */
    public IpcStreamWriter(OutputStream out, Schema schema, IpcWriteOptions options) {
        this(Channels.newChannel(out), schema, options);
    }

    /**
     * Writes a stream to a channel; the schema is written at once.
     *
     * @param channel where the stream goes; closed by {@link #close()}
     * @param schema the schema of every batch written
     * @param options how the stream is written
     * @throws IpcException if the schema cannot be written (the output is then closed)
     */
    public IpcStreamWriter(WritableByteChannel channel, Schema schema, IpcWriteOptions options) {
        this.writer = new BatchWriter(new ByteOutput(channel), schema, options, true);
        try {
            writer.writeSchema();
        } catch (RuntimeException e) {
            closeAfterFailure(writer, e);
            throw e;
        }
    }

    /**
     * The schema as written (with the output byte order).
     *
     * @return the schema of the schema message
     */
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
    public void write(RecordBatch batch) {
        write(batch, Map.of());
    }

    /**
     * Writes a batch with custom metadata on its message, preceded by the dictionary batches it needs.
     *
     * @param batch a batch whose column types (and dictionary ids) are the writer's schema's
     * @param messageMetadata the custom metadata of the record batch message
     * @throws IpcException if the writer is closed, the batch does not match the schema or is invalid,
     *     or the write fails
     */
    public void write(RecordBatch batch, Map<String, String> messageMetadata) {
        if (closed) {
            throw new IpcException("the writer is closed");
        }
        writer.writeBatch(batch, messageMetadata);
    }

    /**
     * Writes the end-of-stream marker and closes the output; does nothing once closed.
     *
     * @throws IpcException if a write failed (then no marker is written) or closing the output fails
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (!writer.failed()) {
                writer.writeEndOfStream();
            }
        } finally {
            writer.close();
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
}
