// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.QuiverException;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.memory.ArenaAllocator;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.ManagedAllocator;
import dev.quiver.core.type.Schema;
import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.FutureTask;
import java.util.function.Function;

/**
 * Reads the IPC file format with random access to its record batches. Opening reads the footer and the
 * dictionaries (deltas applied in footer order; a second non-delta dictionary for an id is refused);
 * {@link #batch(int)} reads one batch, and iterating the reader ({@link #readNext()}, a for-each loop,
 * {@link #stream()}) reads the batches in footer order.
 *
 * <p>Every way to open one is an {@code open} factory, with or without {@link IpcReadOptions} (by
 * default {@link IpcReadOptions#DEFAULT}, full validation): from a {@link Path} or a seekable channel
 * (each message copied into memory as it is read), an {@link InputStream} (read whole into memory
 * first) or a {@link MemorySegment} (zero-copy); {@link #map} maps a file instead.
 *
 * <pre>{@code
 * try (IpcFileReader reader = IpcFileReader.open(Path.of("data.arrow"))) {
 *     RecordBatch last = reader.batch(reader.batchCount() - 1);
 *     for (RecordBatch batch : reader) {
 *         total += batch.rowCount();
 *     }
 * }
 * }</pre>
 *
 * <p>A memory-mapped file ({@link #map}) is read zero-copy: batch
 * buffers are slices of the mapping, valid until {@link #close()}. Any malformed input ends in an
 * {@link IpcException}, and so does a mapped file that shrinks while mapped: its size is checked before
 * each batch, and a fault met reading the mapping is reported. The buffers of a compressed batch are
 * copies; those of an uncompressed batch are the mapping itself, and a fault on them in compiled Java
 * code may crash the JVM (HotSpot cannot step over every instruction it faults on): a file that another
 * process may rewrite in place while it is read is safer read through {@link #open}. Reads and
 * {@link #close()} may come from different threads: they run one at a time, a close waiting for the
 * read in progress, and a read after close throws. For parallel reads give each thread its own reader
 * (mappings are cheap).
 */
public final class IpcFileReader implements RecordBatchReader {
    static final byte[] MAGIC = "ARROW1".getBytes(StandardCharsets.US_ASCII);
    private static final int TAIL = 4 + 6;
    /** What {@link #readNext()} makes of a batch: the batch. */
    private static final Function<RecordBatch, RecordBatch> BATCH = batch -> batch;

    /**
     * Whether {@code head}, the first bytes of some input, starts as an Arrow IPC file does: with the
     * magic {@code ARROW1} (a stream starts with a message instead).
     *
     * @param head the input's first bytes, at least six for a true answer
     * @return whether they start with the file format's magic
     */
    public static boolean startsWithMagic(byte[] head) {
        return head.length >= MAGIC.length && Arrays.equals(head, 0, MAGIC.length, MAGIC, 0, MAGIC.length);
    }

    /**
     * Whether the file at {@code path} starts as an Arrow IPC file does ({@link #startsWithMagic}).
     *
     * @param path the file
     * @return whether it starts with the file format's magic
     * @throws IOException if the file cannot be read
     */
    public static boolean startsWithMagic(Path path) throws IOException {
        try (InputStream in = Files.newInputStream(path)) {
            return startsWithMagic(in.readNBytes(MAGIC.length));
        }
    }

    private final MessageReader messages;
    private final AutoCloseable resource;
    private final MappedFile mapped;
    private final Header.Footer footer;
    private final BatchReading reading;
    private final int threads;
    /** The options' allocator when it is a managed one, whose arenas hold batches lent to a mapping's work. */
    private final ManagedAllocator managed;
    /** Guards {@link #messages}, which reads one message at a time. */
    private final Object messageLock = new Object();
    /** The batches being decoded ahead and given to {@link #aheadWork}, from {@link #nextBatch} on, in order. */
    private final ArrayDeque<FutureTask<Done>> ahead = new ArrayDeque<>();
    /** What the tasks {@link #ahead} apply to their batches. */
    private Function<? super RecordBatch, ?> aheadWork;
    private volatile boolean closed;
    /** The batch {@link #readNext()} reads next. */
    private int nextBatch;
    private Map<String, String> batchMetadata = Map.of();

