// SPDX-License-Identifier: Apache-2.0
package dev.quiver.dataset;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.hash.KeyGrouper;
import dev.quiver.compute.selection.Selection;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.Int64Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.RecordBatchWriter;
import dev.quiver.core.batch.Table;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.io.Arrow;
import dev.quiver.io.ArrowFormat;
import dev.quiver.parquet.ParquetWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Writes batches as a dataset: a directory of files of one format, partitioned by the values of some
 * columns into hive ({@code year=2024/region=eu/part-0.arrow}) or directory ({@code 2024/eu/part-0.arrow})
 * directories, as pyarrow.dataset and Spark write them.
 *
 * <pre>{@code
 * List<WrittenFile> files = DatasetWriter.write(table, Path.of("out"),
 *         DatasetWriteOptions.DEFAULT.withPartitionBy(Partitioning.Scheme.HIVE, "year", "region"));
 * }</pre>
 *
 * <p>The partition columns are not written into the files: their values are in the directory names
 * (URL-encoded for hive, a null as {@value Partitioning#HIVE_NULL}). Each file appears whole or not at
 * all; a write that fails leaves the files it finished, each whole, and none half-written.
 */
public final class DatasetWriter {
    private final Path root;
    private final DatasetWriteOptions options;
    private final Schema fileSchema;
    private final int[] keyColumns;
    private final int[] fileColumns;
    private final Map<String, PartitionFile> open = new LinkedHashMap<>();
    private final Map<String, Integer> counters = new LinkedHashMap<>();
    private final Set<String> touched = new HashSet<>();
    private final List<WrittenFile> written = new ArrayList<>();
    /** Each partition's directory, by its group id in {@link #grouper}. */
    private final List<String> directories = new ArrayList<>();
    private KeyGrouper grouper;

    private DatasetWriter(Path root, Schema schema, DatasetWriteOptions options) {
        this.root = root;
        this.options = options;
        this.keyColumns = new int[options.partitionBy().size()];
        for (int k = 0; k < keyColumns.length; k++) {
            String name = options.partitionBy().get(k);
            keyColumns[k] = schema.indexOf(name);
            if (keyColumns[k] < 0) {
                throw new DatasetException("no partition column " + name + " (columns: " + schema.names() + ")");
            }
        }
        List<Field> fields = new ArrayList<>();
        List<Integer> kept = new ArrayList<>();
        for (int c = 0; c < schema.fields().size(); c++) {
            if (!options.partitionBy().contains(schema.field(c).name())) {
                fields.add(schema.field(c));
                kept.add(c);
            }
        }
        this.fileSchema = new Schema(fields, schema.metadata(), schema.endianness());
        this.fileColumns = kept.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * Writes a table as a dataset.
     *
     * @param table the rows
     * @param root the dataset's directory, made if missing
     * @param options format, partitioning, limits and what to do with existing files
     * @return the files written, in the order they were finished
     * @throws DatasetException if a partition column is missing, the directory holds files and
     *     {@link ExistingData#ERROR} was asked, or a directory partition value is null
     */
    public static List<WrittenFile> write(Table table, Path root, DatasetWriteOptions options) {
        return write(table.reader(), root, options);
    }

    /**
     * Writes batches as a dataset.
     *
     * @param input the batches, read to their end (not closed)
     * @param root the dataset's directory, made if missing
     * @param options format, partitioning, limits and what to do with existing files
     * @return the files written, in the order they were finished
     * @throws DatasetException if a partition column is missing, the directory holds files and
     *     {@link ExistingData#ERROR} was asked, or a directory partition value is null
     */
    public static List<WrittenFile> write(RecordBatchReader input, Path root, DatasetWriteOptions options) {
        DatasetWriter writer = new DatasetWriter(root, input.schema(), options);
        writer.prepare();
        try {
            for (RecordBatch batch : input) {
                writer.add(batch);
            }
        } catch (RuntimeException e) {
            try {
                writer.finishAll();
            } catch (RuntimeException alsoFailed) {
                e.addSuppressed(alsoFailed);
            }
            throw e;
        } finally {
            if (writer.grouper != null) {
                writer.grouper.close();
            }
        }
        writer.finishAll();
        return List.copyOf(writer.written);
    }

    private void prepare() {
        try {
            if (Files.exists(root) && !Files.isDirectory(root)) {
                throw new DatasetException("the dataset's directory " + root + " is a file");
            }
            if (Files.isDirectory(root)) {
                switch (options.existing()) {
                    case ERROR -> {
                        try (Stream<Path> files = Files.walk(root)) {
                            if (files.anyMatch(Files::isRegularFile)) {
                                throw new DatasetException("the directory " + root + " already holds files"
                                        + " (choose overwrite, delete-matching or overwrite-or-ignore)");
                            }
                        }
                    }
                    case OVERWRITE -> deleteBelow(root);
                    case DELETE_MATCHING, OVERWRITE_OR_IGNORE -> {
                    }
                }
            }
            Files.createDirectories(root);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare " + root, e);
        }
    }

    private void add(RecordBatch batch) {
        RecordBatch fileBatch = batch.select(fileColumns);
        if (keyColumns.length == 0) {
            append("", fileBatch);
            return;
        }
        long n = batch.rowCount();
        int[] ids = groupIds(batch);
        // A counting sort of the rows by group: each group's row numbers, in row order, one after another.
        int groups = directories.size();
        long[] starts = new long[groups + 1];
        for (long row = 0; row < n; row++) {
            starts[ids[(int) row] + 1]++;
        }
        int present = 0;
        for (int g = 0; g < groups; g++) {
            present += starts[g + 1] > 0 ? 1 : 0;
            starts[g + 1] += starts[g];
        }
        if (present == 1) {
            append(directories.get(ids[0]), fileBatch);
            return;
        }
        ArrowBuffer positions = options.write().allocator().allocateForOverwrite(n * Long.BYTES);
        MemorySegment out = positions.segment();
        long[] next = Arrays.copyOf(starts, groups);
        for (long row = 0; row < n; row++) {
            out.setAtIndex(LittleEndian.LONG, next[ids[(int) row]]++, row);
        }
        Int64Array sorted = Int64Array.ofUnchecked(ArrayData.of(ArrowType.INT64, n, Arrays.asList(null,
                positions), List.of()));
        // The groups in the order their first row comes in this batch, as the rows were read.
        boolean[] done = new boolean[groups];
        for (long row = 0; row < n; row++) {
            int g = ids[(int) row];
            if (!done[g]) {
                done[g] = true;
                Array indices = sorted.slice(starts[g], starts[g + 1] - starts[g]);
                append(directories.get(g), Selection.take(fileBatch, indices));
            }
        }
    }

    /**
     * Each row's partition (the key columns hashed and grouped on quiver-compute's {@link KeyGrouper}); a
     * partition met for the first time gets its directory, from its first row.
     */
    private int[] groupIds(RecordBatch batch) {
        long n = batch.rowCount();
        if (n > Integer.MAX_VALUE - 8) {
            throw new DatasetException("a batch of " + n + " rows is too long to partition (at most 2^31 - 9)");
        }
        List<ArrayData> keys = new ArrayList<>(keyColumns.length);
        for (int column : keyColumns) {
            keys.add(batch.column(column).data());
        }
        if (grouper == null) {
            List<ArrowType> types = new ArrayList<>();
            keys.forEach(k -> types.add(k.type()));
            grouper = new KeyGrouper(types, options.write().allocator());
        }
        int[] ids = new int[(int) n];
        try {
            grouper.assign(keys, 0, ids.length, ids);
        } catch (ComputeException e) {
            throw new DatasetException("cannot partition by " + options.partitionBy() + ": " + e.getMessage(), e);
        }
        for (int row = 0; row < ids.length; row++) {
            if (ids[row] == directories.size()) {
                directories.add(directory(batch, row));
            }
        }
        return ids;
    }

    private String directory(RecordBatch batch, long row) {
        StringBuilder path = new StringBuilder();
        for (int k = 0; k < keyColumns.length; k++) {
            Object value = batch.column(keyColumns[k]).getObject(row);
            String name = options.partitionBy().get(k);
            if (k > 0) {
                path.append('/');
            }
            if (options.partitioning() == Partitioning.Scheme.HIVE) {
                path.append(encode(name)).append('=').append(value == null ? Partitioning.HIVE_NULL : encode(value.toString()));
            } else {
                if (value == null) {
                    throw new DatasetException("partition column " + name + " is null at row " + row
                            + ": directory partitioning has no name for null (hive has)");
                }
                path.append(encode(value.toString()));
            }
        }
        return path.toString();
    }

    /** Percent-encodes a directory name as a URI path segment (a space is {@code %20}, not {@code +}). */
    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private void append(String directory, RecordBatch batch) {
        long done = 0;
        while (done < batch.rowCount()) {
            PartitionFile file = open.remove(directory);
            if (file == null) {
                file = start(directory);
            }
            open.put(directory, file);
            long room = options.maxRowsPerFile() - file.rows;
            long take = Math.min(Math.min(room, batch.rowCount() - done), options.maxRowsPerBatch());
            RecordBatch part = take == batch.rowCount() ? batch : batch.slice(done, take);
            file.writer.write(part);
            file.rows += take;
            done += take;
            if (file.rows >= options.maxRowsPerFile()) {
                finish(directory);
            }
        }
        while (open.size() > options.maxOpenFiles()) {
            finish(open.keySet().iterator().next());
        }
    }

    private PartitionFile start(String directory) {
        Path dir = directory.isEmpty() ? root : root.resolve(directory);
        try {
            Files.createDirectories(dir);
            if (options.existing() == ExistingData.DELETE_MATCHING && touched.add(directory)) {
                try (Stream<Path> files = Files.list(dir)) {
                    for (Path file : files.filter(Files::isRegularFile).toList()) {
                        Files.delete(file);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare " + dir, e);
        }
        int i = counters.merge(directory, 1, Integer::sum) - 1;
        Path path = dir.resolve(options.template().replace("{i}", Integer.toString(i)));
        RecordBatchWriter writer = options.format() == ArrowFormat.PARQUET && options.parquet() != null
                ? ParquetWriter.open(path, fileSchema, options.parquet())
                : Arrow.writer(path, fileSchema, options.write().withFormat(options.format()));
        return new PartitionFile(path, writer);
    }

    private void finish(String directory) {
        PartitionFile file = open.remove(directory);
        file.writer.close();
        written.add(new WrittenFile(file.path, file.rows));
    }

    private void finishAll() {
        RuntimeException failure = null;
        for (String directory : List.copyOf(open.keySet())) {
            try {
                finish(directory);
            } catch (RuntimeException e) {
                if (failure == null) {
                    failure = e;
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    private static void deleteBelow(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
                if (!path.equals(root)) {
                    Files.delete(path);
                }
            }
        }
    }

    /** A partition's open file. */
    private static final class PartitionFile {
        final Path path;
        final RecordBatchWriter writer;
        long rows;

        PartitionFile(Path path, RecordBatchWriter writer) {
            this.path = path;
            this.writer = writer;
        }
    }
}
