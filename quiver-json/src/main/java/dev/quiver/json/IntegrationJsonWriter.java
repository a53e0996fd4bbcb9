// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.quiver.core.QuiverException;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.io.AtomicFileOutput;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

/**
 * Writes a {@link JsonFile} as Arrow integration JSON, reading every value from the buffers. What the
 * {@link IntegrationJsonReader} reads back equals what was written. Dictionaries not given in the file
 * are taken from the batches' dictionary-encoded columns.
 */
public final class IntegrationJsonWriter {
    private static final JsonFactory FACTORY = new JsonFactory();

    private final boolean pretty;

    /** A writer of compact JSON. */
    public IntegrationJsonWriter() {
        this(false);
    }

    /**
     * A writer of indented JSON when {@code pretty}.
     *
     * @param pretty whether the JSON is indented (else compact)
     */
    public IntegrationJsonWriter(boolean pretty) {
        this.pretty = pretty;
    }

    /**
     * Writes to a file, gzip-compressed when its name ends with {@code .gz}: the file appears whole once
     * written (through a temporary file beside it); after a failure an existing file is left as it was.
     *
     * @param file the schema, dictionaries and batches to write
     * @param path the file
     * @throws IOException if the file cannot be written
     * @throws JsonFormatException if the content cannot be written (see
     *     {@link #write(JsonFile, OutputStream)})
     */
    public void write(JsonFile file, Path path) throws IOException {
        try (AtomicFileOutput output = AtomicFileOutput.create(path); OutputStream out = output.stream()) {
            if (path.getFileName().toString().endsWith(".gz")) {
                try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
                    write(file, gz);
                }
            } else {
                write(file, out);
            }
            output.commit();
        }
    }

    /**
     * Writes UTF-8 JSON to the stream, which is flushed but not closed.
     *
     * @param file the schema, dictionaries and batches to write
     * @param out where the JSON goes
     * @throws IOException if writing to the stream fails
     * @throws JsonFormatException if the content cannot be written: a batch whose schema is not the
     *     file's, a dictionary-encoded field without an id, two different dictionaries for one id,
     *     dictionary values of an extension type, a column of more slots than the format's 32-bit count,
     *     or offsets or union type ids that do not fit the data
     */
    public void write(JsonFile file, OutputStream out) throws IOException {
        Map<Long, ArrayData> dictionaries = DictionaryCollector.collect(file);
        try (JsonGenerator g = FACTORY.createGenerator(out, JsonEncoding.UTF8)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            if (pretty) {
                g.useDefaultPrettyPrinter();
            }
            g.writeStartObject();
            JsonSchemaWriter.write(file.schema(), g);
            JsonColumnWriter columns = new JsonColumnWriter(g);
            if (!dictionaries.isEmpty()) {
                g.writeArrayFieldStart("dictionaries");
                for (Map.Entry<Long, ArrayData> e : dictionaries.entrySet()) {
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
            for (RecordBatch batch : file.batches()) {
                if (!batch.schema().equals(file.schema())) {
                    throw new JsonFormatException("a batch has schema " + batch.schema() + ", the file "
                            + file.schema());
                }
                g.writeStartObject();
                g.writeNumberField("count", batch.rowCount());
                g.writeArrayFieldStart("columns");
                for (int c = 0; c < batch.columns().size(); c++) {
                    Array column = batch.column(c);
                    columns.write(file.schema().field(c).name(), column.data());
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        out.flush();
    }

    /**
     * The JSON text of a file.
     *
     * @param file the schema, dictionaries and batches to write
     * @return the integration JSON text
     * @throws JsonFormatException if the content cannot be written (see
     *     {@link #write(JsonFile, OutputStream)})
     */
    public String writeString(JsonFile file) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            write(file, out);
        } catch (IOException e) {
            throw new QuiverException("cannot write to memory", e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
