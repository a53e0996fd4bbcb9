package dev.quiver.ipc;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.Schema;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Writes the IPC file format: {@code ARROW1} and padding, the stream (schema, dictionary and record
 * batches, end-of-stream marker), the footer (schema and the blocks of every dictionary and record
 * batch), its length, and {@code ARROW1}. Dictionaries may grow by deltas but not be replaced.
 * {@link #close()} writes the footer; a failed write makes every later call, and close, throw.
 */
public final class IpcFileWriter implements AutoCloseable {
    private final BatchWriter writer;
    private final Map<String, String> footerMetadata;
    private final List<Header.Block> dictionaryBlocks = new ArrayList<>();
    private final List<Header.Block> batchBlocks = new ArrayList<>();
    private boolean closed;

    /**
     * Creates (or truncates) the file and writes its header and schema, with the default options.
     *
     * @param path the file
     * @param schema the schema of every batch written
     * @throws IOException if the file cannot be opened for writing
     * @throws IpcException if the header or schema cannot be written (the file is then closed)
     */
    public IpcFileWriter(Path path, Schema schema) throws IOException {
        // Before the file is truncated: a schema no reader accepts leaves the file as it was.
        IpcLimits.checkNestingDepth(schema);
        this(FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE), schema, IpcWriteOptions.DEFAULT, Map.of());
    }

    /**
     * Writes a file to a stream (random access needs only the bytes, not a seekable output); the header
     * and schema are written at once.
     *
     * @param out where the file's bytes go; closed by {@link #close()}
     * @param schema the schema of every batch written
     * @param options how the file is written
     * @throws IpcException if the header or schema cannot be written (the output is then closed)
     */
    public IpcFileWriter(OutputStream out, Schema schema, IpcWriteOptions options) {
        this(Channels.newChannel(out), schema, options, Map.of());
    }

    /**
     * A writer whose footer carries {@code footerMetadata}; the header and schema are written at once.
     *
     * @param channel where the file's bytes go; closed by {@link #close()}
     * @param schema the schema of every batch written
     * @param options how the file is written
     * @param footerMetadata the custom metadata of the footer
     * @throws IpcException if the header or schema cannot be written (the output is then closed)
     */
    public IpcFileWriter(WritableByteChannel channel, Schema schema, IpcWriteOptions options,
            Map<String, String> footerMetadata) {
        this.writer = new BatchWriter(new ByteOutput(channel), schema, options, false);
        this.footerMetadata = Map.copyOf(footerMetadata);
        try {
            writer.output().write(IpcFileReader.MAGIC);
            writer.output().align(8);
            writer.writeSchema();
        } catch (IOException e) {
            IpcException failure = new IpcException("cannot write the file header: " + e.getMessage(), e);
            IpcStreamWriter.closeAfterFailure(writer, failure);
            throw failure;
        } catch (RuntimeException e) {
            IpcStreamWriter.closeAfterFailure(writer, e);
            throw e;
        }
    }

    /**
     * The schema as written (with the output byte order).
     *
     * @return the schema of the schema message and the footer
     */
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
    public void write(RecordBatch batch) {
        write(batch, Map.of());
    }

    /**
     * Writes a batch with custom metadata on its message, preceded by the dictionary batches it needs.
     *
     * @param batch a batch whose column types (and dictionary ids) are the writer's schema's
     * @param messageMetadata the custom metadata of the record batch message
     * @throws IpcException if the writer is closed, the batch does not match the schema or is invalid,
     *     it would replace a dictionary, or the write fails
     */
    public void write(RecordBatch batch, Map<String, String> messageMetadata) {
        if (closed) {
            throw new IpcException("the writer is closed");
        }
        BatchWriter.Written written = writer.writeBatch(batch, messageMetadata);
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
            if (!writer.failed()) {
                writer.writeEndOfStream();
                writer.writeFooterAndClose(new Header.Footer(writer.schema(), dictionaryBlocks, batchBlocks,
                        footerMetadata));
            }
        } finally {
            writer.close();
        }
    }
}
