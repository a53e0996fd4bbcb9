// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.memory.ArenaAllocator;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.ManagedAllocator;
import dev.quiver.core.type.Schema;
import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

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
    /** The options' allocator when it is a managed one, whose arenas hold batches lent to a mapping's work. */
    private final ManagedAllocator managed;
    /** The metadata of the record batch read next, its body not read yet; null when none is read ahead. */
    private MessageReader.IpcMessage pending;
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
     * Reads a stream from a channel. A channel that cannot seek (a pipe, standard input, a socket) is read
     * ahead on a thread of its own, up to 8 MiB past the reader, unless {@link IpcReadOptions#threads()}
     * is 1: waiting for its bytes then overlaps with decoding, validating and using the batches before
     * them. A failure of the channel surfaces, as an {@link IpcException}, at the message it cut short.
     *
     * @param channel the stream's bytes; closed by {@link #close()}, and also if opening fails
     * @param options how the stream is read
     * @return a reader whose schema message has been read
     * @throws IpcException if reading fails or the input does not begin with a valid schema message
     */
    public static IpcStreamReader open(ReadableByteChannel channel, IpcReadOptions options) {
        ReadableByteChannel source = channel instanceof SeekableByteChannel || channel instanceof ReadAheadChannel
                || options.threads() == 1 ? channel
                : ReadAheadChannel.start(channel, ReadAheadChannel.CAPACITY);
        ChannelInput input = new ChannelInput(source, options.allocator());
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
     * Reads a stream from an {@link InputStream}, in large reads: a {@link java.io.FileInputStream} (as
     * standard input) through its channel, straight into the batches' memory, any other stream through a
     * buffer of up to 1 MiB; read ahead on a thread of its own as {@link #open(ReadableByteChannel,
     * IpcReadOptions)} says.
     *
     * @param in the stream's bytes; closed by {@link #close()}, and also if opening fails
     * @param options how the stream is read
     * @return a reader whose schema message has been read
     * @throws IpcException if reading fails or the input does not begin with a valid schema message
     */
    public static IpcStreamReader open(InputStream in, IpcReadOptions options) {
        return open(InputStreamChannel.of(in), options);
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
        this.managed = options.allocator() instanceof ManagedAllocator m ? m : null;
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
        if (!advance()) {
            return Optional.empty();
        }
        MessageReader.IpcMessage m = body(null);
        RecordBatch batch = reading.recordBatch(m);
        batchMetadata = m.message().customMetadata();
        return Optional.of(batch);
    }

    /**
     * The next record batch, as {@link #readNext()} reads it, with the memory it needs of its own (the
     * message's body read from a channel or stream, the decompressed buffers of a compressed batch) taken
     * from {@code memory} instead of the options' allocator: the caller gives it back when done with the
     * batch, for instance by closing an {@link ArenaAllocator}, instead of leaving it to the garbage
     * collector. Dictionaries are read into the reader's own memory, as they outlive the batch.
     *
     * @param memory where the batch's own buffers are allocated
     * @return the batch, or empty at the end of the stream
     * @throws IpcException if a message is malformed or invalid, reading fails, or a second schema comes
     */
    public Optional<RecordBatch> readNext(BufferAllocator memory) {
        Objects.requireNonNull(memory, "memory");
        if (!advance()) {
            return Optional.empty();
        }
        MessageReader.IpcMessage head = pending;
        pending = null;
        MessageReader.IpcMessage m = withBody(head, memory);
        RecordBatch batch = reading.recordBatch(m, memory);
        batchMetadata = m.message().customMetadata();
        return Optional.of(batch);
    }

    /**
     * The results of {@code work} applied to each batch not read yet, in order, on the caller's thread.
     * With a managed allocator (the default) the batch is read into memory of an {@link ArenaAllocator}
     * of this thread, body and decompressed buffers alike, given back to the allocator's pool as soon as
     * {@code work} returns: the next batch reuses it while the cores still hold it, without fresh
     * memory's page faults. Only this thread may read the batch (others get
     * {@link WrongThreadException}), and reading it after {@code work} returned throws
     * {@link IllegalStateException}. Dictionaries are read into the reader's own memory, as they outlive
     * the batch.
     *
     * @throws IpcException from {@code hasNext()} and {@code next()}, if reading fails or a message is
     *     malformed or invalid; what {@code work} throws comes as it is
     */
    @Override
    public <R> Iterator<R> mapBatches(Function<? super RecordBatch, ? extends R> work) {
        Objects.requireNonNull(work, "work");
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return advance();
            }

            @Override
            public R next() {
                if (!advance()) {
                    throw new NoSuchElementException("no more record batches");
                }
                if (managed == null) {
                    return work.apply(readNext().orElseThrow());
                }
                try (ArenaAllocator memory = managed.arena()) {
                    MessageReader.IpcMessage m = body(memory);
                    batchMetadata = m.message().customMetadata();
                    return work.apply(reading.recordBatch(m, memory));
                }
            }
        };
    }

    /**
     * Reads up to the metadata of the next record batch, applying the dictionary batches before it,
     * unless that is done already: whether there is a next batch.
     */
    private boolean advance() {
        while (pending == null && !ended) {
            MessageReader.IpcMessage m = nextHead();
            if (m == null) {
                ended = true;
                batchMetadata = Map.of();
                break;
            }
            switch (m.message().header()) {
                case Header.Dictionary d -> reading.applyDictionary(withBody(m, null));
                case Header.Batch b -> pending = m;
                case Header.SchemaHeader s -> throw new IpcException(m.describe() + ": a second schema in the stream");
            }
        }
        return pending != null;
    }

    /** The pending batch's message with its body, read into {@code memory} (the reader's own when null). */
    private MessageReader.IpcMessage body(ArenaAllocator memory) {
        MessageReader.IpcMessage head = pending;
        pending = null;
        return withBody(head, memory);
    }

    private MessageReader.IpcMessage nextMessage() {
        MessageReader.IpcMessage head = nextHead();
        return head == null ? null : withBody(head, null);
    }

    private MessageReader.IpcMessage nextHead() {
        try {
            return messages.nextHead();
        } catch (IOException e) {
            throw new IpcException("reading the stream failed: " + e.getMessage(), e);
        }
    }

    private MessageReader.IpcMessage withBody(MessageReader.IpcMessage head, BufferAllocator memory) {
        try {
            return messages.withBody(head, memory);
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
