// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.quiver.core.QuiverException;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchWriter;
import dev.quiver.core.io.AtomicFileOutput;
import dev.quiver.core.type.Schema;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.zip.GZIPOutputStream;

/**
 * Writes Arrow integration JSON batch by batch, reading every value from the buffers; what the
 * {@link IntegrationJsonReader} reads back equals what was written. The schema is written when the
 * writer opens; the format puts the dictionaries before the batches and holds one dictionary per id, so
 * the dictionaries are written with the first batch (or on close when there is none): those given in a
 * {@link JsonFile}, and those the first batch's dictionary-encoded columns carry. Every later batch
 * must carry the same dictionaries (the same arrays, or arrays of equal values); one that carries
 * another is refused. The writer holds in memory only what the batches already hold: references to
 * the dictionaries written, and which dictionary arrays were found equal to them.
 *
 * <p>Every way to open one is an {@code open} factory, with or without {@link JsonWriteOptions}, as for
 * the IPC writers: to a {@link Path} (gzip-compressed when its name ends with {@code .gz}; it appears
 * whole on close, or not at all), a channel or an {@link OutputStream}. A whole {@link JsonFile} is
 * written by {@link #write(JsonFile, Path)} and its overloads.
 *
 * <pre>{@code
 * try (IntegrationJsonWriter writer = IntegrationJsonWriter.open(Path.of("data.json"), schema)) {
 *     writer.write(batch);
 * }
 * }</pre>
 *
 * <p>Content the format cannot express raises a {@link JsonFormatException}; a failure of the output an
 * {@link UncheckedIOException}. A batch refused before any of it is written (non-empty metadata, another
 * schema) leaves the writer usable, as in the IPC writers; after a failure while writing, every later
 * call, and close, throws.
 */
public final class IntegrationJsonWriter implements RecordBatchWriter {
    private static final JsonFactory FACTORY = new JsonFactory();

    private final Schema schema;
    /** Where the JSON goes, below the gzip stream if any: closed on close when {@link #closeSink}. */
    private final OutputStream sink;
    private final boolean closeSink;
    private final GZIPOutputStream gzip;
    /** The temporary file that close moves into place, for a writer of a path; else null. */
    private final AtomicFileOutput file;
    private final JsonGenerator g;
    private final JsonColumnWriter columns;
    private final DictionaryCollector dictionaries;
    private int batchCount;
    private boolean batchesStarted;
    private boolean failed;
    private boolean closed;

    private IntegrationJsonWriter(OutputStream sink, boolean closeSink, AtomicFileOutput file, Schema schema,
            Map<Long, ArrayData> given, JsonWriteOptions options) {
        this.schema = Objects.requireNonNull(schema, "schema");
        this.sink = sink;
        this.closeSink = closeSink;
        this.file = file;
        this.dictionaries = new DictionaryCollector(given);
        GZIPOutputStream gz = null;
        JsonGenerator generator = null;
        try {
            dictionaries.visitGiven();
            gz = options.gzip() ? new GZIPOutputStream(sink) : null;
            generator = FACTORY.createGenerator(gz != null ? gz : sink, JsonEncoding.UTF8);
            generator.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            if (options.pretty()) {
                generator.useDefaultPrettyPrinter();
            }
            generator.writeStartObject();
            JsonSchemaWriter.write(schema, generator);
        } catch (IOException | RuntimeException e) {
            RuntimeException failure = e instanceof IOException io ? ioFailure(io) : (RuntimeException) e;
            release(sink, closeSink, file, failure);
            throw failure;
        }
        this.gzip = gz;
        this.g = generator;
        this.columns = new JsonColumnWriter(g);
    }

    /**
     * Writes integration JSON to the file at {@code path} with the default options (gzip-compressed when
     * its name ends with {@code .gz}); see {@link #open(Path, Schema, JsonWriteOptions)}.
     *
     * @param path the file
     * @param schema the schema of every batch written
     * @return a writer that has written the schema
     * @throws UncheckedIOException if the temporary file cannot be created or written
     */
    public static IntegrationJsonWriter open(Path path, Schema schema) {
        return open(path, schema, JsonWriteOptions.DEFAULT);
    }

