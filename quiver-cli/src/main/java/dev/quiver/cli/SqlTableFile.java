// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.cli.io.Formats;
import dev.quiver.cli.io.Inputs;
import dev.quiver.core.QuiverException;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.validation.ValidationLevel;
import dev.quiver.duckdb.ParallelReader;
import dev.quiver.duckdb.ProjectingSource;
import dev.quiver.io.ArrowFormat;
import dev.quiver.ipc.IpcFileReader;
import dev.quiver.ipc.IpcReadOptions;
import dev.quiver.ipc.IpcStreamReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A file registered as a table of {@code quiver sql}: a new reader for each scan DuckDB makes of it. An
 * Arrow file is memory-mapped anew by each scan (zero-copy: only the pages of the columns a scan uses are
 * read), and each batch's columns asked for are copied out of the mapping (one bulk copy per buffer) into
 * memory this process owns, then validated there and handed to DuckDB: no native code ever reads the
 * mapping, so a file truncated by another process under a scan is a fault in the JVM's copy (an
 * {@link InternalError} it reports), never a SIGBUS in DuckDB that kills the JVM. Arrow streams are read
 * through a {@code FileChannel} with positional reads (whole, once, up to {@link #WHOLE_LIMIT}; else batch
 * by batch). The file's size and modification time are taken when it is registered and compared when each
 * scan opens it, when a scan reaches its end and when a read fails: a file that changed during the query
 * is one error naming it (never a query over part of it).
 */
final class SqlTableFile implements ProjectingSource {
    /**
     * Arrow streams up to this size (1 GiB, or the system property {@code quiver.sql.wholeFileLimit}) are
     * read whole, once, and scanned in place from there; larger ones are read batch by batch by each scan
     * (which costs about 1.6 times the time of a group-by, as each batch is copied while DuckDB waits for
     * it). Arrow files are mapped instead, whatever their size.
     */
    static final long WHOLE_LIMIT = Long.getLong("quiver.sql.wholeFileLimit", 1L << 30);

    private final Path file;
    private final ArrowFormat format;
    private final Stamp registered;
    private MemorySegment bytes;

    /** Size and modification time of the file. */
    private record Stamp(long size, FileTime modified) {
        static Stamp of(Path file) throws IOException {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
            return new Stamp(a.size(), a.lastModifiedTime());
        }

        @Override
        public String toString() {
            return size + " bytes, modified " + modified;
        }
    }

    private SqlTableFile(Path file, ArrowFormat format, Stamp registered) {
        this.file = file;
        this.format = format;
        this.registered = registered;
    }

    /**
     * A table file, its format known by its content or name.
     *
     * @param file the file
     * @return its source of readers
     * @throws IOException if it cannot be read
     */
    static SqlTableFile of(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new CliException(Files.exists(file) ? "not a regular file: " + file : "no such file: " + file);
        }
        return new SqlTableFile(file, Formats.ofInput(file), Stamp.of(file));
    }

    /** A reader of every column from the file's start, each batch fully validated. */
    @Override
    public RecordBatchReader get() {
        RecordBatchReader reader = open();
        int[] all = new int[reader.schema().fields().size()];
        for (int i = 0; i < all.length; i++) {
            all[i] = i;
        }
        return new Checked(reader, all, reader.schema());
    }

    /**
     * A reader of some columns from the file's start, for one scan: only the columns asked for are
     * validated, in full (buffer bounds, offsets, UTF-8, dictionary indices), which is all DuckDB reads. An
     * Arrow stream is read with its structure validated; a mapped Arrow file's batches are validated once
     * copied out of the mapping (so that Java code reads the mapping only through bulk copies).
     */
    @Override
    public RecordBatchReader open(int[] columns) {
        RecordBatchReader reader = open();
        return new Checked(reader, columns.clone(), Checked.selected(reader.schema(), columns));
    }

    private RecordBatchReader open() {
        checkUnchanged(null);
        IpcReadOptions options = IpcReadOptions.DEFAULT.withValidation(ValidationLevel.STRUCTURE);
        try {
            return switch (format) {
                case FILE -> IpcFileReader.map(file, IpcReadOptions.DEFAULT.withValidation(ValidationLevel.NONE));
                case STREAM -> registered.size() <= WHOLE_LIMIT ? IpcStreamReader.open(whole(), options)
                        : IpcStreamReader.open(file, options);
                default -> Inputs.open(file);
            };
        } catch (IOException e) {
            throw checkUnchanged(new UncheckedIOException(e));
        } catch (RuntimeException e) {
            throw checkUnchanged(e);
        }
    }

    /**
     * The whole file, read once (positional reads into memory of this process, freed when the table is
     * unreachable); a file that ends early or changes meanwhile is the error of a changed file.
     */
    private synchronized MemorySegment whole() throws IOException {
        if (bytes == null) {
            MemorySegment target = Arena.ofAuto().allocate(registered.size(), 64);
            try (FileChannel channel = FileChannel.open(file)) {
                for (long at = 0; at < target.byteSize();) {
                    long n = Math.min(1L << 30, target.byteSize() - at);
                    int read = channel.read(target.asSlice(at, n).asByteBuffer(), at);
                    if (read < 0) {
                        throw checkUnchanged(new QuiverException(file + " ended at byte " + at + " while read"));
                    }
                    at += read;
                }
            }
            checkUnchanged(null);
            bytes = target;
        }
        return bytes;
    }

    /**
     * Throws the error of a file that changed since it was registered (with {@code failure} as its cause);
     * otherwise returns {@code failure}.
     */
    private RuntimeException checkUnchanged(RuntimeException failure) {
        Stamp now;
        try {
            now = Stamp.of(file);
        } catch (IOException e) {
            QuiverException gone = new QuiverException(file + " changed during the query: it cannot be read any "
                    + "more (" + e + ")", failure);
            throw gone;
        }
        if (!now.equals(registered)) {
            throw new QuiverException(file + " changed during the query (" + registered + " when registered; now "
                    + now + "): another process wrote it; run the query again", failure);
        }
        return failure;
    }

    /**
     * A scan's reader: a read that fails or ends checks that the file has not changed. Each batch has the
     * columns asked for only, copied out of the reader's memory (a mapping) and validated in full by the scan
     * thread that took it, while the scan's other threads take and finish the next ones.
     */
    private final class Checked implements ParallelReader {
        private final RecordBatchReader reader;
        private final int[] columns;
        private final Schema schema;
        /** Whether the batches lie in a mapping of the file, and so are copied out of it. */
        private final boolean mapped;
        /** The dictionaries copied so far, by the reader's: each is copied once per scan. */
        private final Map<ArrayData, ArrayData> dictionaries = new IdentityHashMap<>();

        Checked(RecordBatchReader reader, int[] columns, Schema schema) {
            this.reader = reader;
            this.mapped = format == ArrowFormat.FILE;
            this.columns = columns;
            this.schema = schema;
        }

        private static Schema selected(Schema all, int[] columns) {
            List<Field> fields = new ArrayList<>(columns.length);
            for (int i : columns) {
                fields.add(all.field(i));
            }
            return new Schema(fields);
        }

        @Override
        public Schema schema() {
            return schema;
        }

        /**
         * The next batch as the mapping (or the stream's memory) has it, taken in turn; its copy and
         * validation are left to the caller's thread, so the threads of a scan do theirs in parallel.
         */
        @Override
        public Optional<Supplier<RecordBatch>> take() {
            Optional<RecordBatch> next;
            try {
                next = reader.readNext();
            } catch (RuntimeException e) {
                throw checkUnchanged(e);
            }
            if (next.isEmpty()) {
                checkUnchanged(null);
                return Optional.empty();
            }
            RecordBatch taken = next.get();
            return Optional.of(() -> finish(taken));
        }

        /** A batch's columns asked for, copied out of a mapping, validated in full. */
        private RecordBatch finish(RecordBatch taken) {
            RecordBatch batch;
            try {
                batch = mapped ? owned(taken.select(columns)) : taken.select(columns);
            } catch (InternalError e) {
                throw checkUnchanged(new QuiverException(file + ": a fault reading its mapping (" + e.getMessage()
                        + ")", e));
            }
            try {
                batch.validate(ValidationLevel.FULL);
            } catch (RuntimeException e) {
                throw checkUnchanged(e);
            }
            return batch;
        }

        /** The batch with its columns copied into memory of this process. */
        private RecordBatch owned(RecordBatch batch) {
            List<Array> copies = new ArrayList<>(batch.columnCount());
            for (Array column : batch.columns()) {
                copies.add(Array.ofUnchecked(owned(column.data())));
            }
            return new RecordBatch(batch.schema(), copies, batch.rowCount());
        }

        /**
         * The data with each buffer copied in bulk (the JVM's copy, which reports a fault on a vanished
         * page of the mapping as an {@link InternalError}); a dictionary once per scan.
         */
        private ArrayData owned(ArrayData data) {
            List<ArrowBuffer> buffers = new ArrayList<>(data.bufferCount());
            for (ArrowBuffer buffer : data.buffers()) {
                buffers.add(buffer == null ? null : owned(buffer));
            }
            List<ArrayData> children = new ArrayList<>(data.children().size());
            for (ArrayData child : data.children()) {
                children.add(owned(child));
            }
            ArrayData dictionary = data.dictionary() == null ? null : ownedDictionary(data.dictionary());
            // the null count is counted on the copy (the file's claim is not taken, nor the mapping read)
            return new ArrayData(data.type(), data.length(), data.offset(), ArrayData.UNKNOWN_NULL_COUNT, buffers,
                    children, dictionary);
        }

        /** A dictionary's copy, made once per scan (by the first of the scan's threads to need it). */
        private ArrayData ownedDictionary(ArrayData dictionary) {
            synchronized (dictionaries) {
                ArrayData copy = dictionaries.get(dictionary);
                if (copy == null) {
                    copy = owned(dictionary);
                    dictionaries.put(dictionary, copy);
                }
                return copy;
            }
        }

        private static ArrowBuffer owned(ArrowBuffer buffer) {
            if (buffer.byteSize() == 0) {
                return buffer;
            }
            ArrowBuffer copy = BufferAllocator.managed().allocateForOverwrite(buffer.byteSize());
            MemorySegment.copy(buffer.segment(), 0, copy.segment(), 0, buffer.byteSize());
            return copy;
        }

        @Override
        public void close() {
            reader.close();
        }
    }
}
