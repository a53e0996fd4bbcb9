// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.io.CharConversionException;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.zip.ZipException;

/**
 * The record batches of an integration JSON file, read one at a time: the schema and dictionaries
 * are read when the stream opens (by {@link IntegrationJsonReader#open}), then each {@link #readNext()}
 * (or step of a for-each loop over the stream) parses one batch straight into its buffers, so memory
 * holds one batch (and the dictionaries), not the file.
 *
 * <p>Writers put {@code "schema"}, {@code "dictionaries"} and {@code "batches"} in this order. Members
 * in another order are read too: {@code "dictionaries"} met before the schema, or {@code "batches"} met
 * before what they need (the schema, and the dictionaries when the schema has dictionary-encoded
 * fields), are held as compact JSON text in memory until they can be read.
 *
 * <p>Bad input (gzip-compressed content that is corrupt or truncated included) raises a
 * {@link JsonFormatException} naming the place; since batches are handed out as they are read, a
 * problem later in the file surfaces from the {@link #readNext()} that reaches it. A failure to read
 * the input is an {@link UncheckedIOException}.
 */
public final class JsonBatchStream implements RecordBatchReader {
    private final JsonReadOptions options;
    private final JsonInput document;
    private final InputStream owned;
    private final Set<String> seen = new HashSet<>();
    private Schema schema;
    private DictionaryResolver dictionaries;
    private byte[] pendingDictionaries;
    private byte[] pendingBatches;
    /** Where the batches are read from (the document, or a copy of its batches), or null. */
    private JsonInput batches;
    private JsonColumnReader columns;
    private int batchIndex;

    /**
     * Reads from {@code in} up to the first batch; {@code owned} (null for none) is closed with this
     * stream or when opening fails.
     */
    JsonBatchStream(InputStream in, InputStream owned, JsonReadOptions options) throws IOException {
        this.options = options;
        this.owned = owned;
        JsonInput input = null;
        try {
            input = JsonInput.of(in);
            this.document = input;
            if (document.next() == null) {
                throw new JsonFormatException("the input is empty");
            }
            document.expectObject("the document");
            scan();
        } catch (JsonProcessingException e) {
            closeQuietly(input);
            throw JsonInput.invalid(e);
        } catch (ZipException | EOFException e) {
            closeQuietly(input);
            throw JsonInput.badGzip(e);
        } catch (CharConversionException e) {
            closeQuietly(input);
            throw JsonInput.badEncoding(e);
        } catch (IOException | RuntimeException e) {
            closeQuietly(input);
            throw e;
        }
    }

    private void closeQuietly(JsonInput input) {
        try {
            if (input != null) {
                input.close();
            }
            if (owned != null) {
                owned.close();
            }
        } catch (IOException e) {
            // the failure being reported matters more
        }
    }

    /**
     * The schema of every batch.
     *
     * @return the file's schema
     */
    @Override
    public Schema schema() {
        return schema;
    }

    /**
     * The dictionaries by id, in the file's order: each the data of the dictionary's values, shared by
     * the dictionary-encoded columns of the batches. All are read when the stream opens.
     *
     * @return the dictionaries by id
     */
    public Map<Long, ArrayData> dictionaries() {
        return dictionaries.all();
    }

    /**
     * The next record batch, validated to the options' level, or empty after the last one (when the rest
     * of the file was read and checked too).
     *
     * @return the batch, or empty at the end
     * @throws JsonFormatException if the input is not valid integration JSON for the schema
     * @throws UncheckedIOException if reading fails
     */
    @Override
    public Optional<RecordBatch> readNext() {
        try {
            return Optional.ofNullable(next());
        } catch (IOException e) {
            throw new UncheckedIOException("reading the JSON failed: " + e.getMessage(), e);
        }
    }

    /** The next batch, or null at the end. */
    private RecordBatch next() throws IOException {
        try {
            while (batches != null) {
                if (batches.nextValue() != JsonToken.END_ARRAY) {
                    return batch("batch " + batchIndex++);
                }
                boolean fromDocument = batches == document;
                batches = null;
                columns = null;
                if (fromDocument) {
                    scan();
                }
            }
            return null;
        } catch (JsonProcessingException e) {
            throw JsonInput.invalid(e);
        } catch (ZipException | EOFException e) {
            throw JsonInput.badGzip(e);
        } catch (CharConversionException e) {
            throw JsonInput.badEncoding(e);
        }
    }

