// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet;

import dev.quiver.core.QuiverException;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.type.Schema;
import dev.quiver.parquet.read.FileDecoder;
import dev.quiver.parquet.read.PageCounts;
import dev.quiver.parquet.read.ReadLimits;
import dev.quiver.parquet.read.ScratchBuffers;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RunnableFuture;

/**
 * Reads a Parquet file's row groups as record batches, in order. The columns of a row group are decoded
 * on every core (as many threads as the options give: the caller's thread and one fewer of the reader's own),
 * and the next row group is decoded while the batches of the current one are handed out: memory holds at most
 * two row groups of the columns read. A caller waiting for a row group decodes a task not yet started
 * itself (that one or one ahead of it) rather than wait idle while a task waits for a thread.
 * Row groups of fewer than {@value #SMALL_GROUP_ROWS} rows are too small to split by column (handing a
 * column of a few thousand values to another thread costs about what decoding it does): consecutive ones
 * are decoded whole on one thread instead, together up to {@value #SMALL_GROUP_ROWS} rows a task (a file
 * of row groups of a few thousand rows would otherwise hand each one from thread to thread, and wait for
 * each), as many tasks at once as there are threads; memory holds at most one task's rows more than the
 * threads' tasks.
 * Failures are {@link ParquetException}s naming the file, row group, column and page.
 */
public final class ParquetReader implements RecordBatchReader {
    /** Row groups of fewer rows are decoded whole by one thread rather than split by column. */
    static final long SMALL_GROUP_ROWS = 65_536;
    private final FileDecoder decoder;
    private final ParquetReadOptions options;
    private final FileDecoder.Plan plan;
    private final ReadLimits limits;
    private final int[] rowGroups;
    /** Per entry of {@code rowGroups}, the rows to read: {first, end} within the group, ascending. */
    private final List<List<long[]>> rowRanges;
    private final ExecutorService pool;
    private final int threads;
    private final AutoCloseable owned;
    private final ArrayDeque<Pending> pending = new ArrayDeque<>();
    /** Row groups decoded by one task of small groups and not handed out yet. */
    private final ArrayDeque<Decoded> ready = new ArrayDeque<>();
    private int nextGroup;
    /** The row group being handed out: per column, one array per range of rows. */
    private List<List<ArrayData>> current;
    private int currentRange = -1;
    private List<long[]> currentRanges;
    private long currentRows;
    private long position;
    private boolean closed;

