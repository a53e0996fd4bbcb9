// SPDX-License-Identifier: Apache-2.0
package dev.quiver.dataset;

import dev.quiver.compute.expr.BoundExpression;
import dev.quiver.compute.expr.Expression;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.io.ArrowFormat;
import dev.quiver.parquet.ParquetFile;
import dev.quiver.core.batch.Table;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;

/**
 * A scan of a dataset being set up: which columns, which rows, which files, how many threads; then read as a
 * {@link Scan} (batches one at a time) or a {@link Table}.
 *
 * <pre>{@code
 * try (Scan scan = dataset.scanner().columns("id", "name").filter("year = 2024 and id > 100").threads(4).scan()) {
 *     for (RecordBatch batch : scan) { ... }
 *     System.out.println(scan.stats());
 * }
 * }</pre>
 */
public final class Scanner {
    private final Dataset dataset;
    private Projection projection;
    private Predicate<Fragment> fragmentFilter = f -> true;
    private Expression filter;
    private long batchSize = Long.MAX_VALUE;
    private int threads = Runtime.getRuntime().availableProcessors();
    private int readAhead;
    private boolean ordered = true;

    Scanner(Dataset dataset) {
        this.dataset = dataset;
    }

    /**
     * Reads only these columns, in this order (partition keys among them). A name that is no column but a
     * dotted path of fields inside struct columns ({@code address.city}) reads that field alone, named by
     * its path and null where it or a struct above it is null.
     *
     * @param names the columns or nested field paths; none to read no column (to count rows)
     * @return this scanner
     * @throws DatasetException if the dataset has no column or nested field of a name
     */
    public Scanner columns(String... names) {
        this.projection = Projection.of(dataset.schema(), Arrays.asList(names));
        return this;
    }

    /**
     * Reads only the files a predicate accepts, typically on their {@linkplain Fragment#partitionValue
     * partition values}; the others are counted as pruned and never opened.
     *
     * @param filter the files to read
     * @return this scanner
     */
    public Scanner fragmentFilter(Predicate<Fragment> filter) {
        this.fragmentFilter = Objects.requireNonNull(filter, "filter");
        return this;
    }

    /**
     * Keeps only the rows where a boolean expression is true (null drops the row). Conjuncts that name
     * only partition keys are decided once per file, and a file they reject is never opened; the rest is
     * evaluated on the rows read, on the worker threads. The columns the filter names are read even if
     * not projected.
     *
     * @param expression the filter, over the dataset's columns
     * @return this scanner
     * @throws DatasetException if the filter names no column of the dataset, does not type-check or is not
     *     boolean
     */
    public Scanner filter(Expression expression) {
        Objects.requireNonNull(expression, "expression");
        ArrowType type = new ScanFilter(expression, dataset.schema(), dataset.partitionKeys())
                .bindRows(dataset.schema()).type();
        if (!(type instanceof ArrowType.Bool)) {
            throw new DatasetException("the filter " + expression + " is " + type + ", not boolean");
        }
        this.filter = expression;
        return this;
    }

    /**
     * Keeps only the rows where a filter in the compute module's text syntax is true, as
     * {@link #filter(Expression)}: {@code year = 2024 and amount > 100}.
     *
     * @param text the filter
     * @return this scanner
     * @throws dev.quiver.compute.ComputeException if the text does not parse
     * @throws DatasetException if the filter names no column of the dataset or does not type-check
     */
    public Scanner filter(String text) {
        return filter(Expression.parse(text));
    }

    /**
     * Delivers batches of at most this many rows (a file's larger batches are sliced, without copying).
     *
     * @param rows the most rows a batch holds
     * @return this scanner
     * @throws IllegalArgumentException if rows is not positive
     */
    public Scanner batchSize(long rows) {
        if (rows <= 0) {
            throw new IllegalArgumentException("batch size must be positive: " + rows);
        }
        this.batchSize = rows;
        return this;
    }

