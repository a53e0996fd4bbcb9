// SPDX-License-Identifier: Apache-2.0
package dev.quiver.dataset;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.expr.BoundExpression;
import dev.quiver.compute.expr.Expression;
import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.io.Arrow;
import dev.quiver.io.ArrowFormat;
import dev.quiver.io.ArrowOptions;
import dev.quiver.core.validation.ValidationLevel;
import dev.quiver.parquet.ParquetFile;
import dev.quiver.parquet.ParquetPredicate;
import dev.quiver.parquet.ParquetReadOptions;
import dev.quiver.parquet.ParquetReader;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;

/**
 * A running scan of a dataset: its batches, conformed to the scan's schema (the file's columns widened
 * to the dataset's types, absent columns as nulls, partition keys as constant columns) and filtered, one
 * at a time; a batch the filter empties is not delivered.
 * Files are read on worker threads, a bounded number at once, each a bounded number of rows ahead;
 * with one thread they are read on the caller's. Parquet files are read through quiver-parquet directly: only
 * the columns the scan needs, and skipping the row groups and pages the filter rules out. Closing the scan stops the workers and closes the files.
 */
public final class Scan implements RecordBatchReader {
    /**
     * Rows a file's worker may read ahead of the consumer: four batches of 65,536 rows, or more smaller
     * ones (a Parquet file of small row groups), so that a worker ahead of the file being delivered keeps
     * reading instead of waiting after a few small batches. A batch costs its rows, at most a quarter of
     * this: at most four large batches wait.
     */
    private static final int ROWS_AHEAD = 4 * 65_536;
    /** The source index of a partition key's column (a column the file lacks is -1). */
    private static final int PARTITION_KEY = -2;
    /** The rows a file needs per thread decoding it (see {@link #decodeThreadsFor}). */
    static final long ROWS_PER_DECODE_THREAD = 1L << 20;

    private final Dataset dataset;
    private final List<Fragment> fragments;
    private final Schema output;
    private final Schema readSchema;
    private final BoundExpression rowFilter;
    private final Expression filter;
    private final Projection projection;
    /** The threads a Parquet file's row groups are decoded on. */
    private final int decodeThreads;
    private final long batchSize;
    private final boolean ordered;
    private final int inFlightLimit;
    private final ExecutorService pool;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final ArrayDeque<Work> inFlight = new ArrayDeque<>();
    private final BlockingQueue<Item> shared;
    private final ArrayDeque<RecordBatch> pendingSlices = new ArrayDeque<>();
    private final LongAdder filesOpened = new LongAdder();
    private final LongAdder bytesOpened = new LongAdder();
    private final LongAdder rowGroups = new LongAdder();
    private final LongAdder rowGroupsRead = new LongAdder();
    private final LongAdder batches = new LongAdder();
    private final LongAdder rows = new LongAdder();
    private int next;
    private int running;
    private FragmentBatches direct;

