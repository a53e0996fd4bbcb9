// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.expr.BoundExpression;
import dev.quiver.compute.expr.Expression;
import dev.quiver.core.QuiverException;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.BooleanArray;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.builder.Builders;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.dataset.Dataset;
import dev.quiver.dataset.DatasetException;
import dev.quiver.dataset.DatasetOptions;
import dev.quiver.dataset.Partitioning;
import dev.quiver.io.ArrowFormat;
import dev.quiver.ipc.IpcFileReader;
import dev.quiver.ipc.IpcStreamReader;
import dev.quiver.parquet.ParquetFile;
import dev.quiver.parquet.ParquetPredicate;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Files of Arrow IPC (files and streams) and Parquet as one dataset: the files named, and the files under
 * the directories named (at any depth, in path order, leaving out names starting with {@code _} or
 * {@code .}, as Spark's own sources do), listed through quiver-dataset with its partitioning (hive by
 * default: {@code key=value} directories give columns after the files' own). An Arrow file is split into
 * fragments of about the bytes of a split of Spark's own file sources ({@link SplitSizing}), or of
 * {@code batchesPerPartition} record batches where that option is given; a Parquet file into fragments of
 * {@code rowGroupsPerPartition} row groups; a stream, which can only be read from its start, is one
 * fragment. Every file must have the same columns.
 *
 * <p>Pushdown: predicates on partition keys alone decide exactly which files are read (and Spark does not
 * evaluate them again); predicates on a Parquet file's columns skip the row groups (and pages) whose
 * statistics rule them out, and Spark still filters the rows read.
 */
final class FileFragmentSource implements FragmentSource {
    /** The option of the files' format: {@code arrow} or {@code parquet}; by default from their names. */
    static final String FORMAT = "format";
    /** The option of the partitioning: {@code hive} (the default), {@code dir:KEY[,KEY...]} or {@code none}. */
    static final String PARTITIONING = "partitioning";
    /** The option of the record batches of an Arrow file one task reads (by default: by bytes). */
    static final String BATCHES_PER_PARTITION = "batchesPerPartition";
    /** The option of the row groups of a Parquet file one task reads. */
    static final String ROW_GROUPS_PER_PARTITION = "rowGroupsPerPartition";

    /** How a file is read. */
    private enum Kind {
        ARROW_FILE, ARROW_STREAM, PARQUET
    }

    /**
     * One file: where, how it is read, how many batches or row groups it holds, and its partition values.
     *
     * @param path the file
     * @param kind its format
     * @param parts its record batches (Arrow file) or row groups (Parquet); 1 for a stream
     * @param keys its partition values as quiver-dataset types them (null where a file has none)
     * @param bytes its size
     */
    private record FileEntry(Path path, Kind kind, int parts, List<Object> keys, long bytes) {
    }

    private final Schema schema;
    private final List<Field> keys;
    private final List<FileEntry> files;
    /** The batches of an Arrow file per fragment as the option gives them, or 0: by bytes. */
    private final int batchesPerFragment;
    private final int rowGroupsPerFragment;

    /**
     * Lists the files and reads their schemas and batch or row group counts.
     *
     * @param paths the files and directories
     * @param options the source's options ({@link #FORMAT}, {@link #PARTITIONING}, {@link #BATCHES_PER_PARTITION},
     *     {@link #ROW_GROUPS_PER_PARTITION}), looked up in lower case
     * @param settings how to read the files' schemas
     * @throws QuiverSparkException if a path is missing, holds no data of these formats, an option is not valid,
     *     or the files' columns differ
     */
    FileFragmentSource(List<Path> paths, Map<String, String> options, ReadSettings settings) {
        this.batchesPerFragment = positive(options, BATCHES_PER_PARTITION, 0);
        this.rowGroupsPerFragment = positive(options, ROW_GROUPS_PER_PARTITION, 1);
        String format = options.get(FORMAT) == null ? null : options.get(FORMAT).strip().toLowerCase(Locale.ROOT);
        if (format != null && !format.equals("arrow") && !format.equals("parquet")) {
            throw new QuiverSparkException("option " + FORMAT + " is arrow or parquet, not " + format);
        }
        Dataset dataset = list(paths, partitioning(options));
        List<FileEntry> entries = new ArrayList<>();
        Schema first = null;
        Path firstFile = null;
        for (dev.quiver.dataset.Fragment fragment : dataset.fragments()) {
            Path file = fragment.path();
            Kind kind = kindOf(file, format);
            Schema fileSchema;
            int parts;
            try {
                switch (kind) {
                    case ARROW_FILE -> {
                        try (IpcFileReader reader = IpcFileReader.map(file, settings.ipcOptions())) {
                            fileSchema = reader.schema();
                            parts = reader.batchCount();
                        }
                    }
                    case ARROW_STREAM -> {
                        try (IpcStreamReader reader = IpcStreamReader.open(file, settings.ipcOptions())) {
                            fileSchema = reader.schema();
                            parts = 1;
                        }
                    }
                    default -> {
                        try (ParquetFile parquet = ParquetFile.open(file)) {
                            fileSchema = parquet.schema();
                            parts = parquet.rowGroupCount();
                        }
                    }
                }
            } catch (QuiverException e) {
                if (e instanceof QuiverSparkException) {
                    throw e;
                }
                throw new QuiverSparkException(file + " is not " + (kind == Kind.PARQUET ? "Parquet" : "Arrow IPC")
                        + " data: " + e.getMessage(), e);
            }
            if (first == null) {
                first = fileSchema;
                firstFile = file;
            } else if (!first.equalsIgnoringDictionaryIds(fileSchema)) {
                throw new QuiverSparkException("file " + file + " has another schema than " + firstFile + ": "
                        + first.differenceIgnoringDictionaryIds(fileSchema).orElse(""));
            }
            entries.add(new FileEntry(file, kind, parts, new ArrayList<>(fragment.partition().values()),
                    size(file)));
        }
        this.keys = dataset.partitionKeys();
        List<Field> fields = new ArrayList<>(first.fields());
        for (Field key : keys) {
            if (first.indexOf(key.name()) >= 0) {
                throw new QuiverSparkException("partition key " + key.name() + " (from the directories of "
                        + dataset.root() + ") is also a column of the files; option " + PARTITIONING
                        + " \"none\" reads the directories as plain files");
            }
            fields.add(key);
        }
        this.schema = new Schema(fields, first.metadata(), first.endianness());
        this.files = List.copyOf(entries);
    }

    private static int positive(Map<String, String> options, String name, int fallback) {
        String text = options.get(name);
        if (text == null) {
            return fallback;
        }
        int value;
        try {
            value = Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new QuiverSparkException("option " + name + " must be a whole number, not " + text);
        }
        if (value < 1) {
            throw new QuiverSparkException("option " + name + " must be at least 1, not " + value);
        }
        return value;
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new QuiverSparkException("cannot read the size of " + file + ": " + e.getMessage(), e);
        }
    }

    private static Partitioning partitioning(Map<String, String> options) {
        String text = options.getOrDefault(PARTITIONING, "hive");
        try {
            return Partitioning.parse(text);
        } catch (DatasetException e) {
            throw new QuiverSparkException("option " + PARTITIONING + ": " + e.getMessage(), e);
        }
    }

    /**
     * The files as a dataset of quiver-dataset: its listing and partition keys (the files' schemas are read
     * here, one by one, so the dataset is given an empty one).
     */
    private static Dataset list(List<Path> paths, Partitioning partitioning) {
        for (Path path : paths) {
            if (!Files.exists(path)) {
                throw new QuiverSparkException("path " + path + " does not exist");
            }
        }
        DatasetOptions options = DatasetOptions.DEFAULT.withFormat(ArrowFormat.FILE).withPartitioning(partitioning)
                .withSchema(new Schema(List.of()));
        try {
            if (paths.size() == 1) {
                return Dataset.open(paths.getFirst(), options);
            }
            // Several paths have no one root to read partition directories below: none are read.
            List<Path> files = new ArrayList<>();
            for (Path path : paths) {
                files.addAll(filesUnder(path));
            }
            return Dataset.of(files, null, options);
        } catch (DatasetException | UncheckedIOException e) {
            throw new QuiverSparkException("no Arrow or Parquet files in " + paths + ": " + e.getMessage(), e);
        }
    }

    private static List<Path> filesUnder(Path path) {
        if (!Files.isDirectory(path)) {
            return List.of(path);
        }
        try (Stream<Path> tree = Files.walk(path)) {
            return tree.filter(Files::isRegularFile)
                    .filter(p -> !hidden(path.relativize(p)))
                    .sorted()
                    .toList();
        } catch (IOException | UncheckedIOException e) {
            throw new QuiverSparkException("cannot list " + path + ": " + e.getMessage(), e);
        }
    }

    /** Whether a name of the relative path starts with {@code _} or {@code .} (Spark's hidden files). */
    private static boolean hidden(Path relative) {
        for (Path name : relative) {
            String s = name.toString();
            if (s.startsWith("_") || s.startsWith(".")) {
                return true;
            }
        }
        return false;
    }

    /**
     * How a file is read: as the option says, else as its name says ({@code .parquet}, {@code .parq}; other
     * names are Arrow IPC), else by its first bytes; an Arrow IPC file is a file if it starts with the magic
     * {@code ARROW1}, else a stream.
     */
    private static Kind kindOf(Path file, String format) {
        boolean parquet;
        if (format != null) {
            parquet = format.equals("parquet");
        } else {
            ArrowFormat named = ArrowFormat.byName(file);
            if (named != null && !named.isArrow() && named != ArrowFormat.PARQUET) {
                throw new QuiverSparkException("file " + file + " is named as " + named.label() + ": the arrow "
                        + "source reads Arrow IPC and Parquet files (option " + FORMAT + " arrow|parquet to read it "
                        + "as one)");
            }
            parquet = named == ArrowFormat.PARQUET || named == null && contentIsParquet(file);
        }
        if (parquet) {
            return Kind.PARQUET;
        }
        try {
            return IpcFileReader.startsWithMagic(file) ? Kind.ARROW_FILE : Kind.ARROW_STREAM;
        } catch (IOException e) {
            throw new QuiverSparkException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    private static boolean contentIsParquet(Path file) {
        try {
            return ArrowFormat.of(file) == ArrowFormat.PARQUET;
        } catch (QuiverException | UncheckedIOException e) {
            return false;
        }
    }

    @Override
    public Schema schema() {
        return schema;
    }

    @Override
    public List<String> partitionKeys() {
        return keys.stream().map(Field::name).toList();
    }

    /**
     * {@inheritDoc} Predicates on partition keys alone that translate whole into quiver-compute expressions are
     * taken and decided here, once per file. Predicates that a Parquet file's statistics can use are taken as
     * well, and given back, since a row group read still holds rows they reject.
     */
    @Override
    public Pushdown push(Predicate[] predicates) {
        StructType spark = SparkSchemas.toSpark(schema);
        Map<String, DataType> keyTypes = new HashMap<>();
        for (Field key : keys) {
            keyTypes.put(key.name(), spark.apply(key.name()).dataType());
        }
        boolean anyParquet = files.stream().anyMatch(f -> f.kind() == Kind.PARQUET);
        Schema fileColumns = new Schema(schema.fields().subList(0, schema.fields().size() - keys.size()));
        List<Predicate> pushed = new ArrayList<>();
        List<Predicate> postScan = new ArrayList<>();
        List<Predicate> statistics = new ArrayList<>();
        Expression keyFilter = null;
        for (Predicate p : predicates) {
            Expression onKeys = keyTypes.keySet().containsAll(SparkPredicates.columns(p))
                    && !SparkPredicates.columns(p).isEmpty() ? SparkPredicates.toExpression(p, keyTypes) : null;
            if (onKeys != null) {
                keyFilter = keyFilter == null ? onKeys : Expression.call("and_kleene", keyFilter, onKeys);
                pushed.add(p);
            } else if (anyParquet && SparkPredicates.toParquet(p, fileColumns) != null) {
                statistics.add(p);
                pushed.add(p);
                postScan.add(p);
            } else {
                postScan.add(p);
            }
        }
        return new Pushdown(pushed.toArray(Predicate[]::new), postScan.toArray(Predicate[]::new), keyFilter,
                statistics.toArray(Predicate[]::new));
    }

    @Override
    public ScanPlan plan(Pushdown pushdown) {
        boolean[] keep = matching(pushdown.keyFilter());
        List<Fragment> planned = new ArrayList<>();
        int pruned = 0;
        long rowGroups = 0;
        long rowGroupsRead = 0;
        long maxSplitBytes = maxSplitBytes(keep);
        for (int i = 0; i < files.size(); i++) {
            FileEntry file = files.get(i);
            if (!keep[i]) {
                pruned++;
                continue;
            }
            Object[] values = sparkValues(file.keys());
            String path = file.path().toString();
            switch (file.kind()) {
                case ARROW_FILE -> {
                    int per = batchesPerFragment > 0 ? batchesPerFragment
                            : SplitSizing.batchesPerSplit(file.bytes(), file.parts(), maxSplitBytes);
                    for (int start = 0; start < file.parts(); start += per) {
                        planned.add(new IpcFragment(path, true, start, Math.min(file.parts(), start + per), values));
                    }
                }
                case ARROW_STREAM -> planned.add(new IpcFragment(path, false, 0, Integer.MAX_VALUE, values));
                case PARQUET -> {
                    int[] groups = rowGroups(file, pushdown.statistics());
                    rowGroups += file.parts();
                    rowGroupsRead += groups.length;
                    for (int start = 0; start < groups.length; start += rowGroupsPerFragment) {
                        planned.add(new ParquetFragment(path, Arrays.copyOfRange(groups, start,
                                Math.min(groups.length, start + rowGroupsPerFragment)), values, pushdown.statistics()));
                    }
                }
            }
        }
        return new ScanPlan(planned, files.size(), pruned, rowGroups, rowGroupsRead);
    }

    /** The most bytes of an Arrow file's fragment, by the active session's settings, over the files kept. */
    private long maxSplitBytes(boolean[] keep) {
        long bytes = 0;
        int count = 0;
        for (int i = 0; i < files.size(); i++) {
            if (keep[i] && files.get(i).kind() == Kind.ARROW_FILE) {
                bytes += files.get(i).bytes();
                count++;
            }
        }
        return SplitSizing.ofActiveSession().maxSplitBytes(bytes, count);
    }

    /** The row groups of a Parquet file that the predicates' statistics do not rule out. */
    private static int[] rowGroups(FileEntry file, Predicate[] statistics) {
        int[] all = new int[file.parts()];
        Arrays.setAll(all, g -> g);
        if (statistics.length == 0) {
            return all;
        }
        try (ParquetFile parquet = ParquetFile.open(file.path())) {
            ParquetPredicate hint = ParquetFragment.hint(statistics, parquet.schema());
            return hint == null ? all : parquet.rowGroupsMatching(hint);
        } catch (QuiverException e) {
            throw new QuiverSparkException("cannot read the statistics of " + file.path() + ": " + e.getMessage(), e);
        }
    }

    /**
     * Which files the filter on partition keys keeps: it is evaluated once over a batch holding each file's
     * keys as one row, and a file is read where it is true (false and null reject it, as Spark's filter does).
     */
    private boolean[] matching(Expression keyFilter) {
        boolean[] keep = new boolean[files.size()];
        if (keyFilter == null) {
            Arrays.fill(keep, true);
            return keep;
        }
        BufferAllocator allocator = BufferAllocator.managed();
        List<Array> columns = new ArrayList<>();
        for (int k = 0; k < keys.size(); k++) {
            ArrayBuilder builder = Builders.of(keys.get(k).type(), allocator);
            for (FileEntry file : files) {
                Object value = file.keys().get(k);
                if (value == null) {
                    builder.appendNulls(1);
                } else {
                    builder.appendObject(value);
                }
            }
            columns.add(builder.build());
        }
        Schema keySchema = new Schema(keys);
        Array result;
        try {
            BoundExpression bound = keyFilter.bind(keySchema);
            result = bound.evaluate(new RecordBatch(keySchema, columns, files.size()));
        } catch (ComputeException e) {
            throw new QuiverSparkException("the filter on partition keys " + keyFilter + " failed: " + e.getMessage(), e);
        }
        BooleanArray mask = (BooleanArray) result;
        for (int i = 0; i < keep.length; i++) {
            int row = mask.length() == 1 ? 0 : i;
            keep[i] = mask.isValid(row) && mask.get(row);
        }
        return keep;
    }

    /** Partition values as Spark holds them: strings as {@link UTF8String}, dates as days. */
    private static Object[] sparkValues(List<Object> values) {
        Object[] out = new Object[values.size()];
        for (int k = 0; k < out.length; k++) {
            out[k] = switch (values.get(k)) {
                case null -> null;
                case String s -> UTF8String.fromString(s);
                case LocalDate d -> Math.toIntExact(d.toEpochDay());
                case Float f -> f;
                case Number n -> n;
                case Boolean b -> b;
                default -> throw new QuiverSparkException("a partition value of class "
                        + values.get(k).getClass().getSimpleName() + " Spark cannot hold");
            };
        }
        return out;
    }
}