    ParquetReader(FileDecoder decoder, ParquetReadOptions options, AutoCloseable owned) {
        this.decoder = decoder;
        this.options = options;
        this.owned = owned;
        this.plan = decoder.plan(options.columns(), options.dictionaryColumns());
        this.limits = new ReadLimits(options.allocator(), options.verifyChecksums(), options.maxPageBytes(),
                options.maxLevelsPerChunk(), options.validation(), new PageCounts(), new ScratchBuffers(options.allocator()));
        int groups = decoder.metadata().rowGroups().size();
        int[] chosen = options.rowGroups();
        if (chosen == null) {
            chosen = new int[groups];
            for (int i = 0; i < groups; i++) {
                chosen[i] = i;
            }
        }
        for (int g : chosen) {
            if (g < 0 || g >= groups) {
                throw new ParquetException(decoder.input().name() + ": no row group " + g + " (the file has " + groups + ")");
            }
        }
        int[] kept = RowGroupFilter.keep(decoder, RowGroupFilter.inRange(decoder, chosen, options.firstRow(),
                options.rowCount()), options.filter());
        List<Integer> groupsRead = new ArrayList<>();
        List<List<long[]>> ranges = new ArrayList<>();
        for (int g : kept) {
            long[] range = RowGroupFilter.localRange(decoder, g, options.firstRow(), options.rowCount());
            List<long[]> rows = List.of(range);
            if (options.filter() != null) {
                rows = PageFilter.intersect(rows, PageFilter.rowsMatching(decoder, g, options.filter(), limits));
            }
            if (!rows.isEmpty()) {
                groupsRead.add(g);
                ranges.add(rows);
            }
        }
        this.rowGroups = groupsRead.stream().mapToInt(Integer::intValue).toArray();
        this.rowRanges = ranges;
        this.threads = options.threads() == 0 ? Runtime.getRuntime().availableProcessors() : options.threads();
        // the caller's thread decodes too (see helpUntilDone): the pool has one thread fewer
        this.pool = threads <= 1 ? null : Executors.newFixedThreadPool(threads - 1, r -> {
            Thread t = new Thread(r, "quiver-parquet-decoder");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Opens a file and reads it with the default options; closing the reader closes the file.
     *
     * @param path the file
     * @return the reader
     * @throws ParquetException if the file cannot be read
     */
    public static ParquetReader open(Path path) {
        return open(path, ParquetReadOptions.DEFAULT);
    }

    /**
     * Opens a file and reads it; closing the reader closes the file.
     *
     * @param path the file
     * @param options what to read and how
     * @return the reader
     * @throws ParquetException if the file cannot be read
     */
    public static ParquetReader open(Path path, ParquetReadOptions options) {
        ParquetFile file = ParquetFile.open(path);
        try {
            return file.readerOwning(options);
        } catch (RuntimeException e) {
            file.close();
            throw e;
        }
    }

    @Override
    public Schema schema() {
        return plan.schema();
    }

    @Override
    public Optional<RecordBatch> readNext() {
        if (closed) {
            throw new ParquetException(decoder.input().name() + ": the reader is closed");
        }
        while (current == null || position >= currentRows) {
            if (current != null && currentRange + 1 < currentRanges.size()) {
                currentRange++;
                long[] range = currentRanges.get(currentRange);
                currentRows = range[1] - range[0];
                position = 0;
            } else if (!loadNextGroup()) {
                return Optional.empty();
            }
        }
        long length = Math.min(options.batchSize(), currentRows - position);
        List<Array> columns = new ArrayList<>(current.size());
        // each column was validated whole on its decoding thread (at the options' level): a slice of it needs no check
        boolean validated = limits.validation() != dev.quiver.core.validation.ValidationLevel.NONE;
        for (List<ArrayData> ranges : current) {
            ArrayData data = ranges.get(currentRange);
            ArrayData part = position == 0 && length == currentRows ? data : data.slice(position, length);
            columns.add(validated ? Array.ofUnchecked(part) : Array.of(part));
        }
        position += length;
        return Optional.of(new RecordBatch(plan.schema(), columns, length));
    }

    /**
     * The data pages decoded so far (of every column and row group read; pages of row groups that are
     * still being decoded may already count).
     *
     * @return the count
     */
    public long pagesRead() {
        return limits.pages().read();
    }

    /**
     * The data pages skipped so far because the page index (the offset index for a row range, and the
     * column index for a filter) showed that they hold no row to read.
     *
     * @return the count
     */
    public long pagesSkipped() {
        return limits.pages().skipped();
    }

    /**
     * Row groups being decoded: one, as per column a future of its arrays (one per range), or consecutive
     * small ones, as one future of them all decoded whole on one thread.
     */
    private record Pending(List<long[]> ranges, List<Future<List<ArrayData>>> futures, Future<List<Decoded>> small) {
    }

    /** A decoded row group: its ranges of rows, and per column one array per range. */
    private record Decoded(List<long[]> ranges, List<List<ArrayData>> columns) {
    }

    private boolean loadNextGroup() {
        if (ready.isEmpty()) {
            submitAhead(pool == null ? 1 : 2);
            Pending next = pending.poll();
            if (next == null) {
                current = null;
                return false;
            }
            if (next.small() != null) {
                ready.addAll(await(helpUntilDone(next.small())));
            } else {
                List<List<ArrayData>> columns = new ArrayList<>(next.futures().size());
                for (Future<List<ArrayData>> f : next.futures()) {
                    columns.add(await(helpUntilDone(f)));
                }
                ready.add(new Decoded(next.ranges(), columns));
            }
            if (pool != null) {
                // the next groups decode while these are handed out: one split by column, or a task per thread
                submitAhead(isSmall(nextGroup) ? threads : 2);
            }
        }
        Decoded decoded = ready.poll();
        current = decoded.columns();
        currentRanges = decoded.ranges();
        currentRange = 0;
        currentRows = currentRanges.get(0)[1] - currentRanges.get(0)[0];
        position = 0;
        return true;
    }

    /** Submits row groups until this many are pending (the first always, if any is left). */
    private void submitAhead(int count) {
        while (pending.size() < count && nextGroup < rowGroups.length) {
            pending.add(pool != null && isSmall(nextGroup) ? submitSmall() : submit(nextGroup++));
        }
    }

    /** Submits the next small row groups as one task: consecutive ones, up to {@value #SMALL_GROUP_ROWS} rows. */
    private Pending submitSmall() {
        List<List<long[]>> ranges = new ArrayList<>();
        List<List<Callable<List<ArrayData>>>> tasks = new ArrayList<>();
        long rows = 0;
        do {
            int group = rowGroups[nextGroup];
            rows += decoder.metadata().rowGroups().get(group).numRows();
            ranges.add(rowRanges.get(nextGroup));
            tasks.add(plan.tasks(group, limits, rowRanges.get(nextGroup)));
            nextGroup++;
        } while (isSmall(nextGroup) && rows + decoder.metadata().rowGroups().get(rowGroups[nextGroup]).numRows()
                <= SMALL_GROUP_ROWS);
        return new Pending(null, null, pool.submit(() -> {
            List<Decoded> out = new ArrayList<>(tasks.size());
            for (int i = 0; i < tasks.size(); i++) {
                List<List<ArrayData>> columns = new ArrayList<>(tasks.get(i).size());
                for (Callable<List<ArrayData>> task : tasks.get(i)) {
                    columns.add(run(task));
                }
                out.add(new Decoded(ranges.get(i), columns));
            }
            return out;
        }));
    }

    private boolean isSmall(int entry) {
        return entry < rowGroups.length
                && decoder.metadata().rowGroups().get(rowGroups[entry]).numRows() < SMALL_GROUP_ROWS;
    }

    private Pending submit(int entry) {
        int group = rowGroups[entry];
        List<long[]> ranges = rowRanges.get(entry);
        List<Callable<List<ArrayData>>> tasks = plan.tasks(group, limits, ranges);
        List<Future<List<ArrayData>>> futures = new ArrayList<>(tasks.size());
        for (Callable<List<ArrayData>> task : tasks) {
            if (pool == null) {
                futures.add(java.util.concurrent.CompletableFuture.completedFuture(run(task)));
            } else {
                futures.add(pool.submit(() -> run(task)));
            }
        }
        return new Pending(ranges, futures, null);
    }

    /**
     * Decodes on the caller's thread while {@code awaited} is not done: the task itself if no decoding
     * thread has started it, then the pending tasks not started yet, in order (a task already started or
     * done is left alone: a future runs its task once).
     */
    private <T> Future<T> helpUntilDone(Future<T> awaited) {
        if (pool == null) {
            return awaited;
        }
        runIfNotStarted(awaited);
        for (Pending ahead : pending) {
            if (awaited.isDone()) {
                break;
            }
            if (ahead.small() != null) {
                runIfNotStarted(ahead.small());
            } else {
                for (Future<List<ArrayData>> f : ahead.futures()) {
                    if (awaited.isDone()) {
                        break;
                    }
                    runIfNotStarted(f);
                }
            }
        }
        return awaited;
    }

    private static void runIfNotStarted(Future<?> future) {
        if (future instanceof RunnableFuture<?> task && !task.isDone()) {
            task.run();
        }
    }

    private <T> T run(Callable<T> task) {
        try {
            return task.call();
        } catch (ParquetException e) {
            throw e;
        } catch (QuiverException e) {
            throw new ParquetException(decoder.input().name() + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new ParquetException(decoder.input().name() + ": " + e.getMessage(), e);
        }
    }

    private <T> T await(Future<T> future) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ParquetException(decoder.input().name() + ": interrupted while decoding", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new ParquetException(decoder.input().name() + ": " + cause, cause);
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (Pending p : pending) {
            if (p.small() != null) {
                p.small().cancel(true);
            } else {
                for (Future<List<ArrayData>> f : p.futures()) {
                    f.cancel(true);
                }
            }
        }
        pending.clear();
        ready.clear();
        if (pool != null) {
            // decoding threads may be inside a codec holding the input's memory: wait for them, so that the
            // caller may free that memory once this returns
            pool.shutdownNow();
            boolean interrupted = false;
            while (true) {
                try {
                    if (pool.awaitTermination(1, java.util.concurrent.TimeUnit.MINUTES)) {
                        break;
                    }
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        limits.scratch().close();
        if (owned != null) {
            try {
                owned.close();
            } catch (Exception e) {
                throw new ParquetException(decoder.input().name() + ": closing failed: " + e.getMessage(), e);
            }
        }
    }
}