    /**
     * Reads files on this many threads (by default one per core; 1 reads on the caller's thread, and nothing
     * on any other). When one file is left to read, its Parquet row groups are decoded on up to these threads,
     * one per 1,048,576 rows read (a smaller file on the caller's thread alone).
     *
     * @param count the threads
     * @return this scanner
     * @throws IllegalArgumentException if count is not positive
     */
    public Scanner threads(int count) {
        if (count <= 0) {
            throw new IllegalArgumentException("threads must be positive: " + count);
        }
        this.threads = count;
        return this;
    }

    /**
     * Reads at most this many files at once, ahead of the one being delivered (by default as many as
     * threads).
     *
     * @param files the files in flight
     * @return this scanner
     * @throws IllegalArgumentException if files is not positive
     */
    public Scanner readAhead(int files) {
        if (files <= 0) {
            throw new IllegalArgumentException("read-ahead must be positive: " + files);
        }
        this.readAhead = files;
        return this;
    }

    /**
     * Delivers batches in the files' order (the default), or as they come.
     *
     * @param inOrder true for the files' order
     * @return this scanner
     */
    public Scanner ordered(boolean inOrder) {
        this.ordered = inOrder;
        return this;
    }

    /**
     * Starts the scan.
     *
     * @return the batches, to be closed
     */
    public Scan scan() {
        Schema full = dataset.schema();
        Projection output = projection != null ? projection : Projection.of(full, full.names());
        ScanFilter scanFilter = filter == null ? null : new ScanFilter(filter, full, dataset.partitionKeys());
        Set<String> needed = new LinkedHashSet<>(output.roots());
        if (scanFilter != null && !scanFilter.onlyKeys()) {
            needed.addAll(scanFilter.fields());
        }
        List<Field> read = new ArrayList<>();
        for (String name : needed) {
            read.add(full.field(name));
        }
        Schema readSchema = new Schema(read, full.metadata(), full.endianness());
        List<Fragment> selected = new ArrayList<>();
        BufferAllocator allocator = dataset.options().read().allocator();
        for (Fragment fragment : dataset.fragments()) {
            if (fragmentFilter.test(fragment) && (scanFilter == null || scanFilter.mayMatch(fragment, allocator))) {
                selected.add(fragment);
            }
        }
        BoundExpression rowFilter = scanFilter == null || scanFilter.onlyKeys() ? null : scanFilter.bindRows(readSchema);
        int workers = Math.min(threads, Math.max(1, selected.size()));
        int inFlight = readAhead > 0 ? readAhead : workers;
        // One file on several threads: its Parquet row groups decoded on them; else each file on one thread.
        int decodeThreads = workers == 1 ? threads : 1;
        return new Scan(dataset, selected, output, readSchema, filter, rowFilter, batchSize, workers,
                decodeThreads, Math.max(inFlight, 1), ordered);
    }

    /**
     * Reads the scan's rows into a table.
     *
     * @return the rows, in the files' order unless {@link #ordered(boolean) ordered(false)}
     */
    public Table toTable() {
        try (Scan scan = scan()) {
            List<RecordBatch> batches = new ArrayList<>();
            for (RecordBatch batch : scan) {
                batches.add(batch);
            }
            return new Table(scan.schema(), batches);
        }
    }

    /**
     * Counts the rows the scan would deliver: from the files' footers alone when every file selected is
     * Parquet and the filter (if any) names only partition keys, else by scanning no column.
     *
     * @return the number of rows
     */
    public long countRows() {
        if (filter == null || new ScanFilter(filter, dataset.schema(), dataset.partitionKeys()).onlyKeys()) {
            Long fromMetadata = countFromMetadata();
            if (fromMetadata != null) {
                return fromMetadata;
            }
        }
        long rows = 0;
        try (Scan scan = scan()) {
            for (RecordBatch batch : scan) {
                rows += batch.rowCount();
            }
        }
        return rows;
    }

    private Long countFromMetadata() {
        long rows = 0;
        try (Scan scan = scan()) {
            for (Fragment fragment : scan.fragments()) {
                if (fragment.format() != ArrowFormat.PARQUET) {
                    return null;
                }
                try (ParquetFile file = dataset.openParquet(fragment)) {
                    rows += file.rowCount();
                }
            }
        }
        return rows;
    }
}
