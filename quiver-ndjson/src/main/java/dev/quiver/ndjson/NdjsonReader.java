// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ndjson;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import dev.quiver.core.QuiverException;
import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Newline-delimited JSON read as record batches: one JSON object per line, one row per object, streamed
 * in batches of {@link NdjsonReadOptions#batchSize()} rows (memory holds one batch and the inference
 * sample). The schema is the one given in the options, or inferred from the first
 * {@link NdjsonReadOptions#sampleLines()} lines (rules in {@code docs/ndjson.md}): numbers to int64 or
 * float64, booleans, strings to utf8, objects to structs, arrays to lists, and, when asked, ISO 8601 strings
 * to date32 and timestamps.
 *
 * <pre>{@code
 * try (NdjsonReader reader = NdjsonReader.open(Path.of("events.ndjson"), NdjsonReadOptions.DEFAULT)) {
 *     for (RecordBatch batch : reader) {
 *         ...
 *     }
 * }
 * }</pre>
 *
 * <p>Values are appended to the column builders straight from the parser's tokens. Blank lines are
 * skipped; control characters other than line breaks are taken unescaped inside strings (DuckDB writes raw
 * tabs). Everything else that is not one object per line (malformed JSON, invalid UTF-8, a line holding
 * an array or a number, two objects on a line), a value that does not fit its field's type, and a key
 * outside the schema (unless ignored) end in an {@link NdjsonException} naming the line and the field, as
 * does input beyond one of the {@link NdjsonLimits} (nesting, lengths, a line's bytes, an inferred schema's
 * fields), naming the limit. Not
 * thread-safe.
 */
public final class NdjsonReader implements RecordBatchReader {
    private static final int CHUNK = 64 * 1024;
    /** The name of the limit in a message of Jackson's: {@code from `StreamReadConstraints.getMaxNestingDepth()`}. */
    private static final Pattern JACKSON_LIMIT = Pattern.compile("from `StreamReadConstraints\\.getMax(\\w+)\\(\\)`");

    private final Schema schema;
    private final NdjsonReadOptions options;
    private final JsonFactory factory;
    private final InputStream source;
    private final int batchSize;
    private final long batchBytes;
    private final ArrayBuilder[] builders;
    private final FieldSet row;
    /** The parser of the caller's thread: from the start with one thread, else once {@link #parallel} gave up. */
    private JsonParser parser;
    /** The lines before the sequential parser's first (it took over from {@link #parallel} there). */
    private long lineShift;
    /** The blocks parsed on worker threads, in order; null when parsing on the caller's thread. */
    private ParallelBlocks parallel;
    private long lastEndLine;
    private boolean done;

    private NdjsonReader(Schema schema, JsonFactory factory, InputStream source, NdjsonReadOptions options) {
        this.schema = schema;
        this.options = options;
        this.factory = factory;
        this.source = source;
        this.batchSize = options.batchSize();
        this.batchBytes = options.limits().maxBatchBytes();
        List<Field> fields = schema.fields();
        this.builders = new ArrayBuilder[fields.size()];
        this.row = rowReader(builders);
        if (options.threads() > 1) {
            this.parallel = new ParallelBlocks(new LineBlocks(source, batchSize, options.limits().maxBatchBytes()),
                    options.threads(), this::parseBlock);
        } else {
            this.parser = parser(source);
        }
    }

    /** The reader of rows into new builders of the schema's fields, put in {@code builders}. */
    private FieldSet rowReader(ArrayBuilder[] builders) {
        List<Field> fields = schema.fields();
        ValueReader[] readers = new ValueReader[fields.size()];
        for (int k = 0; k < builders.length; k++) {
            Field f = fields.get(k);
            builders[k] = ArrayBuilder.of(f.type(), options.allocator());
            readers[k] = ValueReader.of(f.type(), builders[k], f.name(), options.ignoreUnknownKeys());
        }
        return new FieldSet("", fields, readers, options.ignoreUnknownKeys());
    }

    /** A parser of {@code bytes[0, length)} with the limits' string limit. */
    private static JsonParser parser(JsonFactory factory, byte[] bytes, int length, NdjsonLimits limits) {
        try {
            return new StringLimit(factory.createParser(bytes, 0, length), limits.maxStringLength());
        } catch (IOException e) {
            throw new NdjsonException(0, "", "cannot read the input: " + e, e);
        }
    }

    private JsonParser parser(InputStream in) {
        try {
            return new StringLimit(factory.createParser(in), options.limits().maxStringLength());
        } catch (IOException e) {
            throw new NdjsonException(0, "", "cannot read the input: " + e, e);
        }
    }

    /**
     * Opens a file.
     *
     * @param path the NDJSON file (UTF-8)
     * @param options the schema or how to infer it, the batch size, the allocator
     * @return the reader, its schema known
     * @throws NdjsonException if the file cannot be opened, or the lines the schema is inferred from cannot
     *     be read
     */
    public static NdjsonReader open(Path path, NdjsonReadOptions options) {
        InputStream in;
        try {
            in = Files.newInputStream(path);
        } catch (IOException e) {
            throw new NdjsonException(0, "", "cannot open " + path + ": " + e, e);
        }
        try {
            return open(in, options);
        } catch (RuntimeException e) {
            closeQuietly(in, e);
            throw e;
        }
    }

    /**
     * Opens a file with the default options (inference from the first lines).
     *
     * @param path the NDJSON file (UTF-8)
     * @return the reader, its schema known
     * @throws NdjsonException if the file cannot be opened, or the lines the schema is inferred from cannot
     *     be read
     */
    public static NdjsonReader open(Path path) {
        return open(path, NdjsonReadOptions.DEFAULT);
    }

    /**
     * Reads a stream; the reader closes it.
     *
     * @param in the NDJSON bytes (UTF-8)
     * @param options the schema or how to infer it, the batch size, the allocator
     * @return the reader, its schema known
     * @throws NdjsonException if the lines the schema is inferred from cannot be read
     */
    public static NdjsonReader open(InputStream in, NdjsonReadOptions options) {
        Objects.requireNonNull(in, "in");
        Objects.requireNonNull(options, "options");
        Schema schema;
        InputStream source;
        NdjsonLimits limits = options.limits();
        JsonFactory factory = factory(limits);
        LineLimit limited = new LineLimit(in, limits.maxLineBytes());
        if (options.schema().isPresent()) {
            schema = options.schema().get();
            source = limited;
        } else {
            Sample sample = readLines(limited, options.sampleLines(), limits.maxBatchBytes());
            schema = infer(factory, sample, options);
            source = new SequenceInputStream(new ByteArrayInputStream(sample.bytes()), limited);
        }
        return new NdjsonReader(schema, factory, source, options);
    }

    /** A parser factory with the limits' constraints (Jackson's, but for their values). */
    private static JsonFactory factory(NdjsonLimits limits) {
        return JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxNestingDepth(limits.maxNestingDepth())
                        .maxStringLength(limits.maxStringLength())
                        .maxNumberLength(limits.maxNumberLength())
                        .maxNameLength(limits.maxNameLength())
                        .build())
                .enable(JsonReadFeature.ALLOW_UNESCAPED_CONTROL_CHARS)
                .enable(StreamReadFeature.USE_FAST_DOUBLE_PARSER)
                .enable(StreamReadFeature.USE_FAST_BIG_NUMBER_PARSER)
                .build();
    }

    /**
     * Reads a stream with the default options (inference from the first lines); the reader closes it.
     *
     * @param in the NDJSON bytes (UTF-8)
     * @return the reader, its schema known
     * @throws NdjsonException if the lines the schema is inferred from cannot be read
     */
    public static NdjsonReader open(InputStream in) {
        return open(in, NdjsonReadOptions.DEFAULT);
    }

    /**
     * The schema the options gave, or the inferred one.
     *
     * @return the schema of every batch
     */
    @Override
    public Schema schema() {
        return schema;
    }

    /**
     * Reads the next batch of up to {@link NdjsonReadOptions#batchSize()} rows.
     *
     * @return the batch, or empty at the end of the input
     * @throws NdjsonException if a line cannot be read (naming it and the field)
     */
    @Override
    public Optional<RecordBatch> readNext() {
        if (done) {
            return Optional.empty();
        }
        if (parallel != null) {
            ParallelBlocks.Next next;
            try {
                next = parallel.next();
            } catch (RuntimeException e) {
                done = true;
                closeParallel();
                throw e;
            }
            if (next.batch() != null || next.unfinished() == null) {
                done = next.batch() == null;
                return Optional.ofNullable(next.batch());
            }
            // An object spread over lines runs past a block's end: the caller's thread parses from the
            // block's start on, as with one thread.
            lineShift = next.unfinished().firstLine() - 1;
            parser = parser(parallel.takeOver(next.unfinished(), source));
            closeParallel();
        }
        try {
            return readRows();
        } catch (NdjsonException e) {
            throw e.getCause() instanceof LineLimit.TooLong ? e : e.movedDown(lineShift);
        }
    }

    private void closeParallel() {
        if (parallel != null) {
            parallel.close();
            parallel = null;
        }
    }

    /**
     * Parses one block of whole lines on its own (on a worker thread): its batch (none without rows), or
     * unfinished when an object runs past the end of a block that is not the last.
     */
    private ParallelBlocks.Parsed parseBlock(LineBlocks.Block block) {
        ArrayBuilder[] own = new ArrayBuilder[builders.length];
        FieldSet rowOf = rowReader(own);
        long shift = block.firstLine() - 1;
        JsonParser p = parser(factory, block.bytes(), block.length(), options.limits());
        int rows = 0;
        long lastEnd = 0;
        try (p) {
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                startRow(p, t, lastEnd);
                rowOf.read(p);
                lastEnd = p.currentLocation().getLineNr();
                rows++;
            }
        } catch (JsonEOFException e) {
            if (!block.last()) {
                return ParallelBlocks.Parsed.UNFINISHED;
            }
            throw parseFailure(e, p).movedDown(shift);
        } catch (JsonProcessingException e) {
            throw parseFailure(e, p).movedDown(shift);
        } catch (IOException e) {
            throw readFailure(e, ValueReader.line(p)).movedDown(shift);
        } catch (NdjsonException e) {
            throw e.movedDown(shift);
        } catch (QuiverException | IllegalArgumentException | IllegalStateException e) {
            throw new NdjsonException(ValueReader.line(p) + shift, "", "a value cannot be stored: " + e.getMessage(),
                    e);
        }
        if (rows == 0) {
            return new ParallelBlocks.Parsed(null, false);
        }
        List<Array> columns = new ArrayList<>(own.length);
        for (ArrayBuilder builder : own) {
            columns.add(builder.build());
        }
        return new ParallelBlocks.Parsed(new RecordBatch(schema, columns, rows), false);
    }

    /** Reads the next batch on the caller's thread. */
    private Optional<RecordBatch> readRows() {
        int rows = 0;
        long start = parser.currentLocation().getByteOffset();
        try {
            while (rows < batchSize) {
                JsonToken t = parser.nextToken();
                if (t == null) {
                    done = true;
                    break;
                }
                startRow(parser, t, lastEndLine);
                row.read(parser);
                JsonLocation end = parser.currentLocation();
                lastEndLine = end.getLineNr();
                rows++;
                if (end.getByteOffset() - start >= batchBytes) {
                    break;
                }
            }
        } catch (JsonProcessingException e) {
            done = true;
            throw parseFailure(e, parser);
        } catch (IOException e) {
            done = true;
            throw readFailure(e, ValueReader.line(parser));
        } catch (NdjsonException e) {
            done = true;
            throw e;
        } catch (QuiverException | IllegalArgumentException | IllegalStateException e) {
            done = true;
            throw new NdjsonException(ValueReader.line(parser), "", "a value cannot be stored: " + e.getMessage(), e);
        }
        if (rows == 0) {
            return Optional.empty();
        }
        List<Array> columns = new ArrayList<>(builders.length);
        for (ArrayBuilder builder : builders) {
            columns.add(builder.build());
        }
        return Optional.of(new RecordBatch(schema, columns, rows));
    }

    /** Checks that the token starting a row is an object on a line of its own. */
    private static void startRow(JsonParser p, JsonToken t, long lastEndLine) {
        long line = ValueReader.line(p);
        if (t != JsonToken.START_OBJECT) {
            throw new NdjsonException(line, "", "not a JSON object but " + ValueReader.describe(p, t)
                    + " (NDJSON holds one object per line)");
        }
        if (line == lastEndLine) {
            throw new NdjsonException(line, "", "a second JSON object on the line (NDJSON holds one object per line)");
        }
    }

    /**
     * The failure of the parser: malformed JSON, or a value beyond one of Jackson's limits (named as the
     * {@link NdjsonLimits} method that changes it), at its line.
     */
    private static NdjsonException parseFailure(JsonProcessingException e, JsonParser p) {
        long line = e.getLocation() == null || e.getLocation().getLineNr() <= 0 ? ValueReader.line(p)
                : e.getLocation().getLineNr();
        if (e instanceof StreamConstraintsException) {
            String problem = JACKSON_LIMIT.matcher(e.getOriginalMessage()).replaceAll("NdjsonLimits.withMax$1");
            return new NdjsonException(Math.max(line, 0), "", "beyond a limit: " + problem, e);
        }
        return new NdjsonException(Math.max(line, 0), "", "malformed JSON: " + e.getOriginalMessage(), e);
    }

    /** The failure of the input: a line beyond its limit (at its line), or an error of the stream. */
    static NdjsonException readFailure(IOException e, long line) {
        if (e instanceof LineLimit.TooLong tooLong) {
            return new NdjsonException(tooLong.line, "", tooLong.getMessage(), e);
        }
        return new NdjsonException(line, "", "cannot read the input: " + e, e);
    }

    /**
     * The bytes read for inference ({@code bytes}, which the stream then starts with) and where the lines
     * inferred from end in them.
     */
    private record Sample(byte[] bytes, int end) {
    }

    /**
     * The bytes of the first {@code lines} lines and perhaps a little more, fewer at the end of the input or
     * once {@code maxBytes} are read and a line ended; inference reads the first {@code lines} lines of them,
     * or the complete lines read (the whole input when it ended).
     */
    private static Sample readLines(InputStream in, int lines, int maxBytes) {
        byte[] buffer = new byte[CHUNK];
        int length = 0;
        int newlines = 0;
        int end = 0;
        boolean endOfInput = false;
        try {
            while (newlines < lines && (length < maxBytes || newlines == 0)) {
                if (length == buffer.length) {
                    buffer = Arrays.copyOf(buffer, buffer.length * 2);
                }
                int n = in.read(buffer, length, buffer.length - length);
                if (n < 0) {
                    endOfInput = true;
                    break;
                }
                for (int i = length; i < length + n && newlines < lines; i++) {
                    if (buffer[i] == '\n') {
                        newlines++;
                        end = i + 1;
                    }
                }
                length += n;
            }
        } catch (IOException e) {
            throw readFailure(e, 0);
        }
        return new Sample(Arrays.copyOf(buffer, length), endOfInput ? length : end);
    }

    /** The schema of the first {@code sampleLines} rows of {@code sample}: the fields in order of first appearance. */
    private static Schema infer(JsonFactory factory, Sample sample, NdjsonReadOptions options) {
        Inferred rows = Inferred.row(options.inferTimestamps(), options.limits().maxFields());
        long lastEndLine = 0;
        JsonParser p = parser(factory, sample.bytes(), sample.end(), options.limits());
        try (p) {
            for (int n = 0; n < options.sampleLines(); n++) {
                JsonToken t = p.nextToken();
                if (t == null) {
                    break;
                }
                startRow(p, t, lastEndLine);
                rows.observeMembers(p);
                lastEndLine = p.currentLocation().getLineNr();
            }
        } catch (JsonEOFException e) {
            // The sample ends inside a row that the lines after it complete; the rows before it decide.
        } catch (JsonProcessingException e) {
            throw parseFailure(e, p);
        } catch (IOException e) {
            throw new NdjsonException(0, "", "cannot read the input: " + e, e);
        }
        return new Schema(rows.fields());
    }

    /** Closes the input. */
    @Override
    public void close() {
        done = true;
        closeParallel();
        try {
            if (parser != null) {
                parser.close();
            }
            source.close();
        } catch (IOException e) {
            throw new NdjsonException(0, "", "cannot close the input: " + e, e);
        }
    }

    private static void closeQuietly(InputStream in, RuntimeException failure) {
        try {
            in.close();
        } catch (IOException e) {
            failure.addSuppressed(e);
        }
    }
}