    private IpcFileReader(ByteInput input, AutoCloseable resource, MappedFile mapped, IpcReadOptions options,
            boolean shareable) {
        this.messages = new MessageReader(input);
        this.resource = resource;
        this.mapped = mapped;
        try {
            this.footer = readFooter(input);
            this.reading = new BatchReading(footer.schema(), options, false);
            this.managed = options.allocator() instanceof ManagedAllocator m ? m : null;
            // Batches decoded ahead take memory before they are asked for: with a bounded allocator they
            // could make a batch fail that one thread reads within the limit. Bytes of a confined arena
            // can only be read by the thread that owns them.
            this.threads = options.allocator().limit() == Long.MAX_VALUE && shareable
                    ? IpcThreads.resolve(options.threads()) : 1;
            List<Header.Block> blocks = footer.dictionaries();
            for (int i = 0; i < blocks.size(); i++) {
                String what = "dictionary block " + i;
                MessageReader.IpcMessage m = messages.readAt(blocks.get(i), i, what);
                if (!(m.message().header() instanceof Header.Dictionary)) {
                    throw new IpcException(what + ": " + m.describe() + " is not a dictionary batch");
                }
                reading.applyDictionary(m);
            }
        } catch (IOException e) {
            closeQuietly();
            throw new IpcException("reading the file failed: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            closeQuietly();
            throw e;
        } catch (InternalError e) {
            closeQuietly();
            throw mappingFault("opening the file", e);
        }
    }

    /**
     * Maps the file read-only and reads it zero-copy; the mapping lives until {@link #close()}.
     *
     * @param path the file
     * @param options how the file is read
     * @return a reader whose footer and dictionaries have been read
     * @throws IpcException if the file cannot be mapped, or its footer or dictionaries are malformed
     */
    public static IpcFileReader map(Path path, IpcReadOptions options) {
        MappedFile file = MappedFile.map(path);
        return new IpcFileReader(new SegmentInput(file.segment()), file, file, options,
                IpcThreads.readableByOtherThreads(file.segment()));
    }

    /**
     * Maps the file read-only with the default options (full validation) and reads it zero-copy.
     *
     * @param path the file
     * @return a reader whose footer and dictionaries have been read
     * @throws IpcException if the file cannot be mapped, or its footer or dictionaries are malformed
     */
    public static IpcFileReader map(Path path) {
        return map(path, IpcReadOptions.DEFAULT);
    }

    /**
     * Reads a file through a {@link FileChannel}, with the default options.
     *
     * @param path the file
     * @return a reader whose footer and dictionaries have been read
     * @throws IpcException if the file cannot be opened or read, or its footer or dictionaries are
     *     malformed
     */
    public static IpcFileReader open(Path path) {
        return open(path, IpcReadOptions.DEFAULT);
    }

    /**
     * Reads a file through a {@link FileChannel}, copying each message into memory from the options'
     * allocator: the batches stay valid after {@link #close()}.
     *
     * @param path the file
     * @param options how the file is read
     * @return a reader whose footer and dictionaries have been read
     * @throws IpcException if the file cannot be opened or read, or its footer or dictionaries are
     *     malformed
     */
    public static IpcFileReader open(Path path, IpcReadOptions options) {
        FileChannel channel;
        try {
            channel = FileChannel.open(path);
        } catch (IOException e) {
            throw new IpcException("cannot open " + path + ": " + e.getMessage(), e);
        }
        return open(channel, options);
    }

    /**
     * Reads a file through a channel, with the default options.
     *
     * @param channel the file's bytes; closed by {@link #close()}, and also if opening fails
     * @return a reader whose footer and dictionaries have been read
     * @throws IpcException if reading fails, or the footer or dictionaries are malformed
     */
    public static IpcFileReader open(SeekableByteChannel channel) {
        return open(channel, IpcReadOptions.DEFAULT);
    }

    /**
     * Reads a file through a channel, copying each message into memory from the options' allocator.
     *
     * @param channel the file's bytes; closed by {@link #close()}, and also if opening fails
     * @param options how the file is read
     * @return a reader whose footer and dictionaries have been read
     * @throws IpcException if reading fails, or the footer or dictionaries are malformed
     */
    public static IpcFileReader open(SeekableByteChannel channel, IpcReadOptions options) {
        return new IpcFileReader(new ChannelInput(channel, options.allocator()), channel, null, options, true);
    }

    /**
     * Reads a file from an {@link InputStream}, with the default options.
     *
     * @param in the file's bytes, read to their end at once; closed before this returns
     * @return a reader whose footer and dictionaries have been read
     * @throws IpcException if reading fails, or the footer or dictionaries are malformed
     */
    public static IpcFileReader open(InputStream in) {
        return open(in, IpcReadOptions.DEFAULT);
    }

    /**
     * Reads a file from an {@link InputStream}: random access needs the whole file, so the stream is read
     * to its end into memory from the options' allocator (give it a limit to bound what a stream may
     * take), then read zero-copy from there.
     *
     * @param in the file's bytes, read to their end at once; closed before this returns
     * @param options how the file is read
     * @return a reader whose footer and dictionaries have been read
     * @throws IpcException if reading fails or takes more memory than the allocator allows, or the
     *     footer or dictionaries are malformed
     */
    public static IpcFileReader open(InputStream in, IpcReadOptions options) {
        ArrowBuffer bytes;
        try (ChannelInput input = new ChannelInput(InputStreamChannel.of(in), options.allocator())) {
            bytes = input.readToEnd();
        } catch (IOException e) {
            throw new IpcException("reading the file failed: " + e.getMessage(), e);
        } catch (QuiverException e) {
            throw new IpcException("reading the file into memory failed: " + e.getMessage(), e);
        }
        return open(bytes.segment(), options);
    }

    /**
     * Reads a file held in memory, with the default options, zero-copy: batch buffers are slices of
     * {@code bytes}.
     *
     * @param bytes the whole file; it must stay accessible as long as the batches read are used
     * @return a reader whose footer and dictionaries have been read
     * @throws IpcException if the footer or dictionaries are malformed
     */
    public static IpcFileReader open(MemorySegment bytes) {
        return open(bytes, IpcReadOptions.DEFAULT);
    }

    /**
     * Reads a file held in memory, zero-copy: batch buffers are slices of {@code bytes}.
     *
     * @param bytes the whole file; it must stay accessible as long as the batches read are used
     * @param options how the file is read
     * @return a reader whose footer and dictionaries have been read
     * @throws IpcException if the footer or dictionaries are malformed
     */
    public static IpcFileReader open(MemorySegment bytes, IpcReadOptions options) {
        return new IpcFileReader(new SegmentInput(bytes), null, null, options,
                IpcThreads.readableByOtherThreads(bytes));
    }

    private static Header.Footer readFooter(ByteInput input) throws IOException {
        checkSize(input.size());
        input.seek(0);
        checkMagic(input.read(MAGIC.length), "start");
        long start = footerStart(input);
        input.seek(start);
        ArrowBuffer bytes = input.read(input.size() - TAIL - start);
        return MessageCodec.decodeFooter(MappedFile.decodable(bytes));
    }

    /** Where the footer starts, once the file's size, its closing magic and the footer's length are checked. */
    static long footerStart(ByteInput input) throws IOException {
        long size = input.size();
        checkSize(size);
        input.seek(size - TAIL);
        ArrowBuffer tail = input.read(TAIL);
        checkMagic(tail.slice(4, MAGIC.length), "end");
        int footerLength = tail.getInt(0);
        if (footerLength <= 0 || footerLength > size - TAIL - MAGIC.length - 2) {
            throw new IpcException("footer length " + footerLength + " does not fit in a file of " + size + " bytes");
        }
        return size - TAIL - footerLength;
    }

    private static void checkSize(long size) {
        if (size < MAGIC.length + 2 + TAIL) {
            throw new IpcException("a file of " + size + " bytes is too short for the IPC file format");
        }
    }

    private static void checkMagic(ArrowBuffer bytes, String where) {
        if (bytes.byteSize() != MAGIC.length || !java.util.Arrays.equals(bytes.toByteArray(), MAGIC)) {
            throw new IpcException("not an Arrow IPC file: no ARROW1 magic at the " + where);
        }
    }

    /**
     * The schema of the footer.
     *
     * @return the schema of every batch in the file
     */
    @Override
    public Schema schema() {
        return footer.schema();
    }

    /**
     * The custom metadata of the footer.
     *
     * @return the metadata, empty if the footer has none
     */
    public Map<String, String> footerMetadata() {
        return footer.customMetadata();
    }

    /**
     * The number of record batches in the footer.
     *
     * @return the number of batches {@link #batch(int)} can read
     */
    public int batchCount() {
        return footer.recordBatches().size();
    }

    /**
     * Record batch {@code k} (0-based), read through its footer block.
     *
     * @param k the batch's index in the footer, from 0 to {@link #batchCount()} - 1
     * @return the batch, with the file's dictionaries
     * @throws IndexOutOfBoundsException if {@code k} is not the index of a batch
     * @throws IpcException if reading fails, or the block or its message is malformed or invalid
     */
    public synchronized RecordBatch batch(int k) {
        if (k < 0 || k >= batchCount()) {
            throw new IndexOutOfBoundsException("batch " + k + " of " + batchCount());
        }
        Decoded decoded = decode(k);
        batchMetadata = decoded.metadata();
        return decoded.batch();
    }

    /**
     * Record batch {@code k} (0-based) with the memory it needs of its own (the decompressed buffers of a
     * compressed batch; for a file read through a channel, the message read) taken from {@code memory}
     * instead of the options' allocator: the caller gives it back when done with the batch, for instance
     * by closing an {@link ArenaAllocator}, instead of leaving it to the garbage collector. Buffers that are
     * views of a mapped file or of a segment stay that input's. Unlike {@link #batch(int)} it leaves
     * {@link #batchMetadata()} as it was.
     *
     * @param k the batch's index in the footer, from 0 to {@link #batchCount()} - 1
     * @param memory where the batch's own buffers are allocated
     * @return the batch, with the file's dictionaries (which stay the reader's)
     * @throws IndexOutOfBoundsException if {@code k} is not the index of a batch
     * @throws IpcException if reading fails, or the block or its message is malformed or invalid
     */
    public synchronized RecordBatch batch(int k, BufferAllocator memory) {
        Objects.requireNonNull(memory, "memory");
        if (k < 0 || k >= batchCount()) {
            throw new IndexOutOfBoundsException("batch " + k + " of " + batchCount());
        }
        return decode(k, m -> reading.recordBatch(m, memory)).batch();
    }

    /** A batch and the custom metadata of its message. */
    private record Decoded(RecordBatch batch, Map<String, String> metadata) {
    }

    /** Reads and decodes batch {@code k}; safe to call from several threads at once. */
    private Decoded decode(int k) {
        return decode(k, reading::recordBatch);
    }

    /**
     * Reads batch {@code k} and decodes it with {@code decoder} (for instance into memory of its own);
     * safe to call from several threads at once.
     */
    private Decoded decode(int k, Function<MessageReader.IpcMessage, RecordBatch> decoder) {
        String what = "record batch block " + k;
        if (closed) {
            throw new IpcException(what + ": the reader is closed");
        }
        try {
            MessageReader.IpcMessage m;
            synchronized (messageLock) {
                if (mapped != null) {
                    mapped.checkSize(what);
                }
                m = messages.readAt(footer.recordBatches().get(k), k, what);
            }
            if (!(m.message().header() instanceof Header.Batch)) {
                throw new IpcException(what + ": " + m.describe() + " is not a record batch");
            }
            return new Decoded(decoder.apply(m), m.message().customMetadata());
        } catch (IOException e) {
            throw new IpcException(what + ": reading failed: " + e.getMessage(), e);
        } catch (InternalError e) {
            throw mappingFault(what, e);
        }
    }

    /**
     * {@code work} applied to batch {@code k}. With a managed allocator the batch's own memory (that of
     * decompressed buffers) comes from an {@link ArenaAllocator} of this thread closed once {@code work}
     * returns, so it is reused while the core still holds it. Buffers of a mapped file stay the
     * reader's: {@link #close()} does not wait for a {@code work} still running, and only the mapping's
     * own (shared) arena makes its closing safe for such a reader.
     */
    private Done decodeAndApply(int k, Function<? super RecordBatch, ?> work) {
        try (ArenaAllocator memory = managed == null ? null : managed.arena()) {
            Decoded decoded = memory == null ? decode(k) : decode(k, m -> reading.recordBatch(m, memory));
            return new Done(work.apply(decoded.batch()), decoded.metadata());
        }
    }

    /**
     * The batch after the one this method last returned, in footer order: the first call reads batch 0.
     * {@link #batch(int)} does not move this position.
     *
     * @return the batch, or empty after the last one
     * @throws IpcException if reading fails, or the block or its message is malformed or invalid
     */
    @Override
    public synchronized Optional<RecordBatch> readNext() {
        if (nextBatch >= batchCount()) {
            batchMetadata = Map.of();
            return Optional.empty();
        }
        return Optional.of((RecordBatch) advance(BATCH));
    }

    /**
     * The results of {@code work} applied to each batch {@link #readNext()} has not returned, in footer
     * order. With more than one thread ({@link IpcReadOptions#threads()}) each decoding thread applies
     * {@code work} to its batch as soon as it has decoded it, while the cores still hold the batch's
     * bytes: {@code work} runs on several batches at once and must be thread-safe. Each {@code next()}
     * moves the reader past one batch, as {@link #readNext()} does. With a managed allocator (the
     * default) the batch's decompressed buffers are memory of an {@link ArenaAllocator} of the thread
     * that runs {@code work}: only that thread may read them (others get {@link WrongThreadException}),
     * and they go back to the allocator's pool as soon as {@code work} returns (reading the batch after
     * that throws {@link IllegalStateException}); buffers of a mapped file are the mapping's, valid until
     * {@link #close()}.
     *
     * @throws IpcException from {@code next()}, if reading fails or a block or its message is malformed
     *     or invalid; what {@code work} throws comes as it is
     */
    @Override
    public <R> Iterator<R> mapBatches(Function<? super RecordBatch, ? extends R> work) {
        Objects.requireNonNull(work, "work");
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                synchronized (IpcFileReader.this) {
                    return nextBatch < batchCount();
                }
            }

            @Override
            @SuppressWarnings("unchecked")
            public R next() {
                synchronized (IpcFileReader.this) {
                    if (nextBatch >= batchCount()) {
                        throw new NoSuchElementException("no more record batches");
                    }
                    return (R) advance(work);
                }
            }
        };
    }

    /** A batch's result and the custom metadata of its message. */
    private record Done(Object result, Map<String, String> metadata) {
    }

    /** {@code work} applied to batch {@link #nextBatch}, which this moves past; call holding the lock. */
    private Object advance(Function<? super RecordBatch, ?> work) {
        if (work == BATCH && (threads <= 1 || closed)) {
            return batch(nextBatch++);
        }
        if (threads <= 1 || closed) {
            Done done = decodeAndApply(nextBatch++, work);
            batchMetadata = done.metadata();
            return done.result();
        }
        if (aheadWork != work) {
            // Batches decoded ahead for another consumer are read again for this one.
            settleAhead();
            aheadWork = work;
        }
        // Keep `threads` batches decoding besides the one handed out now, each read exactly as batch(k)
        // reads it: while the caller works on a batch, every thread decodes another (with `threads`
        // ahead in all, one thread sat idle whenever the caller held a batch).
        for (int k = nextBatch + ahead.size(); k < batchCount() && ahead.size() < threads + 1; k++) {
            int index = k;
            ahead.add(IpcThreads.submit(work == BATCH ? () -> {
                Decoded decoded = decode(index);
                return new Done(decoded.batch(), decoded.metadata());
            } : () -> decodeAndApply(index, work)));
        }
        Done done;
        try {
            done = IpcThreads.join(ahead.poll());
        } catch (IOException e) {
            throw new IpcException("record batch block " + nextBatch + ": reading failed: " + e.getMessage(), e);
        } finally {
            nextBatch++;
        }
        batchMetadata = done.metadata();
        return done.result();
    }

    /** Waits for the tasks decoding ahead, and forgets them. */
    private void settleAhead() {
        for (FutureTask<Done> task : ahead) {
            IpcThreads.settle(task);
        }
        ahead.clear();
    }

    /**
     * The custom metadata of the message of the batch last read, by {@link #batch(int)} or
     * {@link #readNext()}.
     *
     * @return the metadata, empty if the message has none, before the first batch and after the end
     */
    @Override
    public synchronized Map<String, String> batchMetadata() {
        return batchMetadata;
    }

    /** A fault reading the mapping as an IpcException; any other InternalError is not the reader's to judge. */
    private IpcException mappingFault(String what, InternalError e) {
        if (mapped == null) {
            throw e;
        }
        return mapped.fault(what, e);
    }

    private void closeQuietly() {
        try {
            close();
        } catch (RuntimeException ignored) {
            // The original failure is the one reported.
        }
    }

    /**
     * Closes the input, after the read in progress on another thread if any; for a mapped file, unmaps it
     * (its batches' buffers become inaccessible). Closing twice does nothing.
     *
     * @throws IpcException if closing the input fails
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        // No batch decoded ahead may still read the input once it is closed.
        settleAhead();
        if (resource == null) {
            return;
        }
        try {
            resource.close();
        } catch (Exception e) {
            throw new IpcException("closing the file failed: " + e.getMessage(), e);
        }
    }
}
