// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.Schema;
import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.MemorySegment;
import java.nio.channels.Channels;
import java.nio.channels.ReadableByteChannel;
import java.util.Map;

/**
 * Reads the IPC stream format: the schema first, then record batches, applying dictionary batches
 * (new, delta, replacement) as they come. The stream ends at the end-of-stream marker or where the
 * input simply ends between messages. Any malformed input ends in an {@link IpcException}.
 */
public final class IpcStreamReader implements AutoCloseable {
    private final MessageReader messages;
    private final Schema schema;
    private final Map<String, String> schemaMessageMetadata;
    private final BatchReading reading;
    private Map<String, String> batchMessageMetadata = Map.of();
    private boolean ended;

    /**
     * Reads a stream with the default options (full validation); the schema message is read at once.
     *
     * @param in the stream's bytes; closed by {@link #close()}
     * @throws IpcException if reading fails or the input does not begin with a valid schema message
     */
    public IpcStreamReader(InputStream in) {
        this(Channels.newChannel(in), IpcReadOptions.DEFAULT);
    }

    /**
     * Reads a stream; the schema message is read at once.
     *
     * @param in the stream's bytes; closed by {@link #close()}
     * @param options how the stream is read
     * @throws IpcException if reading fails or the input does not begin with a valid schema message
     */
    public IpcStreamReader(InputStream in, IpcReadOptions options) {
        this(Channels.newChannel(in), options);
    }

    /**
     * Reads a stream from a channel; the schema message is read at once.
     *
     * @param channel the stream's bytes; closed by {@link #close()}
     * @param options how the stream is read
     * @throws IpcException if reading fails or the input does not begin with a valid schema message
     */
    public IpcStreamReader(ReadableByteChannel channel, IpcReadOptions options) {
        this(new ChannelInput(channel, options.allocator()), options);
    }

    /**
     * Reads a stream held in memory; buffers are slices of {@code bytes} (zero-copy).
     *
     * @param bytes the whole stream; it must stay accessible as long as the batches read are used
     * @param options how the stream is read
     * @return a reader whose schema message has been read
     * @throws IpcException if {@code bytes} does not begin with a valid schema message
     */
    public static IpcStreamReader of(MemorySegment bytes, IpcReadOptions options) {
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
     * The custom metadata of the message of the batch last returned by {@link #next()}.
     *
     * @return the metadata, empty if the message has none or no batch has been returned yet
     */
    public Map<String, String> batchMessageMetadata() {
        return batchMessageMetadata;
    }

    /**
     * Whether the stream has ended at its end-of-stream marker (0xFFFFFFFF 0x00000000, or 0x00000000 in the
     * framing before 0.15), rather than where the input simply ended between messages. Both are valid
     * ends (the IPC format's end-of-stream rule); this tells them apart once {@link #next()} has
     * returned null.
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
     * @return the batch, or null at the end of the stream
     * @throws IpcException if a message is malformed or invalid, reading fails, or a second schema comes
     */
    public RecordBatch next() {
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
                    batchMessageMetadata = m.message().customMetadata();
                    return batch;
                }
                case Header.SchemaHeader s -> throw new IpcException(m.describe() + ": a second schema in the stream");
            }
        }
        return null;
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
