// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

import dev.quiver.core.QuiverException;
import dev.quiver.core.array.Array;
import dev.quiver.core.batch.DictionaryUnifier;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;

/**
 * Reads CSV as record batches, streaming: the input is cut into blocks at record ends (following the
 * quotes), each block is tokenized and parsed into one batch, in parallel on {@link CsvReadOptions#threads()}
 * threads, and the batches come out in input order. With more than one thread the reading thread only
 * finds where each block's last record ends, by the parity of the quotes before each line feed (eight bytes
 * at a time); the workers tokenize. A block the tokenizer ends elsewhere (a quote inside an unquoted
 * field, or an escape byte, can fool the parity) is cut where the tokenizer says, and the reading thread
 * tokenizes the rest of the input itself. The input is read ahead on a thread of the reader's own, so
 * no parsing thread waits for a read. Memory stays bounded by a few blocks whatever the input's
 * size. Column types are given ({@link CsvReadOptions#types()}) or inferred from the first block.
 *
 * <pre>{@code
 * try (CsvReader reader = CsvReader.open(Path.of("trips.csv"))) {
 *     System.out.println(reader.schema());
 *     for (RecordBatch batch : reader) {
 *         ...
 *     }
 * }
 * }</pre>
 *
 * <p>Bad input ends the reading with a {@link CsvException} naming the line, the column and the value:
 * a value that is not of its column's type (for an inferred type, a value after the first block that
 * does not fit, or that the first block would have read as another type, such as {@code 007} in an
 * integer column: give the type), a record with another count of fields than the header, a quote never
 * closed, bytes that are not UTF-8, more columns than {@link CsvReadOptions#maxColumns()}, a record longer
 * than {@link CsvReadOptions#maxRecordBytes()}. An empty line is skipped; a UTF-8 byte order mark at the start is
 * dropped.
 */
public final class CsvReader implements RecordBatchReader {
    private static final String STREAM = "<stream>";
    /** The rows parsed across all columns before the next ones (their bytes stay in the cache). */
    private static final int CHUNK_ROWS = 2048;

    private final String source;
    private final ReadableByteChannel channel;
    private final BlockSource blocks;
    private final CsvReadOptions options;
    private final Dialect dialect;
    private final NullMarkers nulls;
    private final Schema schema;
    /** Re-numbers dictionary columns into one growing dictionary each; null without such columns. */
    private final DictionaryUnifier dictionaries;
    private final List<String> fileColumns;
    private final int[] projection;
    private final boolean[] nullsFirst;
    private final ExecutorService pool;
    private final int depth;
    private final ArrayDeque<InFlight> pending = new ArrayDeque<>();
    /** The line the next block delivered starts at. */
    private long nextLine = 1;
    private boolean exhausted;
    private boolean closed;
    /** Heap arrays of the column parsers, kept from block to block. */
    private final ArrayPool arrays = new ArrayPool();
    /** Field positions of blocks parsed, to tokenize the next blocks into (no new arrays per block). */
    private final java.util.concurrent.ConcurrentLinkedQueue<Tokens> spareTokens =
            new java.util.concurrent.ConcurrentLinkedQueue<>();
    /** Whether the workers tokenize, the reading thread cutting blocks by {@link RecordEnds}. */
    private boolean speculate;

    /**
     * A block being parsed: its bytes {@code [0, cut)}, tokenized by a worker when {@code speculative} (the
     * cut then to be checked), else before it was queued. The line it starts at is known once the blocks
     * before it are parsed: {@link #nextLine}.
     */
    private record InFlight(BlockSource.Block block, int cut, boolean speculative, Future<Parsed> future) {
    }

    /**
     * A parsed block: its batch (null without records), where its records end and the line feeds before
     * that end.
     */
    private record Parsed(RecordBatch batch, int end, long lines) {
    }