    Scan(Dataset dataset, List<Fragment> fragments, Projection projection, Schema readSchema, Expression filter,
            BoundExpression rowFilter, long batchSize, int threads, int decodeThreads, int inFlight, boolean ordered) {
        this.decodeThreads = decodeThreads;
        this.dataset = dataset;
        this.fragments = List.copyOf(fragments);
        this.output = projection.output();
        this.projection = projection.isIdentity(readSchema) ? null : projection;
        this.readSchema = readSchema;
        this.rowFilter = rowFilter;
        this.filter = filter;
        this.batchSize = batchSize;
        this.ordered = ordered;
        this.inFlightLimit = inFlight;
        this.pool = threads > 1 ? Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "quiver-dataset-scan");
            t.setDaemon(true);
            return t;
        }) : null;
        this.shared = pool != null && !ordered ? new LinkedBlockingQueue<>() : null;
    }

    @Override
    public Schema schema() {
        return output;
    }

    /** The files the scan reads, after pruning. */
    List<Fragment> fragments() {
        return fragments;
    }

    /**
     * The dataset scanned.
     *
     * @return the dataset
     */
    public Dataset dataset() {
        return dataset;
    }

    /**
     * What the scan has done so far.
     *
     * @return the counts
     */
    public ScanStats stats() {
        long total = dataset.fragments().size();
        return new ScanStats(total, total - fragments.size(), filesOpened.sum(), bytesOpened.sum(), rowGroups.sum(),
                rowGroupsRead.sum(), batches.sum(), rows.sum());
    }

    @Override
    public Optional<RecordBatch> readNext() {
        if (closed.get()) {
            throw new IllegalStateException("the scan is closed");
        }
        while (true) {
            if (!pendingSlices.isEmpty()) {
                return Optional.of(deliver(pendingSlices.poll()));
            }
            RecordBatch batch = pool == null ? nextDirect() : ordered ? nextOrdered() : nextUnordered();
            if (batch == null) {
                return Optional.empty();
            }
            if (batch.rowCount() <= batchSize) {
                return Optional.of(deliver(batch));
            }
            for (long start = 0; start < batch.rowCount(); start += batchSize) {
                pendingSlices.add(batch.slice(start, Math.min(batchSize, batch.rowCount() - start)));
            }
        }
    }

    private RecordBatch deliver(RecordBatch batch) {
        batches.increment();
        rows.add(batch.rowCount());
        return batch;
    }

    private RecordBatch nextDirect() {
        while (true) {
            if (direct == null) {
                if (next >= fragments.size()) {
                    return null;
                }
                direct = open(fragments.get(next++));
            }
            RecordBatch batch = direct.next();
            if (batch != null) {
                return batch;
            }
            direct.close();
            direct = null;
        }
    }

    private RecordBatch nextOrdered() {
        while (true) {
            while (inFlight.size() < inFlightLimit && next < fragments.size()) {
                inFlight.add(start(fragments.get(next++), new LinkedBlockingQueue<>()));
            }
            Work head = inFlight.peek();
            if (head == null) {
                return null;
            }
            Item item = take(head.queue);
            if (item.batch != null) {
                return item.batch;
            }
            inFlight.poll();
            if (item.failure != null) {
                throw item.failure;
            }
        }
    }

    private RecordBatch nextUnordered() {
        while (true) {
            while (running < inFlightLimit && next < fragments.size()) {
                start(fragments.get(next++), shared);
                running++;
            }
            if (running == 0) {
                return null;
            }
            Item item = take(shared);
            if (item.batch != null) {
                return item.batch;
            }
            running--;
            if (item.failure != null) {
                throw item.failure;
            }
        }
    }

    private Work start(Fragment fragment, BlockingQueue<Item> queue) {
        Work work = new Work(queue);
        Semaphore room = new Semaphore(ROWS_AHEAD);
        pool.execute(() -> {
            try (FragmentBatches reader = open(fragment)) {
                RecordBatch batch;
                while (!closed.get() && (batch = reader.next()) != null) {
                    int cost = (int) Math.max(1, Math.min(batch.rowCount(), ROWS_AHEAD / 4));
                    room.acquire(cost);
                    queue.put(new Item(batch, null, room, cost));
                }
                queue.put(Item.END);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) {
                offerFailure(queue, e);
            }
        });
        return work;
    }

    private void offerFailure(BlockingQueue<Item> queue, RuntimeException e) {
        try {
            queue.put(new Item(null, e, null, 0));
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static Item take(BlockingQueue<Item> queue) {
        try {
            Item item = queue.take();
            if (item.room != null) {
                item.room.release(item.cost);
            }
            return item;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DatasetException("the scan was interrupted", e);
        }
    }

    private FragmentBatches open(Fragment fragment) {
        RecordBatchReader reader;
        boolean validateRead = false;
        try {
            if (fragment.format() == ArrowFormat.PARQUET) {
                reader = openParquet(fragment);
            } else {
                ArrowOptions options = dataset.options().read().withFormat(fragment.format());
                Schema own = dataset.schemaOf(fragment);
                List<Field> needed = own == null ? null : neededColumns(fragment, own);
                if (needed != null && needed.size() < own.fields().size()) {
                    options = switch (fragment.format()) {
                        case CSV, TSV -> options.withCsvRead(options.csvRead().withIncludeColumns(
                                needed.stream().map(Field::name).toList()));
                        case NDJSON -> options.withNdjsonRead(options.ndjsonRead()
                                .withSchema(new Schema(needed, own.metadata(), own.endianness()))
                                .withIgnoreUnknownKeys(true));
                        case FILE, STREAM -> {
                            // The columns read are validated value by value below; the others only
                            // structurally, which never reads their values.
                            validateRead = options.validation() == ValidationLevel.FULL;
                            yield validateRead ? options.withValidation(ValidationLevel.STRUCTURE) : options;
                        }
                        default -> options;
                    };
                }
                reader = Arrow.open(fragment.path(), options);
            }
        } catch (RuntimeException e) {
            throw new DatasetException("cannot read " + fragment.path() + ": " + e.getMessage(), e);
        }
        filesOpened.increment();
        bytesOpened.add(fragment.size());
        return new FragmentBatches(fragment, reader, validateRead);
    }

    /**
     * The columns of a file the scan reads (at least one, so that its batches count its rows), in the
     * file's schema.
     */
    private List<Field> neededColumns(Fragment fragment, Schema own) {
        List<Field> needed = new ArrayList<>();
        for (Field field : readSchema.fields()) {
            int index = fragment.partition().containsKey(field.name()) ? -1 : own.indexOf(field.name());
            if (index >= 0) {
                needed.add(own.field(index));
            }
        }
        if (needed.isEmpty() && !own.fields().isEmpty()) {
            needed.add(own.field(0));
        }
        return needed;
    }

    /**
     * The threads to decode a file's {@code rows} on, at most {@code threads}: one per
     * {@link #ROWS_PER_DECODE_THREAD} rows, at least one. A file of fewer rows is decoded on the scan's
     * thread alone: on one partition of 625,000 rows, two threads were slower than one (the hand-overs and
     * a second thread's wake-ups cost more than the second core's share of about 60 ms of decoding).
     *
     * @param threads the threads the scan may decode one file on
     * @param rows the rows of the row groups to read
     * @return the threads, from 1 to {@code threads}
     */
    static int decodeThreadsFor(int threads, long rows) {
        return (int) Math.max(1, Math.min(threads, rows / ROWS_PER_DECODE_THREAD));
    }

    /**
     * Opens a Parquet file reading only the columns the scan needs, and skipping the row groups and pages
     * that the filter's translatable part proves cannot match (by the file's own column types).
     */
    private RecordBatchReader openParquet(Fragment fragment) {
        ParquetFile file = dataset.openParquet(fragment);
        try {
            Schema fileSchema = file.schema();
            List<String> columns = new ArrayList<>();
            for (Field field : readSchema.fields()) {
                if (!fragment.partition().containsKey(field.name()) && fileSchema.indexOf(field.name()) >= 0) {
                    columns.add(field.name());
                }
            }
            ParquetReadOptions options = ParquetReadOptions.DEFAULT.withAllocator(dataset.options().read().allocator());
            if (columns.isEmpty() && !fileSchema.fields().isEmpty()) {
                // No column needed (a count): the first one alone gives the rows.
                columns.add(fileSchema.field(0).name());
            }
            if (!columns.isEmpty()) {
                options = options.withColumns(columns.toArray(String[]::new));
            }
            ParquetPredicate predicate = filter == null ? null : ParquetPushdown.translate(filter, fileSchema);
            rowGroups.add(file.rowGroupCount());
            long rowsToRead;
            if (predicate != null) {
                int[] kept = file.rowGroupsMatching(predicate);
                rowGroupsRead.add(kept.length);
                options = options.withFilter(predicate).withRowGroups(kept);
                rowsToRead = 0;
                for (int g : kept) {
                    rowsToRead += file.rowGroup(g).numRows();
                }
            } else {
                rowGroupsRead.add(file.rowGroupCount());
                rowsToRead = file.rowCount();
            }
            options = options.withThreads(decodeThreadsFor(decodeThreads, rowsToRead));
            return new OwningReader(file.reader(options), file);
        } catch (RuntimeException e) {
            file.close();
            throw e;
        }
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        if (direct != null) {
            direct.close();
            direct = null;
        }
        if (pool != null) {
            pool.shutdownNow();
        }
        inFlight.clear();
        pendingSlices.clear();
    }

    /** A file's batches conformed to the scan's schema. */
    private final class FragmentBatches implements AutoCloseable {
        private final Fragment fragment;
        private final RecordBatchReader reader;
        private final int[] sourceIndex;
        private final Array[] constants;
        private final boolean validateRead;
        private long batchIndex;

        FragmentBatches(Fragment fragment, RecordBatchReader reader, boolean validateRead) {
            this.fragment = fragment;
            this.reader = reader;
            this.validateRead = validateRead;
            Schema fileSchema = reader.schema();
            this.sourceIndex = new int[readSchema.fields().size()];
            this.constants = new Array[readSchema.fields().size()];
            for (int i = 0; i < sourceIndex.length; i++) {
                Field field = readSchema.field(i);
                sourceIndex[i] = fragment.partition().containsKey(field.name()) ? PARTITION_KEY : fileSchema.indexOf(field.name());
                if (sourceIndex[i] >= 0 && SchemaUnifier.widen(field.type(),
                        fileSchema.field(sourceIndex[i]).type()) == null) {
                    reader.close();
                    throw new DatasetException("column " + field.name() + " of " + fragment.path() + " is "
                            + fileSchema.field(sourceIndex[i]).type() + ", not the dataset's " + field.type());
                }
            }
        }

        RecordBatch next() {
            while (true) {
                RecordBatch batch = conformed();
                if (batch == null) {
                    return null;
                }
                if (rowFilter != null) {
                    try {
                        batch = RowRuns.select(batch, rowFilter.evaluate(batch));
                    } catch (ComputeException e) {
                        throw new DatasetException("the filter " + filter + " failed on " + fragment.path() + ": "
                                + e.getMessage(), e);
                    }
                }
                if (projection != null) {
                    batch = projection.apply(batch, dataset.options().read().allocator());
                }
                if (batch.rowCount() > 0 || rowFilter == null) {
                    return batch;
                }
            }
        }

        private RecordBatch conformed() {
            Optional<RecordBatch> read;
            try {
                read = reader.readNext();
            } catch (DatasetException e) {
                throw e;
            } catch (RuntimeException e) {
                throw new DatasetException("cannot read " + fragment.path() + ": " + e.getMessage(), e);
            }
            if (read.isEmpty()) {
                return null;
            }
            RecordBatch batch = read.get();
            long index = batchIndex++;
            long length = batch.rowCount();
            BufferAllocator allocator = dataset.options().read().allocator();
            List<Array> columns = new ArrayList<>(sourceIndex.length);
            for (int i = 0; i < sourceIndex.length; i++) {
                Field field = readSchema.field(i);
                if (sourceIndex[i] >= 0) {
                    Array column = batch.column(sourceIndex[i]);
                    if (validateRead) {
                        validate(column, field, index);
                    }
                    columns.add(Widening.widen(column, field.type(), field.name(), fragment.path(), index));
                } else {
                    if (constants[i] == null || constants[i].length() < length) {
                        Object value = sourceIndex[i] == PARTITION_KEY ? fragment.partition().get(field.name()) : null;
                        constants[i] = PartitionKeys.constant(field, value, length, allocator);
                    }
                    columns.add(constants[i].length() == length ? constants[i] : constants[i].slice(0, length));
                }
            }
            return new RecordBatch(readSchema, columns, length);
        }

        private void validate(Array column, Field field, long index) {
            try {
                column.validateFull();
            } catch (RuntimeException e) {
                throw new DatasetException("cannot read " + fragment.path() + ": column " + field.name()
                        + " of its batch " + index + " is invalid: " + e.getMessage(), e);
            }
        }

        @Override
        public void close() {
            reader.close();
        }
    }

    private record Work(BlockingQueue<Item> queue) {
    }

    /** A Parquet file's reader that closes the file with it. */
    private record OwningReader(ParquetReader reader, ParquetFile file) implements RecordBatchReader {
        @Override
        public Schema schema() {
            return reader.schema();
        }

        @Override
        public Optional<RecordBatch> readNext() {
            return reader.readNext();
        }

        @Override
        public void close() {
            try {
                reader.close();
            } finally {
                file.close();
            }
        }
    }

    /** A batch (and the room it takes in its file's read-ahead), a failure, or the end of a file. */
    private record Item(RecordBatch batch, RuntimeException failure, Semaphore room, int cost) {
        static final Item END = new Item(null, null, null, 0);
    }
}
