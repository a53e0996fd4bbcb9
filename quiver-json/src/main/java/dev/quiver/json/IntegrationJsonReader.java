// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import dev.quiver.core.QuiverException;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.BufferAllocator;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Reads Arrow integration JSON files (plain or gzip-compressed): whole into a {@link JsonFile}, or
 * batch by batch with {@link #open}. Each column is built directly from the JSON tokens of its buffers,
 * in memory from the given allocator, and passes full validation; bad input raises a
 * {@link JsonFormatException} naming the batch, column and member.
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
     * @param allocator where the buffers of the columns and dictionaries are allocated
     */
    public IntegrationJsonReader(BufferAllocator allocator) {
        this.allocator = Objects.requireNonNull(allocator, "allocator");
    }

    /**
     * Opens a file to read its batches one at a time; gzip-compressed content is recognized by its
     * magic bytes, whatever the name. The schema and dictionaries are read at once.
     *
     * @param path the file
     * @return the batches, to be closed (which closes the file)
     * @throws JsonFormatException if the file does not begin as integration JSON
     * @throws IOException if the file cannot be read
     */
    public JsonBatchStream open(Path path) throws IOException {
        InputStream in = Files.newInputStream(path);
        return new JsonBatchStream(in, in, allocator);
    }

    /**
     * Reads the batches of a stream (plain or gzip-compressed JSON) one at a time; the schema and
     * dictionaries are read at once. Closing the result leaves the stream open.
     *
     * @param in the stream
     * @return the batches
     * @throws JsonFormatException if the stream does not begin as integration JSON
     * @throws IOException if the stream cannot be read
     */
    public JsonBatchStream open(InputStream in) throws IOException {
        return new JsonBatchStream(in, null, allocator);
    }

    /**
     * Reads a whole file; gzip-compressed content is recognized by its magic bytes, whatever the name.
     *
     * @param path the file
     * @return its schema, dictionaries and batches
     * @throws JsonFormatException if the file is not valid integration JSON
     * @throws IOException if the file cannot be read
     */
    public JsonFile read(Path path) throws IOException {
        try (JsonBatchStream batches = open(path)) {
            return readAll(batches);
        }
    }

    /**
     * Reads a stream (plain or gzip-compressed JSON) to its end; the stream is not closed.
     *
     * @param in the stream
     * @return its schema, dictionaries and batches
     * @throws JsonFormatException if the stream is not valid integration JSON
     * @throws IOException if the stream cannot be read
     */
    public JsonFile read(InputStream in) throws IOException {
        try (JsonBatchStream batches = open(in)) {
            return readAll(batches);
        }
    }

    /**
     * Reads JSON text.
     *
     * @param json the text
     * @return its schema, dictionaries and batches
     * @throws JsonFormatException if the text is not valid integration JSON
     */
    public JsonFile readString(String json) {
        try {
            return read(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new QuiverException("cannot read a string", e);
        }
    }

    private static JsonFile readAll(JsonBatchStream stream) throws IOException {
        List<RecordBatch> batches = new ArrayList<>();
        for (RecordBatch batch = stream.next(); batch != null; batch = stream.next()) {
            batches.add(batch);
        }
        return new JsonFile(stream.schema(), stream.dictionaries(), batches);
    }
}
