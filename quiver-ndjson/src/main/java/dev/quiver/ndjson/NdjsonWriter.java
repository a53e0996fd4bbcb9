// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ndjson;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchWriter;
import dev.quiver.core.io.AtomicFileOutput;
import dev.quiver.core.type.Schema;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

/**
 * Record batches written as newline-delimited JSON: one object per row, its keys the schema's field names
 * in order, every field present (null where the value is null), a {@code \n} after each. Any type is
 * written (mapping in {@code docs/ndjson.md}): nested types as objects and arrays, temporal values as ISO 8601
 * strings, decimals as exact JSON numbers, binary as base64, dictionary-encoded, run-end encoded and union
 * values as their value.
 *
 * <pre>{@code
 * try (NdjsonWriter writer = NdjsonWriter.open(Path.of("out.ndjson"), batch.schema())) {
 *     writer.write(batch);
 * }
 * }</pre>
 *
 * <p>A write that fails or is refused makes every later call, and close, throw. A path is written
 * atomically: the file appears whole on {@link #close()}, and not at all after a failed write (a file
 * already there is left as it was). Not thread-safe.
 */
public final class NdjsonWriter implements RecordBatchWriter {
    private static final JsonFactory FACTORY = new JsonFactory();
    private static final int BUFFER = 64 * 1024;

    private final Schema schema;
    private final JsonGenerator generator;
    private final AtomicFileOutput file;
    private boolean failed;
    private boolean closed;

    private NdjsonWriter(Schema schema, OutputStream out, AtomicFileOutput file) throws IOException {
        this.schema = schema;
        this.file = file;
        this.generator = FACTORY.createGenerator(out, JsonEncoding.UTF8);
        this.generator.setRootValueSeparator(null);
    }

    /**
     * Starts a file, which appears at {@code path} (replacing any file there) when the writer is closed.
     *
     * @param path the NDJSON file to write
     * @param schema the schema of every batch
     * @return the writer
     * @throws NdjsonException if the file cannot be created
     */
    public static NdjsonWriter open(Path path, Schema schema) {
        Objects.requireNonNull(schema, "schema");
        AtomicFileOutput file;
        try {
            file = AtomicFileOutput.create(path);
        } catch (IOException e) {
            throw new NdjsonException(0, "", "cannot create " + path + ": " + e, e);
        }
        try {
            return new NdjsonWriter(schema, new BufferedOutputStream(file.stream(), BUFFER), file);
        } catch (IOException | RuntimeException e) {
            try {
                file.close();
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw new NdjsonException(0, "", "cannot write " + path + ": " + e, e);
        }
    }

    /**
     * Writes to a stream, which {@link #close()} flushes and closes.
     *
     * @param out where the UTF-8 NDJSON goes
     * @param schema the schema of every batch
     * @return the writer
     * @throws NdjsonException if the stream cannot be written
     */
    public static NdjsonWriter open(OutputStream out, Schema schema) {
        Objects.requireNonNull(out, "out");
        Objects.requireNonNull(schema, "schema");
        try {
            return new NdjsonWriter(schema, out, null);
        } catch (IOException e) {
            throw new NdjsonException(0, "", "cannot write the output: " + e, e);
        }
    }

    /**
     * The schema every batch must have.
     *
     * @return the schema
     */
    @Override
    public Schema schema() {
        return schema;
    }

    /**
     * Writes a batch, one line per row.
     *
     * @param batch a batch of {@link #schema()}
     * @param metadata must be empty: NDJSON has no place for it
     * @throws NdjsonException if the batch's schema is not the writer's, the metadata is not empty, the
     *     output fails, or an earlier write failed
     * @throws IllegalStateException if the writer is closed
     */
    @Override
    public void write(RecordBatch batch, Map<String, String> metadata) {
        if (closed) {
            throw new IllegalStateException("the NDJSON writer is closed");
        }
        if (failed) {
            throw new NdjsonException(0, "", "an earlier write failed");
        }
        if (!batch.schema().equals(schema)) {
            failed = true;
            throw new NdjsonException(0, "", "the batch's schema " + batch.schema() + " is not the writer's " + schema);
        }
        if (!metadata.isEmpty()) {
            failed = true;
            throw new NdjsonException(0, "", "NDJSON has no place for batch metadata " + metadata.keySet());
        }
        int n = batch.columns().size();
        String[] names = new String[n];
        ValueWriter[] columns = new ValueWriter[n];
        for (int k = 0; k < n; k++) {
            names[k] = schema.field(k).name();
            columns[k] = ValueWriter.of(batch.column(k));
        }
        try {
            for (long i = 0; i < batch.rowCount(); i++) {
                generator.writeStartObject();
                for (int k = 0; k < n; k++) {
                    generator.writeFieldName(names[k]);
                    columns[k].write(generator, i);
                }
                generator.writeEndObject();
                generator.writeRaw('\n');
            }
        } catch (IOException | RuntimeException e) {
            failed = true;
            throw e instanceof NdjsonException ne ? ne : new NdjsonException(0, "", "cannot write the batch: " + e, e);
        }
    }

    /**
     * Finishes the output: flushes and closes the stream, or moves the file into place; after a failed
     * write the file is discarded. Does nothing once closed.
     *
     * @throws NdjsonException if a write failed, or flushing, closing or moving fails
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        IOException failure = null;
        try {
            generator.close();
        } catch (IOException e) {
            failure = e;
        }
        if (file != null) {
            try {
                if (failed || failure != null) {
                    file.close();
                } else {
                    file.commit();
                }
            } catch (IOException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw new NdjsonException(0, "", "cannot finish the output: " + failure, failure);
        }
        if (failed) {
            throw new NdjsonException(0, "", "a write failed: the output is "
                    + (file == null ? "incomplete" : "discarded, " + file.target() + " left as it was"));
        }
    }
}