    /**
     * Writes integration JSON to the file at {@code path}, gzip-compressed when the options say so or
     * its name ends with {@code .gz}: the bytes go to a temporary file beside it, which {@link #close()}
     * moves over {@code path} once the JSON is complete; after a failure nothing appears and an existing
     * file is left as it was.
     *
     * @param path the file
     * @param schema the schema of every batch written
     * @param options how the JSON is written
     * @return a writer that has written the schema
     * @throws UncheckedIOException if the temporary file cannot be created or written
     */
    public static IntegrationJsonWriter open(Path path, Schema schema, JsonWriteOptions options) {
        return open(path, schema, Map.of(), options);
    }

    private static IntegrationJsonWriter open(Path path, Schema schema, Map<Long, ArrayData> given,
            JsonWriteOptions options) {
        AtomicFileOutput file;
        try {
            file = AtomicFileOutput.create(path);
        } catch (IOException e) {
            throw ioFailure(e);
        }
        JsonWriteOptions chosen = options.withGzip(options.gzip() || path.getFileName().toString().endsWith(".gz"));
        return new IntegrationJsonWriter(file.stream(), true, file, schema, given, chosen);
    }

    /**
     * Writes integration JSON to a channel with the default options.
     *
     * @param channel where the JSON goes; closed by {@link #close()}
     * @param schema the schema of every batch written
     * @return a writer that has written the schema
     * @throws UncheckedIOException if writing fails (the output is then closed)
     */
    public static IntegrationJsonWriter open(WritableByteChannel channel, Schema schema) {
        return open(channel, schema, JsonWriteOptions.DEFAULT);
    }

    /**
     * Writes integration JSON to a channel.
     *
     * @param channel where the JSON goes; closed by {@link #close()}
     * @param schema the schema of every batch written
     * @param options how the JSON is written
     * @return a writer that has written the schema
     * @throws UncheckedIOException if writing fails (the output is then closed)
     */
    public static IntegrationJsonWriter open(WritableByteChannel channel, Schema schema, JsonWriteOptions options) {
        return open(Channels.newOutputStream(channel), schema, options);
    }

    /**
     * Writes integration JSON to an {@link OutputStream} with the default options.
     *
     * @param out where the JSON goes; closed by {@link #close()}
     * @param schema the schema of every batch written
     * @return a writer that has written the schema
     * @throws UncheckedIOException if writing fails (the output is then closed)
     */
    public static IntegrationJsonWriter open(OutputStream out, Schema schema) {
        return open(out, schema, JsonWriteOptions.DEFAULT);
    }

    /**
     * Writes integration JSON to an {@link OutputStream}.
     *
     * @param out where the JSON goes; closed by {@link #close()}
     * @param schema the schema of every batch written
     * @param options how the JSON is written
     * @return a writer that has written the schema
     * @throws UncheckedIOException if writing fails (the output is then closed)
     */
    public static IntegrationJsonWriter open(OutputStream out, Schema schema, JsonWriteOptions options) {
        return new IntegrationJsonWriter(out, true, null, schema, Map.of(), options);
    }

    /**
     * Writes a whole file with the default options, gzip-compressed when its name ends with {@code .gz}:
     * the file appears whole once written (through a temporary file beside it); after a failure an
     * existing file is left as it was.
     *
     * @param file the schema, dictionaries and batches to write
     * @param path the file
     * @throws IOException if the file cannot be written
     * @throws JsonFormatException if the content cannot be written (see
     *     {@link #write(JsonFile, OutputStream)})
     */
    public static void write(JsonFile file, Path path) throws IOException {
        write(file, path, JsonWriteOptions.DEFAULT);
    }

