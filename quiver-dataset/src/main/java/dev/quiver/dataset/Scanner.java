// SPDX-License-Identifier: Apache-2.0
package dev.quiver.dataset;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.Table;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * A scan of a dataset being set up: which columns, which files, how many threads; then read as a
 * {@link Scan} (batches one at a time) or a {@link Table}.
 *
 * <pre>{@code
 * try (Scan scan = dataset.scanner().columns("id", "name").threads(4).scan()) {
 *     for (RecordBatch batch : scan) { ... }
 *     System.out.println(scan.stats());
 * }
 * }</pre>
 */
public final class Scanner {
    private final Dataset dataset;
    private List<String> columns;
    private Predicate<Fragment> fragmentFilter = f -> true;
    private long batchSize = Long.MAX_VALUE;
    private int threads = Runtime.getRuntime().availableProcessors();
    private int readAhead;
    private boolean ordered = true;

    Scanner(Dataset dataset) {
        this.dataset = dataset;
    }

    /**
     * Reads only these columns, in this order (partition keys among them).
     *
     * @param names the columns; none to read no column (to count rows)
     * @return this scanner
     * @throws DatasetException if the dataset has no column of a name
     */
    public Scanner columns(String... names) {
        Schema schema = dataset.schema();
        for (String name : names) {
            if (schema.indexOf(name) < 0) {
                throw new DatasetException("the dataset has no column " + name + " (columns: " + schema.names() + ")");
            }
        }
        this.columns = List.copyOf(Arrays.asList(names));
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
     * Reads files on this many threads (by default one per core; 1 reads on the caller's thread).
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
        List<Field> fields = new ArrayList<>();
        if (columns == null) {
            fields.addAll(full.fields());
        } else {
            for (String name : columns) {
                fields.add(full.field(name));
            }
        }
        Schema output = new Schema(fields, full.metadata(), full.endianness());
        List<Fragment> selected = new ArrayList<>();
        for (Fragment fragment : dataset.fragments()) {
            if (fragmentFilter.test(fragment)) {
                selected.add(fragment);
            }
        }
        int workers = Math.min(threads, Math.max(1, selected.size()));
        int inFlight = readAhead > 0 ? readAhead : workers;
        return new Scan(dataset, selected, output, batchSize, workers, Math.max(inFlight, 1), ordered);
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
     * Counts the rows the scan would deliver.
     *
     * @return the number of rows
     */
    public long countRows() {
        long rows = 0;
        try (Scan scan = scan()) {
            for (RecordBatch batch : scan) {
                rows += batch.rowCount();
            }
        }
        return rows;
    }
}
