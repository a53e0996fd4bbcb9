// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.type.Schema;
import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.MemorySegment;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Reads the IPC stream format: the schema first, then record batches, applying dictionary batches
 * (new, delta, replacement) as they come. The stream ends at the end-of-stream marker or where the
 * input simply ends between messages. Any malformed input ends in an {@link IpcException}.
 *
 * <p>Every way to open one is an {@code open} factory, with or without {@link IpcReadOptions} (by
 * default {@link IpcReadOptions#DEFAULT}, full validation): from a {@link Path}, a channel, an
 * {@link InputStream} or a {@link MemorySegment} (zero-copy). The schema message is read at once.
 *
 * <pre>{@code
 * try (IpcStreamReader reader = IpcStreamReader.open(Path.of("data.arrows"))) {
 *     for (RecordBatch batch : reader) {
 *         total += batch.rowCount();
 *     }
 * }
 * }</pre>
 */
public final class IpcStreamReader implements RecordBatchReader {
    private final MessageReader messages;
    private final Schema schema;
    private final Map<String, String> schemaMessageMetadata;
    private final BatchReading reading;
    private Map<String, String> batchMetadata = Map.of();
    private boolean ended;

    /**
     * Reads the stream in a file, with the default options.
     *
     * @param path the file
     * @return a reader whose schema message has been read
     * @throws IpcException if the file cannot be opened or read, or does not begin with a valid schema
     *     message
     */
    public static IpcStreamReader open(Path path) {
        return open(path, IpcReadOptions.DEFAULT);
    }

    /**
     * Reads the stream in a file.
     *
     * @param path the file
     * @param options how the stream is read
     * @return a reader whose schema message has been read
     * @throws IpcException if the file cannot be opened or read, or does not begin with a valid schema
     *     message
     */
    public static IpcStreamReader open(Path path, IpcReadOptions options) {
        FileChannel channel;
        try {
            channel = FileChannel.open(path);
        } catch (IOException e) {
            throw new IpcException("cannot open " + path + ": " + e.getMessage(), e);
        }
        return open(channel, options);
    }

    /**
     * Reads a stream from a channel, with the default options.
     *
     * @param channel the stream's bytes; closed by {@link #close()}, and also if opening fails
     * @return a reader whose schema message has been read
     * @throws IpcException if reading fails or the input does not begin with a valid schema message
     */
    public static IpcStreamReader open(ReadableByteChannel channel) {
        return open(channel, IpcReadOptions.DEFAULT);
    }

    /**
     * Reads a stream from a channel.
     *
     * @param channel the stream's bytes; closed by {@link #close()}, and also if opening fails
     * @param options how the stream is read
     * @return a reader whose schema message has been read
     * @throws IpcException if reading fails or the input does not begin with a valid schema message
     */
    public static IpcStreamReader open(ReadableByteChannel channel, IpcReadOptions options) {
        ChannelInput input = new ChannelInput(channel, options.allocator());
        try {
            return new IpcStreamReader(input, options);
        } catch (RuntimeException e) {
            try {
                input.close();
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    /**
     * Reads a stream from an {@link InputStream}, with the default options.
     *
     * @param in the stream's bytes; closed by {@link #close()}, and also if opening fails
     * @return a reader whose schema message has been read
     * @throws IpcException if reading fails or the input does not begin with a valid schema message
     */
    public static IpcStreamReader open(InputStream in) {
        return open(in, IpcReadOptions.DEFAULT);
    }

    /**
     * Reads a stream from an {@link InputStream}.
     *
     * @param in the stream's bytes; closed by {@link #close()}, and also if opening fails
     * @param options how the stream is read
     * @return a reader whose schema message has been read
     * @throws IpcException if reading fails or the input does not begin with a valid schema message
     */
    public static IpcStreamReader open(InputStream in, IpcReadOptions options) {
        return open(Channels.newChannel(in), options);
    }

    /**
     * Reads a stream held in memory, with the default options; buffers are slices of {@code bytes}
     * (zero-copy).
     *
     * @param bytes the whole stream; it must stay accessible as long as the batches read are used
     * @return a reader whose schema message has been read
     * @throws IpcException if {@code bytes} does not begin with a valid schema message
     */
    public static IpcStreamReader open(MemorySegment bytes) {
        return open(bytes, IpcReadOptions.DEFAULT);
    }

    /**
     * Reads a stream held in memory; buffers are slices of {@code bytes} (zero-copy).
     *
     * @param bytes the whole stream; it must stay accessible as long as the batches read are used
     * @param options how the stream is read
     * @return a reader whose schema message has been read
     * @throws IpcException if {@code bytes} does not begin with a valid schema message
     */
    public static IpcStreamReader open(MemorySegment bytes, IpcReadOptions options) {
        return new IpcStreamReader(new SegmentInput(bytes), options);
    }

    private IpcStreamReader(ByteInput input, IpcReadOptions options) {
        this.messages = new MessageReader(input);
        MessageReader.IpcMessage first = nextMessage();
        if (first == null) {
            throw new IpcException("the stream has no schema message");
        }
        if (!(first.message().header() instanceof Header.SchemaHeader s)) {
            throw new IpcException(first.describe() + ": the stream must begin with a schema");
        }
        this.schema = s.schema();
        this.schemaMessageMetadata = first.message().customMetadata();
        this.reading = new BatchReading(schema, options, true);
    }

    /**
     * The schema of the stream.
     *
     * @return the schema of the schema message
     */
    @Override
    public Schema schema() {
        return schema;
    }

    /**
     * The custom metadata of the schema message.
     *
     * @return the metadata, empty if the message has none
     */
    public Map<String, String> schemaMessageMetadata() {
        return schemaMessageMetadata;
    }

    /**
     * The custom metadata of the message of the batch last read.
     *
     * @return the metadata, empty if the message has none, before the first batch and after the end
     */
    @Override
    public Map<String, String> batchMetadata() {
        return batchMetadata;
    }

    /**
     * Whether the stream has ended at its end-of-stream marker (0xFFFFFFFF 0x00000000, or 0x00000000 in the
     * framing before 0.15), rather than where the input simply ended between messages. Both are valid
     * ends (the IPC format's end-of-stream rule); this tells them apart once {@link #readNext()} has
     * returned empty.
     *
     * @return true once the stream ended at the marker; false while it has not ended, or if the input
     *     ended without one
     */
    public boolean endedWithMarker() {
        return ended && messages.endedWithMarker();
    }

    /**
     * The next record batch, after applying the dictionary batches that precede it.
     *
     * @return the batch, or empty at the end of the stream
     * @throws IpcException if a message is malformed or invalid, reading fails, or a second schema comes
     */
    @Override
    public Optional<RecordBatch> readNext() {
        while (!ended) {
            MessageReader.IpcMessage m = nextMessage();
            if (m == null) {
                ended = true;
                break;
            }
            switch (m.message().header()) {
                case Header.Dictionary d -> reading.applyDictionary(m);
                case Header.Batch b -> {
                    RecordBatch batch = reading.recordBatch(m);
                    batchMetadata = m.message().customMetadata();
                    return Optional.of(batch);
                }
                case Header.SchemaHeader s -> throw new IpcException(m.describe() + ": a second schema in the stream");
            }
        }
        batchMetadata = Map.of();
        return Optional.empty();
    }

    private MessageReader.IpcMessage nextMessage() {
        try {
            return messages.next();
        } catch (IOException e) {
            throw new IpcException("reading the stream failed: " + e.getMessage(), e);
        }
    }

    /**
     * Closes the input.
     *
     * @throws IpcException if closing the input fails
     */
    @Override
    public void close() {
        try {
            messages.input().close();
        } catch (IOException e) {
            throw new IpcException("closing the stream failed: " + e.getMessage(), e);
        }
    }
}
