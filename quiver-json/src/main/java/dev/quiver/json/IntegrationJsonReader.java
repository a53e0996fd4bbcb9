// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import dev.quiver.core.QuiverException;
import dev.quiver.core.batch.RecordBatch;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.nio.channels.Channels;
import java.nio.channels.ReadableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads Arrow integration JSON (plain or gzip-compressed, recognized by its magic bytes whatever the
 * name): batch by batch with {@link #open}, or whole into a {@link JsonFile} with {@link #read}. Each
 * column is built directly from the JSON tokens of its buffers, in memory from the options' allocator,
 * and validated to the options' level ({@link JsonReadOptions#DEFAULT}: full validation); bad input
 * raises a {@link JsonFormatException} naming the batch, column and member.
 *
 * <p>Every way to open a file batch by batch is an {@code open} factory, with or without
 * {@link JsonReadOptions}: from a {@link Path}, a channel, an {@link InputStream} or a
 * {@link MemorySegment}, as for the IPC readers.
 *
 * <pre>{@code
 * try (JsonBatchStream reader = IntegrationJsonReader.open(Path.of("data.json.gz"))) {
 *     for (RecordBatch batch : reader) {
 *         total += batch.rowCount();
 *     }
 * }
 * }</pre>
 */
public final class IntegrationJsonReader {
    private IntegrationJsonReader() {
    }

    /**
     * Opens a file to read its batches one at a time, with the default options; the schema and
     * dictionaries are read at once.
     *
     * @param path the file
     * @return the batches, to be closed (which closes the file)
     * @throws JsonFormatException if the file does not begin as integration JSON
     * @throws UncheckedIOException if the file cannot be read
     */
    public static JsonBatchStream open(Path path) {
        return open(path, JsonReadOptions.DEFAULT);
    }

    /**
     * Opens a file to read its batches one at a time; the schema and dictionaries are read at once.
     *
     * @param path the file
     * @param options how the file is read
     * @return the batches, to be closed (which closes the file)
     * @throws JsonFormatException if the file does not begin as integration JSON
     * @throws UncheckedIOException if the file cannot be read
     */
    public static JsonBatchStream open(Path path, JsonReadOptions options) {
        InputStream in;
        try {
            in = Files.newInputStream(path);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open " + path + ": " + e.getMessage(), e);
        }
        return open(in, options);
    }

    /**
     * Reads the batches of a channel one at a time, with the default options.
     *
     * @param channel the JSON's bytes; closed with the result, and also if opening fails
     * @return the batches
     * @throws JsonFormatException if the input does not begin as integration JSON
     * @throws UncheckedIOException if the input cannot be read
     */
    public static JsonBatchStream open(ReadableByteChannel channel) {
        return open(channel, JsonReadOptions.DEFAULT);
    }

    /**
     * Reads the batches of a channel one at a time; the schema and dictionaries are read at once.
     *
     * @param channel the JSON's bytes; closed with the result, and also if opening fails
     * @param options how the input is read
     * @return the batches
     * @throws JsonFormatException if the input does not begin as integration JSON
     * @throws UncheckedIOException if the input cannot be read
     */
    public static JsonBatchStream open(ReadableByteChannel channel, JsonReadOptions options) {
        return open(Channels.newInputStream(channel), options);
    }

    /**
     * Reads the batches of a stream one at a time, with the default options.
     *
     * @param in the JSON's bytes; closed with the result, and also if opening fails
     * @return the batches
     * @throws JsonFormatException if the input does not begin as integration JSON
     * @throws UncheckedIOException if the input cannot be read
     */
    public static JsonBatchStream open(InputStream in) {
        return open(in, JsonReadOptions.DEFAULT);
    }

    /**
     * Reads the batches of a stream one at a time; the schema and dictionaries are read at once.
     *
     * @param in the JSON's bytes; closed with the result, and also if opening fails
     * @param options how the input is read
     * @return the batches
     * @throws JsonFormatException if the input does not begin as integration JSON
     * @throws UncheckedIOException if the input cannot be read
     */
    public static JsonBatchStream open(InputStream in, JsonReadOptions options) {
        try {
            return new JsonBatchStream(in, in, options);
        } catch (IOException e) {
            throw new UncheckedIOException("reading the JSON failed: " + e.getMessage(), e);
        }
    }

    /**
     * Reads the batches of JSON held in memory one at a time, with the default options.
     *
     * @param bytes the JSON's bytes (the columns are built in memory of their own)
     * @return the batches
     * @throws JsonFormatException if the input does not begin as integration JSON
     */
    public static JsonBatchStream open(MemorySegment bytes) {
        return open(bytes, JsonReadOptions.DEFAULT);
    }

    /**
     * Reads the batches of JSON held in memory one at a time; the schema and dictionaries are read at
     * once.
     *
     * @param bytes the JSON's bytes (the columns are built in memory of their own)
     * @param options how the input is read
     * @return the batches
     * @throws JsonFormatException if the input does not begin as integration JSON
     */
    public static JsonBatchStream open(MemorySegment bytes, JsonReadOptions options) {
        return open(new SegmentInputStream(bytes), options);
    }

    /**
     * Reads a whole file with the default options.
     *
     * @param path the file
     * @return its schema, dictionaries and batches
     * @throws JsonFormatException if the file is not valid integration JSON
     * @throws IOException if the file cannot be read
     */
    public static JsonFile read(Path path) throws IOException {
        return read(path, JsonReadOptions.DEFAULT);
    }

    /**
     * Reads a whole file.
     *
     * @param path the file
     * @param options how the file is read
     * @return its schema, dictionaries and batches
     * @throws JsonFormatException if the file is not valid integration JSON
     * @throws IOException if the file cannot be read
     */
    public static JsonFile read(Path path, JsonReadOptions options) throws IOException {
        try (InputStream in = Files.newInputStream(path)) {
            return read(in, options);
        }
    }

    /**
     * Reads a stream to its end with the default options; the stream is not closed.
     *
     * @param in the stream
     * @return its schema, dictionaries and batches
     * @throws JsonFormatException if the stream is not valid integration JSON
     * @throws IOException if the stream cannot be read
     */
    public static JsonFile read(InputStream in) throws IOException {
        return read(in, JsonReadOptions.DEFAULT);
    }

    /**
     * Reads a stream to its end; the stream is not closed.
     *
     * @param in the stream
     * @param options how the stream is read
     * @return its schema, dictionaries and batches
     * @throws JsonFormatException if the stream is not valid integration JSON
     * @throws IOException if the stream cannot be read
     */
    public static JsonFile read(InputStream in, JsonReadOptions options) throws IOException {
        try (JsonBatchStream batches = new JsonBatchStream(in, null, options)) {
            List<RecordBatch> all = new ArrayList<>();
            for (RecordBatch batch : batches) {
                all.add(batch);
            }
            return new JsonFile(batches.schema(), batches.dictionaries(), all);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /**
     * Reads JSON text with the default options.
     *
     * @param json the text
     * @return its schema, dictionaries and batches
     * @throws JsonFormatException if the text is not valid integration JSON
     */
    public static JsonFile readString(String json) {
        try {
            return read(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new QuiverException("cannot read a string", e);
        }
    }
}
