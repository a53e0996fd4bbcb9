// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.cli.io.Formats;
import dev.quiver.cli.io.Inputs;
import dev.quiver.core.QuiverException;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.validation.ValidationLevel;
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
import java.util.List;
import java.util.Optional;

/**
 * A file registered as a table of {@code quiver sql}: a new reader for each scan DuckDB makes of it. Arrow
 * files and streams are read through a {@code FileChannel} with positional reads into memory this process
 * owns (whole, once, up to {@link #WHOLE_LIMIT}; else batch by batch), never mapped: a file mapped and
 * truncated by another process under DuckDB's Arrow scan kills the JVM with SIGBUS, a read past the new end
 * is only a short read. The file's size and modification time are
 * taken when it is registered and compared when each scan opens it, when a scan reaches its end and when a
 * read fails: a file that changed during the query is one error naming it (never a query over part of it).
 */
final class SqlTableFile implements ProjectingSource {
    /**
     * Arrow files and streams up to this size (1 GiB, or the system property
     * {@code quiver.sql.wholeFileLimit}) are read whole, once, and scanned in place from there; larger
     * ones are read batch by batch by each scan (which costs about 1.6 times the time of a group-by, as
     * each batch is copied while DuckDB waits for it).
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
        return new Checked(open(IpcReadOptions.DEFAULT), null);
    }

    /**
     * A reader of some columns from the file's start, for one scan: Arrow batches are read with their
     * structure validated (buffer bounds, child counts, the ends of offsets) and only the columns asked for
     * validated value by value (offsets, UTF-8, dictionary indices), which is all DuckDB reads.
     */
    @Override
    public RecordBatchReader open(int[] columns) {
        return new Checked(open(IpcReadOptions.DEFAULT.withValidation(ValidationLevel.STRUCTURE)), columns.clone());
    }

    private RecordBatchReader open(IpcReadOptions options) {
        checkUnchanged(null);
        try {
            return switch (format) {
                case FILE -> registered.size() <= WHOLE_LIMIT ? IpcFileReader.open(whole(), options)
                        : IpcFileReader.open(file, options);
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
     * A scan's reader: a read that fails or ends checks that the file has not changed. With columns, each
     * batch has those columns only, each validated in full.
     */
    private final class Checked implements RecordBatchReader {
        private final RecordBatchReader reader;
        private final int[] columns;
        private final Schema schema;

        Checked(RecordBatchReader reader, int[] columns) {
            this.reader = reader;
            this.columns = columns;
            this.schema = columns == null ? reader.schema() : selected(reader.schema(), columns);
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

        @Override
        public Optional<RecordBatch> readNext() {
            Optional<RecordBatch> next;
            try {
                next = reader.readNext();
            } catch (RuntimeException e) {
                throw checkUnchanged(e);
            }
            if (next.isEmpty()) {
                checkUnchanged(null);
                return next;
            }
            if (columns == null) {
                return next;
            }
            RecordBatch batch = next.get().select(columns);
            try {
                batch.validate(ValidationLevel.FULL);
            } catch (RuntimeException e) {
                throw checkUnchanged(e);
            }
            return Optional.of(batch);
        }

        @Override
        public void close() {
            reader.close();
        }
    }
}
