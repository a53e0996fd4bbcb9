// SPDX-License-Identifier: Apache-2.0
package dev.quiver.dataset;

import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.Table;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.io.Arrow;
import dev.quiver.io.ArrowFormat;
import dev.quiver.parquet.ParquetFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Many files as one table: a directory tree, a glob or a list of Arrow IPC, CSV, TSV or NDJSON files of
 * one format, with partition keys taken from their directories, and one schema unified across them.
 *
 * <pre>{@code
 * Dataset sales = Dataset.open(Path.of("sales"), DatasetOptions.DEFAULT.withPartitioning(Partitioning.hive()));
 * Table eu2024 = sales.scanner()
 *         .columns("id", "amount", "year")
 *         .fragmentFilter(f -> "eu".equals(f.partitionValue("region")))
 *         .toTable();
 * }</pre>
 *
 * <p>The files are those below the root in the order of their paths, but for names starting with one of
 * the {@linkplain DatasetOptions#ignorePrefixes ignored prefixes} ({@code .} and {@code _} by default).
 * The schema is the files' columns in the order they first appear, widened where files differ
 * ({@link SchemaUnifier}), then the partition keys. A column a file lacks reads there as null.
 */
public final class Dataset {
    private final Path root;
    private final DatasetOptions options;
    private final List<Fragment> fragments;
    private final Schema fileSchema;
    private final List<Field> keys;
    /** Each file's own schema, as read when the schemas were unified (none when the options gave one). */
    private final Map<Path, Schema> schemas;
    /**
     * Each Parquet file as first opened by a scan (closed since): its whole footer, parsed once per dataset. Opening
     * the dataset reads the files' schemas alone, skipping their row groups.
     */
    private final Map<Path, ParquetFile> footers = new ConcurrentHashMap<>();

    private Dataset(Path root, DatasetOptions options, List<Fragment> fragments, Schema fileSchema,
            List<Field> keys, Map<Path, Schema> schemas) {
        this.schemas = Map.copyOf(schemas);
        this.root = root;
        this.options = options;
        this.fragments = List.copyOf(fragments);
        this.fileSchema = fileSchema;
        this.keys = List.copyOf(keys);
    }

    /**
     * Opens a directory tree, or one file, with the default options (no partitioning).
     *
     * @param path a directory or a file
     * @return the dataset
     * @throws DatasetException if there is no file, the files' formats differ or their schemas conflict
     */
    public static Dataset open(Path path) {
        return open(path, DatasetOptions.DEFAULT);
    }

    /**
     * Opens a directory tree, or one file.
     *
     * @param path a directory or a file
     * @param options format, partitioning, schema and read options
     * @return the dataset
     * @throws DatasetException if there is no file, the files' formats differ or their schemas conflict
     */
    public static Dataset open(Path path, DatasetOptions options) {
        if (Files.isRegularFile(path)) {
            return of(List.of(path), path.toAbsolutePath().getParent(), options);
        }
        if (!Files.isDirectory(path)) {
            throw new DatasetException("no file or directory " + path);
        }
        return of(list(path, null, options), path, options);
    }

    /**
     * Opens the files a glob matches: {@code data/**}{@code /*.arrow}, {@code logs/2024-*}{@code /part-*.csv}.
     * The root is the path before the first part holding {@code *}, {@code ?}, {@code [} or <code>&#123;</code>;
     * partition directories are read below it.
     *
     * @param glob the pattern, in {@link java.nio.file.FileSystem#getPathMatcher glob} syntax
     * @param options format, partitioning, schema and read options
     * @return the dataset
     * @throws DatasetException if nothing matches, the files' formats differ or their schemas conflict
     */
    public static Dataset glob(String glob, DatasetOptions options) {
        Path pattern = Path.of(glob);
        Path root = pattern.isAbsolute() ? pattern.getRoot() : Path.of("");
        int i = 0;
        for (; i < pattern.getNameCount(); i++) {
            String part = pattern.getName(i).toString();
            if (part.chars().anyMatch(c -> c == '*' || c == '?' || c == '[' || c == '{')) {
                break;
            }
            root = root.resolve(part);
        }
        if (i == pattern.getNameCount()) {
            return open(root, options);
        }
        String rest = pattern.subpath(i, pattern.getNameCount()).toString();
        PathMatcher matcher = root.getFileSystem().getPathMatcher("glob:" + rest);
        Path base = root.toString().isEmpty() ? Path.of(".") : root;
        if (!Files.isDirectory(base)) {
            throw new DatasetException("no directory " + base + " for the glob " + glob);
        }
        return of(list(base, matcher, options), base, options);
    }

    /**
     * Makes a dataset of listed files.
     *
     * @param files the files, in the order to read them
     * @param root the directory partition keys are read below (the files must be under it), or null for
     *     no partition keys from directories
     * @param options format, partitioning, schema and read options
     * @return the dataset
     * @throws DatasetException if there is no file, the files' formats differ or their schemas conflict
     */
    public static Dataset of(List<Path> files, Path root, DatasetOptions options) {
        if (files.isEmpty()) {
            throw new DatasetException("the dataset " + (root == null ? "" : root + " ") + "has no file");
        }
        Path absoluteRoot = root == null ? null : root.toAbsolutePath().normalize();
        ArrowFormat format = options.format();
        Map<String, Map<String, String>> raw = new LinkedHashMap<>();
        List<ArrowFormat> formats = new ArrayList<>();
        Path first = null;
        for (Path file : files) {
            ArrowFormat fileFormat = format != null ? format : formatOf(file);
            if (!formats.isEmpty() && fileFormat != formats.getFirst()) {
                throw new DatasetException("the files " + first + " (" + formats.getFirst().label() + ") and " + file
                        + " (" + fileFormat.label() + ") differ in format: a dataset holds one format");
            }
            if (first == null) {
                first = file;
            }
            formats.add(fileFormat);
            raw.put(file.toString(), options.partitioning().rawValues(directories(absoluteRoot, file), file.toString()));
        }
        PartitionKeys keys = PartitionKeys.infer(options.partitioning(), raw);
        List<Fragment> fragments = new ArrayList<>(files.size());
        for (int i = 0; i < files.size(); i++) {
            Path file = files.get(i);
            List<Object> typed = keys.typed(raw.get(file.toString()), file.toString());
            Map<String, Object> partition = new LinkedHashMap<>();
            for (int k = 0; k < keys.fields().size(); k++) {
                partition.put(keys.fields().get(k).name(), typed.get(k));
            }
            fragments.add(new Fragment(file, formats.get(i), size(file), partition));
        }
        Map<Path, Schema> schemas = new HashMap<>();
        Schema fileSchema = options.schema() != null ? options.schema() : unify(fragments, options, schemas);
        for (Field key : keys.fields()) {
            if (fileSchema.indexOf(key.name()) >= 0) {
                throw new DatasetException("partition key " + key.name() + " is also a column of the files");
            }
        }
        return new Dataset(absoluteRoot, options, fragments, fileSchema, keys.fields(), schemas);
    }

    /**
     * The dataset's schema: the files' columns, then the partition keys.
     *
     * @return the schema
     */
    public Schema schema() {
        List<Field> fields = new ArrayList<>(fileSchema.fields());
        fields.addAll(keys);
        return new Schema(fields, fileSchema.metadata(), fileSchema.endianness());
    }

    /**
     * The files' columns, unified, without the partition keys.
     *
     * @return the schema
     */
    Schema fileSchema() {
        return fileSchema;
    }

    /**
     * The partition keys, typed.
     *
     * @return their fields, in the order of the schema
     */
    public List<Field> partitionKeys() {
        return keys;
    }

    /**
     * The files, in the order they are read.
     *
     * @return the fragments
     */
    public List<Fragment> fragments() {
        return fragments;
    }

    /**
     * The options the dataset was opened with.
     *
     * @return the options
     */
    public DatasetOptions options() {
        return options;
    }

    /**
     * The directory partition keys are read below, or null when the dataset was made of files without one.
     *
     * @return the root
     */
    public Path root() {
        return root;
    }

    /**
     * Starts a scan of the dataset: all columns, all files, on every core, in order.
     *
     * @return a scanner to narrow
     */
    public Scanner scanner() {
        return new Scanner(this);
    }

    /**
     * Reads the whole dataset.
     *
     * @return every row, in the files' order
     */
    public Table toTable() {
        return scanner().toTable();
    }

    /**
     * Counts the dataset's rows, reading no column.
     *
     * @return the number of rows
     */
    public long countRows() {
        return scanner().columns().countRows();
    }

    /**
     * A file's own schema, as read when the dataset was opened.
     *
     * @param fragment one of the dataset's files
     * @return its schema, or null when the dataset's schema was given rather than read from the files
     */
    Schema schemaOf(Fragment fragment) {
        return schemas.get(fragment.path());
    }

    /**
     * Opens one of the dataset's Parquet files, with the footer parsed when a scan of the dataset first opened it
     * (the file must not have changed since: one of another size is refused).
     *
     * @param fragment one of the dataset's Parquet files
     * @return the open file, to be closed
     */
    ParquetFile openParquet(Fragment fragment) {
        ParquetFile opened = footers.get(fragment.path());
        if (opened != null) {
            return ParquetFile.reopen(fragment.path(), opened);
        }
        ParquetFile file = ParquetFile.open(fragment.path());
        footers.put(fragment.path(), file);
        return file;
    }

    private static Schema unify(List<Fragment> fragments, DatasetOptions options, Map<Path, Schema> schemas) {
        SchemaUnifier unifier = new SchemaUnifier();
        Map<String, Integer> presence = new HashMap<>();
        for (Fragment fragment : fragments) {
            Schema schema;
            try {
                schema = schemaOfFile(fragment, options);
            } catch (DatasetException e) {
                throw e;
            } catch (RuntimeException e) {
                throw new DatasetException("cannot read the schema of " + fragment.path() + ": " + e.getMessage(), e);
            }
            unifier.add(schema, fragment.path().toString());
            schemas.put(fragment.path(), schema);
            for (Field field : schema.fields()) {
                presence.merge(field.name(), 1, Integer::sum);
            }
        }
        return unifier.schema(fragments.size(), presence);
    }

    /**
     * A file's schema: a Parquet file's from its footer alone (its row groups skipped), another's from the start
     * of its reading.
     */
    private static Schema schemaOfFile(Fragment fragment, DatasetOptions options) {
        if (fragment.format() == ArrowFormat.PARQUET) {
            return ParquetFile.readSchema(fragment.path());
        }
        try (RecordBatchReader reader = Arrow.open(fragment.path(), options.read().withFormat(fragment.format()))) {
            return reader.schema();
        }
    }

    private static List<Path> list(Path root, PathMatcher matcher, DatasetOptions options) {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(Files::isRegularFile)
                    .filter(p -> !ignored(root.relativize(p), options.ignorePrefixes()))
                    .filter(p -> matcher == null || matcher.matches(root.relativize(p)))
                    .sorted()
                    .toList();
        } catch (NoSuchFileException e) {
            throw new DatasetException("no directory " + root, e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + root, e);
        }
    }

    private static boolean ignored(Path relative, List<String> prefixes) {
        for (Path part : relative) {
            String name = part.toString();
            for (String prefix : prefixes) {
                if (name.startsWith(prefix)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static List<String> directories(Path root, Path file) {
        if (root == null) {
            return List.of();
        }
        Path absolute = file.toAbsolutePath().normalize();
        if (!absolute.startsWith(root)) {
            throw new DatasetException("the file " + file + " is not below the dataset's root " + root);
        }
        Path parent = root.relativize(absolute).getParent();
        List<String> names = new ArrayList<>();
        if (parent != null) {
            for (Path part : parent) {
                names.add(part.toString());
            }
        }
        return names;
    }

    private static ArrowFormat formatOf(Path file) {
        ArrowFormat named = ArrowFormat.byName(file);
        return named != null ? named : ArrowFormat.of(file);
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (NoSuchFileException e) {
            throw new DatasetException("no file " + file, e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the size of " + file, e);
        }
    }
}