    private CsvReader(String source, ReadableByteChannel channel, CsvReadOptions options) {
        this.source = source;
        this.channel = channel;
        this.options = options;
        this.dialect = Dialect.of(options);
        this.nulls = new NullMarkers(options.nullValues());
        this.blocks = new BlockSource(channel, source, options.blockSize(), options.maxRecordBytes());
        BlockSource.Block first = read(null);
        byte[] bytes = first == null ? new byte[0] : first.bytes();
        try {
            Tokens sample;
            List<String> names;
            while (true) {
                bytes = first == null ? new byte[0] : first.bytes();
                int length = first == null ? 0 : first.length();
                boolean last = first == null || first.last();
                int position = 0;
                boolean complete = true;
                for (int r = 0; r < options.skipRows() && position < length && complete; r++) {
                    Tokens skipped = Tokens.tokenize(bytes, position, length, -1, dialect, 1, last);
                    complete = skipped.rows == 1 || last;
                    position = skipped.end;
                }
                Tokens firstRecord = Tokens.tokenize(bytes, position, length, -1, dialect, 1, last);
                if (complete && (firstRecord.rows == 1 || last)) {
                    refuseWide(firstRecord.columns, position, bytes);
                    if (options.header()) {
                        if (firstRecord.rows == 0) {
                            throw new CsvException(source + ": no header line (the input is empty)");
                        }
                        position = firstRecord.end;
                        names = options.columnNames() != null ? options.columnNames() : texts(firstRecord);
                        if (names.size() != firstRecord.columns) {
                            throw new CsvException(source + ": " + names.size() + " column names given for a header "
                                    + "of " + firstRecord.columns + " fields");
                        }
                    } else if (options.columnNames() != null) {
                        names = options.columnNames();
                        refuseWide(names.size(), position, bytes);
                    } else {
                        names = new ArrayList<>();
                        for (int c = 0; c < firstRecord.columns; c++) {
                            names.add("f" + c);
                        }
                    }
                    sample = Tokens.tokenize(bytes, position, length, names.size(), dialect, Integer.MAX_VALUE, last);
                    if (sample.rows > 0 || last) {
                        break;
                    }
                }
                first = read(first);
            }
            int bad = Utf8Check.firstInvalid(bytes, 0, sample.end);
            if (bad >= 0) {
                throw new RowError(bad, -1, notUtf8(bytes, bad, 0));
            }
            this.fileColumns = List.copyOf(names);
            this.projection = projection();
            this.schema = new Schema(fields(sample));
            this.dictionaries = DictionaryUnifier.of(schema, options.allocator());
            this.nullsFirst = new boolean[projection.length];
            for (int j = 0; j < projection.length; j++) {
                nullsFirst[j] = ColumnParser.nullsFirst(schema.field(j).type(), options.nullValues());
            }
            int threads = options.threads();
            this.pool = threads == 1 ? null : new ForkJoinPool(threads);
            this.depth = threads == 1 ? 1 : threads + 2;
            this.speculate = threads > 1 && dialect.escape() == 0;
            if (first != null) {
                blocks.keep(first, sample.end);
                queue(first, sample, true, lineBreaks(bytes, sample.end));
            }
        } catch (RowError e) {
            close();
            throw located(e, bytes, 1);
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /** Refuses more columns than {@link CsvReadOptions#maxColumns()} (a record at {@code position}). */
    private void refuseWide(int columns, int position, byte[] bytes) {
        if (columns > options.maxColumns()) {
            throw CsvException.at(source, 1 + lineBreaks(bytes, position), null, null, "has " + columns
                    + " fields, more than the " + options.maxColumns() + " columns a reader takes (a reader holds "
                    + "memory per column; CsvReadOptions.withMaxColumns, the CLI's --max-columns)");
        }
    }

    /**
     * Opens a file with {@link CsvReadOptions#forFile} (tab-separated for {@code .tsv}).
     *
     * @param path the file
     * @return the reader, its schema known
     * @throws CsvException if the file cannot be read or its start is not valid CSV
     */
    public static CsvReader open(Path path) {
        return open(path, CsvReadOptions.forFile(path));
    }

    /**
     * Opens a file.
     *
     * @param path the file
     * @param options how to read it
     * @return the reader, its schema known
     * @throws CsvException if the file cannot be read or its start is not valid CSV
     */
    public static CsvReader open(Path path, CsvReadOptions options) {
        FileChannel channel;
        try {
            channel = FileChannel.open(path, StandardOpenOption.READ);
        } catch (NoSuchFileException e) {
            throw new CsvException("no such file: " + path, e);
        } catch (IOException e) {
            throw new CsvException(path + ": cannot open: " + e.getMessage(), e);
        }
        return new CsvReader(path.toString(), channel, options);
    }

    /**
     * Reads a stream (closed with the reader).
     *
     * @param in the CSV bytes
     * @param options how to read them
     * @return the reader, its schema known
     * @throws CsvException if the stream's start is not valid CSV or cannot be read
     */
    public static CsvReader open(InputStream in, CsvReadOptions options) {
        return new CsvReader(STREAM, Channels.newChannel(in), options);
    }

    /**
     * Reads a channel (closed with the reader).
     *
     * @param channel the CSV bytes
     * @param options how to read them
     * @return the reader, its schema known
     * @throws CsvException if the channel's start is not valid CSV or cannot be read
     */
    public static CsvReader open(ReadableByteChannel channel, CsvReadOptions options) {
        return new CsvReader(STREAM, channel, options);
    }

    /** The next block, or (given one) that block with more input after it. */
    private BlockSource.Block read(BlockSource.Block grow) {
        try {
            return grow == null ? blocks.next() : blocks.more(grow);
        } catch (IOException e) {
            throw new CsvException(source + ": cannot read: " + e.getMessage(), e);
        }
    }

    private List<String> texts(Tokens row) {
        List<String> out = new ArrayList<>();
        for (int c = 0; c < row.columns; c++) {
            out.add(text(row, c));
        }
        return out;
    }

    private String text(Tokens row, int k) {
        int s = row.starts[k];
        int e = row.ends[k];
        if ((row.flags[k] & Tokens.ESCAPED) != 0) {
            Scratch scratch = new Scratch();
            byte[] out = scratch.unescape(row.bytes, s, e, dialect);
            return new String(out, 0, scratch.length, StandardCharsets.UTF_8);
        }
        return new String(row.bytes, s, e - s, StandardCharsets.UTF_8);
    }

    private int[] projection() {
        Set<String> unknown = new HashSet<>(options.types().keySet());
        unknown.removeAll(fileColumns);
        if (!unknown.isEmpty()) {
            throw new CsvException(source + ": types are given for columns it does not have: " + unknown
                    + " (columns: " + fileColumns + ")");
        }
        if (options.includeColumns() == null) {
            int[] all = new int[fileColumns.size()];
            for (int c = 0; c < all.length; c++) {
                all[c] = c;
            }
            return all;
        }
        int[] chosen = new int[options.includeColumns().size()];
        for (int j = 0; j < chosen.length; j++) {
            String name = options.includeColumns().get(j);
            chosen[j] = fileColumns.indexOf(name);
            if (chosen[j] < 0) {
                throw new CsvException(source + ": no column '" + name + "' to include (columns: " + fileColumns
                        + ")");
            }
        }
        return chosen;
    }

    private List<Field> fields(Tokens sample) {
        Map<String, ArrowType> types = new LinkedHashMap<>(options.types());
        List<Field> fields = new ArrayList<>();
        for (int c : projection) {
            String name = fileColumns.get(c);
            ArrowType type = types.get(name);
            if (type == null) {
                Inference inference = new Inference(options.inferDecimals());
                Scratch scratch = new Scratch();
                for (int r = 0; r < sample.rows; r++) {
                    int k = r * sample.columns + c;
                    int s = sample.starts[k];
                    int e = sample.ends[k];
                    byte flag = sample.flags[k];
                    if ((flag & Tokens.QUOTED) == 0 && nulls.isNull(sample.bytes, s, e)) {
                        continue;
                    }
                    if ((flag & Tokens.ESCAPED) != 0) {
                        inference.see(scratch.unescape(sample.bytes, s, e, dialect), 0, scratch.length);
                    } else {
                        inference.see(sample.bytes, s, e);
                    }
                }
                type = inference.type();
            }
            fields.add(Field.nullable(name, type));
        }
        return fields;
    }

    /** Queues the parsing of a tokenized block, {@code lines} line feeds before its records' end. */
    private void queue(BlockSource.Block block, Tokens tokens, boolean checked, long lines) {
        Future<Parsed> future;
        if (tokens.rows == 0) {
            future = CompletableFuture.completedFuture(new Parsed(null, tokens.end, lines));
        } else {
            Callable<Parsed> task = () -> {
                Parsed parsed = new Parsed(parse(block, tokens, checked), tokens.end, lines);
                spare(tokens);
                return parsed;
            };
            if (pool == null) {
                FutureTask<Parsed> now = new FutureTask<>(task);
                now.run();
                future = now;
            } else {
                future = pool.submit(task);
            }
        }
        pending.add(new InFlight(block, tokens.end, false, future));
    }

    /** Keeps the arrays of a block's field positions for a next block (a few: as many as blocks in flight). */
    private void spare(Tokens tokens) {
        if (spareTokens.size() < depth + 1) {
            tokens.bytes = null;
            spareTokens.add(tokens);
        }
    }

    /** Queues the tokenizing and parsing of {@code [0, cut)} of a block on a worker. */
    private void queueSpeculative(BlockSource.Block block, int cut) {
        int width = fileColumns.size();
        Future<Parsed> future = pool.submit(() -> {
            Tokens tokens = Tokens.tokenize(block.bytes(), 0, cut, width, dialect, Integer.MAX_VALUE, block.last(),
                    spareTokens.poll());
            Parsed parsed = new Parsed(tokens.rows == 0 ? null : parse(block, tokens, false), tokens.end,
                    tokens.lines);
            spare(tokens);
            return parsed;
        });
        pending.add(new InFlight(block, cut, true, future));
    }

    /**
     * Parses the records of a block into a batch, {@link #CHUNK_ROWS} rows at a time across all columns
     * (so a chunk's bytes stay in the cache while each column takes its values from them), checking that
     * the bytes are UTF-8 first unless {@code checked} or the tokenizer saw only ASCII.
     */
    private RecordBatch parse(BlockSource.Block block, Tokens tokens, boolean checked) {
        byte[] bytes = block.bytes();
        ColumnParser[] parsers = new ColumnParser[projection.length];
        for (int j = 0; j < projection.length; j++) {
            parsers[j] = ColumnParser.of(schema.field(j).type(), nulls, options.stringsCanBeNull(), tokens.rows,
                    options.allocator(), nullsFirst[j], arrays, !options.types().containsKey(schema.field(j).name()));
        }
        Scratch scratch = new Scratch();
        int width = tokens.columns;
        int[] starts = tokens.starts;
        int checkedTo = 0;
        boolean check = !checked && !tokens.ascii;
        for (int from = 0; from < tokens.rows; from += CHUNK_ROWS) {
            int to = Math.min(tokens.rows, from + CHUNK_ROWS);
            if (check) {
                int end = to == tokens.rows ? tokens.end : starts[to * width];
                int bad = Utf8Check.firstInvalid(bytes, checkedTo, end);
                if (bad >= 0) {
                    throw new RowError(bad, -1, notUtf8(bytes, bad, block.offset()));
                }
                checkedTo = end;
            }
            for (int j = 0; j < projection.length; j++) {
                int c = projection[j];
                try {
                    parsers[j].appendFields(tokens, from * width + c, to - from, dialect, scratch);
                } catch (BadValue bad) {
                    throw new RowError(starts[bad.field], c, text(tokens, bad.field), bad.getMessage());
                }
            }
        }
        List<Array> columns = new ArrayList<>(projection.length);
        for (ColumnParser parser : parsers) {
            columns.add(parser.build());
        }
        return new RecordBatch(schema, columns, tokens.rows);
    }

    private static String notUtf8(byte[] bytes, int position, long blockOffset) {
        return "is not valid UTF-8: byte 0x" + HexFormat.of().withUpperCase().toHexDigits(bytes[position])
                + " at byte offset " + (blockOffset + position);
    }

    private static final java.lang.invoke.VarHandle LONGS = java.lang.invoke.MethodHandles.byteArrayViewVarHandle(
            long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

    /** The line feeds in {@code bytes[0, end)}, counted eight bytes at a time. */
    static long lineBreaks(byte[] bytes, int end) {
        long count = 0;
        int i = 0;
        for (; i + 8 <= end; i += 8) {
            long x = (long) LONGS.get(bytes, i) ^ 0x0A0A0A0A0A0A0A0AL;
            long zeroBytes = (x - 0x0101010101010101L) & ~x & 0x8080808080808080L;
            if (zeroBytes != 0) {
                long nonZero = ((x & 0x7F7F7F7F7F7F7F7FL) + 0x7F7F7F7F7F7F7F7FL) | x;
                count += Long.bitCount(~nonZero & 0x8080808080808080L);
            }
        }
        for (; i < end; i++) {
            if (bytes[i] == '\n') {
                count++;
            }
        }
        return count;
    }

    private CsvException located(RowError e, byte[] bytes, long firstLine) {
        long line = firstLine + lineBreaks(bytes, e.position);
        String column = e.column >= 0 && fileColumns != null && e.column < fileColumns.size()
                ? fileColumns.get(e.column) : e.column >= 0 ? "#" + (e.column + 1) : null;
        String problem = e.getMessage();
        if (e.value != null && !options.types().containsKey(column)) {
            problem += " (the type inferred from the first block; give the column's type to read it otherwise: "
                    + "--types " + column + "=TYPE, CsvReadOptions.withTypes, or a larger block size to infer from)";
        }
        return CsvException.at(source, line, column, e.value, problem);
    }

    /**
     * The bytes of input taken so far (read ahead of the batches delivered by a few blocks), for
     * progress reports.
     *
     * @return the count of bytes
     */
    public long bytesRead() {
        return blocks.offset();
    }

    @Override
    public Schema schema() {
        return schema;
    }

    @Override
    public Optional<RecordBatch> readNext() {
        if (closed) {
            throw new IllegalStateException("the reader is closed");
        }
        while (true) {
            fill();
            InFlight next = pending.poll();
            if (next == null) {
                return Optional.empty();
            }
            Parsed parsed = await(next);
            nextLine += parsed.lines();
            if (next.speculative() && parsed.end() != next.cut()) {
                realign(next, parsed);
            }
            blocks.recycle(next.block().bytes());
            if (parsed.batch() != null) {
                try {
                    return Optional.of(dictionaries.unifyAndRelease(parsed.batch()));
                } catch (QuiverException e) {
                    throw new CsvException(e.getMessage(), e);
                }
            }
        }
    }

    /** Reads and queues blocks until {@link #depth} are in flight or the input ends. */
    private void fill() {
        while (pending.size() < depth && !exhausted) {
            if (!speculate && !pending.isEmpty() && pending.peekLast().speculative()) {
                return;
            }
            BlockSource.Block block = read(null);
            if (block == null) {
                exhausted = true;
                return;
            }
            if (speculate) {
                int cut = block.last() ? block.length()
                        : RecordEnds.lastRecordEnd(block.bytes(), block.length(), dialect.quote());
                if (cut >= 0) {
                    blocks.keep(block, cut);
                    queueSpeculative(block, cut);
                } else {
                    blocks.keep(block, 0);
                    speculate = false;
                }
                continue;
            }
            try {
                Tokens tokens = Tokens.tokenize(block.bytes(), 0, block.length(), fileColumns.size(), dialect,
                        Integer.MAX_VALUE, block.last(), spareTokens.poll());
                while (tokens.end == 0 && !block.last()) {
                    block = read(block);
                    tokens = Tokens.tokenize(block.bytes(), 0, block.length(), fileColumns.size(), dialect,
                            Integer.MAX_VALUE, block.last(), tokens);
                }
                blocks.keep(block, tokens.end);
                queue(block, tokens, false, tokens.lines);
            } catch (RowError e) {
                exhausted = true;
                pending.add(new InFlight(block, block.length(), false, CompletableFuture.failedFuture(e)));
            }
        }
    }

    /**
     * After a block the tokenizer ended before its cut: the rest of it and the blocks queued after it go
     * back to the input, which the reading thread tokenizes from now on.
     */
    private void realign(InFlight next, Parsed parsed) {
        List<InFlight> later = new ArrayList<>(pending);
        pending.clear();
        for (int k = later.size() - 1; k >= 0; k--) {
            InFlight dropped = later.get(k);
            dropped.future().cancel(true);
            blocks.unread(dropped.block().bytes(), 0, dropped.cut());
        }
        blocks.unread(next.block().bytes(), parsed.end(), next.cut());
        speculate = false;
        exhausted = false;
    }

    private Parsed await(InFlight next) {
        try {
            return next.future().get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            close();
            if (cause instanceof RowError row) {
                throw located(row, next.block().bytes(), nextLine);
            }
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            throw new CsvException(source + ": " + cause, cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            close();
            throw new CsvException(source + ": interrupted while parsing", e);
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        pending.forEach(f -> f.future().cancel(true));
        pending.clear();
        if (pool != null) {
            pool.shutdownNow();
        }
        blocks.close();
        try {
            channel.close();
        } catch (IOException e) {
            throw new CsvException(source + ": cannot close: " + e.getMessage(), e);
        }
    }
}