    /**
     * Reads the document's members until its batches can be read one by one, or to its end, where
     * held-back batches are then read from their copy.
     */
    private void scan() throws IOException {
        while (document.nextValue() == JsonToken.FIELD_NAME) {
            String key = document.parser().currentName();
            document.nextValue();
            switch (key) {
                case "schema" -> schema(key);
                case "dictionaries" -> dictionaries(key);
                case "batches" -> {
                    once(key);
                    if (schema != null && (seen.contains("dictionaries") || !dictionaries.needed())) {
                        startBatches(document);
                        return;
                    }
                    pendingBatches = document.copyValue();
                }
                default -> document.skipValue();
            }
        }
        if (document.next() != null) {
            throw new JsonFormatException("unexpected content after the JSON value at " + document.position());
        }
        if (schema == null) {
            throw JsonFormatException.at("the document", "missing member \"schema\"");
        }
        if (!seen.contains("batches")) {
            throw JsonFormatException.at("the document", "missing member \"batches\"");
        }
        if (pendingBatches != null) {
            JsonInput copy = JsonInput.of(pendingBatches);
            pendingBatches = null;
            copy.next();
            startBatches(copy);
        }
    }

    private void once(String key) {
        if (!seen.add(key)) {
            throw JsonFormatException.at("the document", "member \"" + key + "\" appears twice");
        }
    }

    private void schema(String key) throws IOException {
        once(key);
        JsonValue json = JsonTreeParser.read(document);
        schema = JsonSchemaReader.read(JsonAccess.object(json, "the document." + key));
        dictionaries = new DictionaryResolver(schema, options.allocator(), options.validation());
        if (pendingDictionaries != null) {
            try (JsonInput copy = JsonInput.of(pendingDictionaries)) {
                pendingDictionaries = null;
                copy.next();
                dictionaries.read(copy);
            }
        }
    }

    private void dictionaries(String key) throws IOException {
        once(key);
        if (schema == null) {
            pendingDictionaries = document.copyValue();
        } else {
            dictionaries.read(document);
        }
    }

    private void startBatches(JsonInput in) {
        in.expectArray("batches", "the document");
        batches = in;
        columns = new JsonColumnReader(new JsonBufferReader(options.allocator(), in), dictionaries);
    }

    /** The {@code {"count", "columns"}} object at the current token. */
    private RecordBatch batch(String place) throws IOException {
        batches.expectObject(place);
        List<Field> fields = schema.fields();
        List<ArrayData> data = new ArrayList<>(fields.size());
        boolean sawCount = false;
        int count = 0;
        int found = -1;
        while (batches.nextValue() == JsonToken.FIELD_NAME) {
            String key = batches.parser().currentName();
            batches.nextValue();
            switch (key) {
                case "count" -> {
                    sawCount = true;
                    count = columns.buffers().intMember(key, place);
                }
                case "columns" -> {
                    batches.expectArray(key, place);
                    found = 0;
                    while (batches.nextValue() != JsonToken.END_ARRAY) {
                        if (found < fields.size()) {
                            Field field = fields.get(found);
                            data.add(columns.read(field, place + ", column " + field.name(), true));
                        } else {
                            batches.skipValue();
                        }
                        found++;
                    }
                }
                default -> batches.skipValue();
            }
        }
        if (!sawCount) {
            throw JsonFormatException.at(place, "missing member \"count\"");
        }
        if (found < 0) {
            throw JsonFormatException.at(place, "missing member \"columns\"");
        }
        if (found != fields.size()) {
            throw JsonFormatException.at(place, found + " columns where the schema has " + fields.size() + " fields");
        }
        List<Array> arrays = new ArrayList<>(fields.size());
        for (int c = 0; c < fields.size(); c++) {
            String at = place + ", column " + fields.get(c).name();
            ArrayData column = data.get(c);
            if (column.length() != count) {
                throw JsonFormatException.at(at, "count " + column.length() + " differs from the batch count "
                        + count);
            }
            JsonColumnValidator.validate(column, at, options.validation());
            arrays.add(Array.ofUnchecked(column));
        }
        return new RecordBatch(schema, arrays, count);
    }

    /**
     * Closes the input.
     *
     * @throws UncheckedIOException if closing the input fails
     */
    @Override
    public void close() {
        try {
            try {
                document.close();
            } finally {
                if (owned != null) {
                    owned.close();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("closing the JSON input failed: " + e.getMessage(), e);
        }
    }
}