    /**
     * Writes a whole file, gzip-compressed when the options say so or its name ends with {@code .gz}: the
     * file appears whole once written (through a temporary file beside it); after a failure an existing
     * file is left as it was.
     *
     * @param file the schema, dictionaries and batches to write
     * @param path the file
     * @param options how the JSON is written
     * @throws IOException if the file cannot be written
     * @throws JsonFormatException if the content cannot be written (see
     *     {@link #write(JsonFile, OutputStream)})
     */
    public static void write(JsonFile file, Path path, JsonWriteOptions options) throws IOException {
        try {
            writeAll(file, open(path, file.schema(), file.dictionaries(), options));
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /**
     * Writes a whole file as UTF-8 JSON to the stream with the default options; the stream is flushed
     * but not closed.
     *
     * @param file the schema, dictionaries and batches to write
     * @param out where the JSON goes
     * @throws IOException if writing to the stream fails
     * @throws JsonFormatException if the content cannot be written: a batch whose schema is not the
     *     file's, a dictionary-encoded field without an id, two different dictionaries for one id,
     *     dictionary values of an extension type, a column of more slots than the format's 32-bit count,
     *     or offsets or union type ids that do not fit the data
     */
    public static void write(JsonFile file, OutputStream out) throws IOException {
        write(file, out, JsonWriteOptions.DEFAULT);
    }

    /**
     * Writes a whole file as UTF-8 JSON to the stream; the stream is flushed but not closed.
     *
     * @param file the schema, dictionaries and batches to write
     * @param out where the JSON goes
     * @param options how the JSON is written
     * @throws IOException if writing to the stream fails
     * @throws JsonFormatException if the content cannot be written (see
     *     {@link #write(JsonFile, OutputStream)})
     */
    public static void write(JsonFile file, OutputStream out, JsonWriteOptions options) throws IOException {
        try {
            writeAll(file, new IntegrationJsonWriter(out, false, null, file.schema(), file.dictionaries(), options));
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /**
     * The JSON text of a file, compact.
     *
     * @param file the schema, dictionaries and batches to write
     * @return the integration JSON text
     * @throws JsonFormatException if the content cannot be written (see
     *     {@link #write(JsonFile, OutputStream)})
     */
    public static String writeString(JsonFile file) {
        return writeString(file, JsonWriteOptions.DEFAULT);
    }

    /**
     * The JSON text of a file.
     *
     * @param file the schema, dictionaries and batches to write
     * @param options how the JSON is written ({@link JsonWriteOptions#gzip()} must be off)
     * @return the integration JSON text
     * @throws IllegalArgumentException if the options ask for gzip
     * @throws JsonFormatException if the content cannot be written (see
     *     {@link #write(JsonFile, OutputStream)})
     */
    public static String writeString(JsonFile file, JsonWriteOptions options) {
        if (options.gzip()) {
            throw new IllegalArgumentException("JSON text cannot be gzip-compressed");
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            write(file, out, options);
        } catch (IOException e) {
            throw new QuiverException("cannot write to memory", e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    /** Writes every batch of {@code file}; a batch refused leaves the output unfinished, as any failure. */
    private static void writeAll(JsonFile file, IntegrationJsonWriter writer) {
        try (writer) {
            for (RecordBatch batch : file.batches()) {
                try {
                    writer.write(batch);
                } catch (RuntimeException e) {
                    writer.failed = true;
                    throw e;
                }
            }
        }
    }

    /**
     * The schema every batch must have.
     *
     * @return the schema written
     */
    @Override
    public Schema schema() {
        return schema;
    }

    /**
     * Writes a batch; the first one is preceded by the dictionaries.
     *
     * @param batch a batch of {@link #schema()}
     * @param metadata must be empty: integration JSON has no place for a batch's metadata
     * @throws JsonFormatException if the writer is closed or an earlier write failed, the metadata is not
     *     empty, or the batch cannot be written: its schema is not the writer's, it carries a dictionary
     *     other than the one written for its id, or its content cannot be expressed (see
     *     {@link #write(JsonFile, OutputStream)})
     * @throws UncheckedIOException if writing to the output fails
     */
    @Override
    public void write(RecordBatch batch, Map<String, String> metadata) {
        checkOpen();
        if (!metadata.isEmpty()) {
            throw new JsonFormatException("integration JSON has no place for a batch's metadata " + metadata);
        }
        if (!batch.schema().equals(schema)) {
            throw new JsonFormatException("batch " + batchCount + " has schema " + batch.schema() + ", the writer "
                    + schema);
        }
        try {
            String place = "batch " + batchCount;
            if (!batchesStarted) {
                dictionaries.visit(batch, place);
                startBatches();
            } else {
                int written = dictionaries.found().size();
                dictionaries.visit(batch, place);
                if (dictionaries.found().size() != written) {
                    throw JsonFormatException.at(place, "carries a dictionary the first batch did not; the JSON format"
                            + " writes every dictionary before the batches");
                }
            }
            g.writeStartObject();
            g.writeNumberField("count", batch.rowCount());
            g.writeArrayFieldStart("columns");
            for (int c = 0; c < batch.columns().size(); c++) {
                columns.write(schema.field(c).name(), batch.column(c).data());
            }
            g.writeEndArray();
            g.writeEndObject();
            batchCount++;
        } catch (IOException e) {
            failed = true;
            throw ioFailure(e);
        } catch (RuntimeException e) {
            failed = true;
            throw e;
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new JsonFormatException("the writer is closed");
        }
        if (failed) {
            throw new JsonFormatException("an earlier write failed; the output is incomplete");
        }
    }

    /** Writes the dictionaries found so far, then opens the batches. */
    private void startBatches() throws IOException {
        batchesStarted = true;
        Map<Long, ArrayData> found = dictionaries.found();
        if (!found.isEmpty()) {
            g.writeArrayFieldStart("dictionaries");
            for (Map.Entry<Long, ArrayData> e : found.entrySet()) {
                g.writeStartObject();
                g.writeNumberField("id", e.getKey());
                g.writeObjectFieldStart("data");
                g.writeNumberField("count", e.getValue().length());
                g.writeArrayFieldStart("columns");
                columns.write("DICT" + e.getKey(), e.getValue());
                g.writeEndArray();
                g.writeEndObject();
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        g.writeArrayFieldStart("batches");
    }

    /**
     * Ends the JSON and closes the output (for a path, moves the file into place; a stream given to
     * {@link #write(JsonFile, OutputStream)} is flushed and left open); does nothing once closed.
     *
     * @throws JsonFormatException if an earlier write failed (the output is then incomplete, and for a
     *     path no file appears), or the dictionaries cannot be written
     * @throws UncheckedIOException if writing or closing the output fails
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        RuntimeException failure = failed
                ? new JsonFormatException("an earlier write failed; the output is incomplete") : null;
        if (failure == null) {
            try {
                if (!batchesStarted) {
                    startBatches();
                }
                g.writeEndArray();
                g.writeEndObject();
                g.close();
                if (gzip != null) {
                    gzip.finish();
                }
                sink.flush();
                if (file != null) {
                    sink.close();
                    file.commit();
                }
            } catch (IOException e) {
                failure = ioFailure(e);
            } catch (RuntimeException e) {
                failure = e;
            }
        }
        release(sink, closeSink, file, failure);
        if (failure != null) {
            throw failure;
        }
    }

    /** Closes the output when the writer owns it, and discards an uncommitted temporary file. */
    private static void release(OutputStream sink, boolean closeSink, AtomicFileOutput file,
            RuntimeException failure) {
        try {
            if (closeSink) {
                sink.close();
            }
        } catch (IOException e) {
            if (failure != null) {
                failure.addSuppressed(e);
            } else {
                throw ioFailure(e);
            }
        } finally {
            if (file != null) {
                try {
                    file.close();
                } catch (IOException e) {
                    if (failure != null) {
                        failure.addSuppressed(e);
                    }
                }
            }
        }
    }

    private static UncheckedIOException ioFailure(IOException e) {
        return new UncheckedIOException("writing the JSON failed: " + e.getMessage(), e);
    }
}
