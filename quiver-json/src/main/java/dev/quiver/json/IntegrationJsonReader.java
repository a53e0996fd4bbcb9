package dev.quiver.json;

import dev.quiver.core.QuiverException;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.json.JsonValue.JObject;
import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.zip.GZIPInputStream;

/**
 * Reads Arrow integration JSON files (plain or gzip-compressed) into a {@link JsonFile}. Each column is
 * built directly from its JSON buffers, in memory from the given allocator, and passes structural
 * validation; bad input raises a {@link JsonFormatException} naming the batch, column and member.
 */
public final class IntegrationJsonReader {
    private final BufferAllocator allocator;

    /** A reader whose buffers come from the garbage-collected allocator. */
    public IntegrationJsonReader() {
        this(BufferAllocator.managed());
    }

    /**
     * A reader whose buffers come from {@code allocator}.
     *
     * @param allocator where the memory of the columns read comes from
     * @throws NullPointerException if {@code allocator} is null
     */
    public IntegrationJsonReader(BufferAllocator allocator) {
        this.allocator = Objects.requireNonNull(allocator, "allocator");
    }

    /**
     * Reads a file; gzip-compressed content is recognized by its magic bytes, whatever the name.
     *
     * @param path the file
     * @return the schema, dictionaries and batches of the file
     * @throws IOException if the file cannot be read or its gzip compression is corrupt
     * @throws JsonFormatException if the content is not valid integration JSON
     */
    public JsonFile read(Path path) throws IOException {
        try (InputStream in = Files.newInputStream(path)) {
            return read(in);
        }
    }

    /**
     * Reads a stream (plain or gzip-compressed JSON) to its end; the stream is not closed.
     *
     * @param in the JSON text, plain or gzip-compressed
     * @return the schema, dictionaries and batches of the file
     * @throws IOException if reading the stream fails or its gzip compression is corrupt
     * @throws JsonFormatException if the content is not valid integration JSON
     */
    public JsonFile read(InputStream in) throws IOException {
        BufferedInputStream buffered = new BufferedInputStream(in);
        buffered.mark(2);
        int b0 = buffered.read();
        int b1 = buffered.read();
        buffered.reset();
        InputStream source = b0 == 0x1f && b1 == 0x8b ? new GZIPInputStream(buffered) : buffered;
        return convert(JsonTreeParser.parse(source));
    }

    /**
     * Reads JSON text.
     *
     * @param json the whole text of an integration JSON file
     * @return the schema, dictionaries and batches of the file
     * @throws JsonFormatException if the text is not valid integration JSON
     */
    public JsonFile readString(String json) {
        try {
            return read(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new QuiverException("cannot read a string", e);
        }
    }

    private JsonFile convert(JsonValue document) {
        JObject root = JsonAccess.object(document, "the document");
        Schema schema = JsonSchemaReader.read(JsonAccess.object(root, "schema", "the document"));
        DictionaryResolver dictionaries = new DictionaryResolver(schema,
                JsonAccess.optionalArray(root, "dictionaries", "the document"), new JsonBufferReader(allocator));
        Map<Long, ArrayData> all = dictionaries.all();
        List<RecordBatch> batches = new ArrayList<>();
        List<JsonValue> json = JsonAccess.array(root, "batches", "the document").items();
        for (int i = 0; i < json.size(); i++) {
            batches.add(batch(schema, json.get(i), "batch " + i, dictionaries.columns()));
        }
        return new JsonFile(schema, all, batches);
    }

    private static RecordBatch batch(Schema schema, JsonValue json, String place, JsonColumnReader columns) {
        JObject batch = JsonAccess.object(json, place);
        int count = JsonAccess.integer(batch, "count", place);
        List<JsonValue> cols = JsonAccess.array(batch, "columns", place).items();
        if (cols.size() != schema.fields().size()) {
            throw JsonFormatException.at(place, cols.size() + " columns where the schema has "
                    + schema.fields().size() + " fields");
        }
        List<Array> arrays = new ArrayList<>();
        for (int c = 0; c < cols.size(); c++) {
            Field field = schema.field(c);
            String at = place + ", column " + field.name();
            ArrayData data = columns.read(field, cols.get(c), at, true);
            if (data.length() != count) {
                throw JsonFormatException.at(at, "count " + data.length() + " differs from the batch count " + count);
            }
            DictionaryResolver.validate(data, at);
            arrays.add(Array.wrap(data));
        }
        return new RecordBatch(schema, arrays, count);
    }
}
