// SPDX-License-Identifier: Apache-2.0
package dev.quiver.row;

import dev.quiver.core.QuiverException;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

/**
 * A {@link HashGroupBy} of many batches on several threads. The rows (all batches, in order) are cut into
 * chunks of at most 65,536 rows, and the keys of the first chunk decide between two plans:
 *
 * <ul>
 *   <li><b>Many groups</b> (more than a quarter as many as rows): hash partitions of the input. The threads
 *       hash the chunks' keys, taking chunks as they come, and sort each chunk's rows by the partition their
 *       hash falls in; then thread {@code p} of {@code P} groups the rows of partition {@code p}, chunk after
 *       chunk in order, with its own {@link HashGroupBy}. The partitions hold disjoint keys: the result
 *       lists their groups in the order of their first rows, each group's values folded in row order.
 *   <li><b>Few groups</b>: each thread groups one contiguous range of rows, and the partial results,
 *       concatenated in range order, are grouped once more by hash partitions as above, adding up the counts
 *       and sums and taking the least minimum and the greatest maximum. The partial results are small, so
 *       the threads spend their time on the input, each reading and hashing its rows once.
 * </ul>
 *
 * <p>The result is the one of a single {@link HashGroupBy} fed every batch in order, groups in the same
 * order (of first appearance): a group's first row lies in the earliest range holding the group, and
 * within a range the partial result keeps the order of first appearance. Integer sums wrap around alike
 * (addition modulo 2^64 does not depend on the order); with few groups, floating-point sums are added in
 * another order and can differ from the single-threaded ones in their last bits.
 */
public final class ParallelGroupBy {
    /** Below this many rows per thread the rows are grouped on the calling thread. */
    private static final long MIN_ROWS_PER_THREAD = 65_536;
    /** The most rows of a chunk. */
    private static final int CHUNK = 65_536;
    private static final int MINI_BATCH = RowTableEncoder.MINI_BATCH;

    private ParallelGroupBy() {
    }

    /**
     * Groups the rows of {@code batches} by the named key columns and aggregates the named value columns.
     *
     * @param schema the schema of every batch
     * @param batches the rows to group, in order (none gives no groups)
     * @param keys the names of the key columns, at least one
     * @param values the names of the integer or floating-point columns to aggregate
     * @param threads the number of threads, at least 1 (1 groups on the calling thread)
     * @return one row per distinct key, in order of first appearance, as {@link GroupByResult} describes
     * @throws QuiverException if a name is not a column, there is no key column, a batch has another
     *     schema or {@code threads} is below 1
     * @throws UnsupportedColumnTypeException if a key type cannot be row-encoded, or a value column is not
     *     an integer or floating-point column
     */
    public static GroupByResult groupBy(Schema schema, List<RecordBatch> batches, List<String> keys,
            List<String> values, int threads) {
        if (threads < 1) {
            throw new QuiverException("a group-by needs at least one thread, not " + threads);
        }
        long rows = 0;
        for (RecordBatch batch : batches) {
            if (!batch.schema().equals(schema)) {
                throw new QuiverException("a batch of the group-by has schema " + batch.schema() + ", not "
                        + schema);
            }
            rows += batch.rowCount();
        }
        int[] keyColumns = indexes(schema, keys);
        int[] valueColumns = indexes(schema, values);
        if (keyColumns.length == 0) {
            throw new QuiverException("a group-by needs at least one key column");
        }
        List<Field> keyFields = fields(schema, keyColumns);
        List<Field> valueFields = fields(schema, valueColumns);
        int parts = (int) Math.max(1, Math.min(threads, rows / MIN_ROWS_PER_THREAD));
        if (parts == 1) {
            try (HashGroupBy groupBy = new HashGroupBy(keyFields, valueFields)) {
                for (RecordBatch batch : batches) {
                    groupBy.add(columns(batch, keyColumns), columns(batch, valueColumns));
                }
                return groupBy.result();
            }
        }
        List<RecordBatch> chunks = chunks(batches);
        try (ExecutorService pool = Executors.newFixedThreadPool(parts - 1, r -> {
            Thread t = new Thread(r, "quiver-group-by");
            t.setDaemon(true);
            return t;
        })) {
            if (!fewGroups(keyFields, chunks.getFirst(), keyColumns)) {
                return partitioned(pool, parts, chunks, keyFields, valueFields, keyColumns, valueColumns);
            }
            List<List<RecordBatch>> ranges = split(batches, rows, parts);
            GroupByResult[] partials = new GroupByResult[parts];
            runOnAll(pool, parts, p -> partials[p] = group(keyFields, valueFields, ranges.get(p), keyColumns,
                    valueColumns));
            return merge(pool, parts, Arrays.asList(partials), keyColumns.length, valueColumns.length);
        }
    }

    /**
     * Whether the keys of {@code sample} hold at most a quarter as many groups as rows: then grouping row
     * ranges first leaves a merge of few rows.
     */
    private static boolean fewGroups(List<Field> keyFields, RecordBatch sample, int[] keyColumns) {
        try (HashGroupBy groupBy = new HashGroupBy(keyFields, List.of())) {
            groupBy.add(columns(sample, keyColumns), List.of());
            return groupBy.groupCount() * 4L <= sample.rowCount();
        }
    }

    /**
     * Groups the chunks on {@code parts} threads by hash partitions: first the threads hash the chunks'
     * keys and sort each chunk's rows by partition, then thread {@code p} groups the rows of partition
     * {@code p}, chunk after chunk; the partitions' groups are listed in the order of their first rows.
     */
    private static GroupByResult partitioned(ExecutorService pool, int parts, List<RecordBatch> chunks,
            List<Field> keyFields, List<Field> valueFields, int[] keyColumns, int[] valueColumns) {
        int[][][] partRows = new int[chunks.size()][parts][];
        AtomicInteger nextChunk = new AtomicInteger();
        List<HashGroupBy> partitions = new ArrayList<>();
        try {
            runOnAll(pool, parts, p -> partitionChunks(keyFields, chunks, keyColumns, parts, partRows, nextChunk));
            for (int p = 0; p < parts; p++) {
                partitions.add(new HashGroupBy(keyFields, valueFields));
            }
            runOnAll(pool, parts, p -> groupPartition(partitions.get(p), p, chunks, keyColumns, valueColumns,
                    partRows));
            return HashGroupBy.merge(keyFields, valueFields, partitions, BufferAllocator.managed());
        } finally {
            partitions.forEach(HashGroupBy::close);
        }
    }

    private static GroupByResult group(List<Field> keyFields, List<Field> valueFields, List<RecordBatch> batches,
            int[] keyColumns, int[] valueColumns) {
        try (HashGroupBy groupBy = new HashGroupBy(keyFields, valueFields)) {
            for (RecordBatch batch : batches) {
                groupBy.add(columns(batch, keyColumns), columns(batch, valueColumns));
            }
            return groupBy.result();
        }
    }

    /** {@code parts} lists of slices, of about {@code rows / parts} rows each, in order. */
    private static List<List<RecordBatch>> split(List<RecordBatch> batches, long rows, int parts) {
        List<List<RecordBatch>> ranges = new ArrayList<>();
        List<RecordBatch> current = new ArrayList<>();
        long perPart = (rows + parts - 1) / parts;
        long room = perPart;
        for (RecordBatch batch : batches) {
            long offset = 0;
            while (offset < batch.rowCount()) {
                long n = Math.min(room, batch.rowCount() - offset);
                current.add(offset == 0 && n == batch.rowCount() ? batch : batch.slice(offset, n));
                offset += n;
                room -= n;
                if (room == 0 && ranges.size() < parts - 1) {
                    ranges.add(current);
                    current = new ArrayList<>();
                    room = perPart;
                }
            }
        }
        ranges.add(current);
        while (ranges.size() < parts) {
            ranges.add(List.of());
        }
        return ranges;
    }

    /**
     * Groups the partial results, concatenated in range order, by their keys ({@link #partitioned}): the
     * row counts, value counts and sums add up, the minimum is the least one and the maximum the greatest;
     * groups in the order of their first row in the concatenation, which is their first row in the input.
     */
    private static GroupByResult merge(ExecutorService pool, int parts, List<GroupByResult> partials,
            int keyCount, int valueCount) {
        Schema schema = partials.getFirst().batch().schema();
        int[] keys = new int[keyCount];
        int[] measures = new int[schema.fields().size() - keyCount];
        Arrays.setAll(keys, k -> k);
        Arrays.setAll(measures, m -> keyCount + m);
        List<RecordBatch> chunks = chunks(partials.stream().map(GroupByResult::batch).toList());
        long rows = 0;
        for (RecordBatch chunk : chunks) {
            rows += chunk.rowCount();
        }
        // A merge of few rows runs on this thread, through the grouping code the ranges have just made hot:
        // the partitioned merge's own code would otherwise run cold for the first calls of a process.
        GroupByResult merged = rows < MIN_ROWS_PER_THREAD * parts
                ? group(fields(schema, keys), fields(schema, measures), chunks, keys, measures)
                : partitioned(pool, parts, chunks, fields(schema, keys), fields(schema, measures), keys, measures);
        List<Array> columns = new ArrayList<>();
        for (int k = 0; k < keyCount; k++) {
            columns.add(merged.key(k));
        }
        // Measure m of the partials (count, then v_count, v_sum, v_min, v_max per value column) has its
        // own count, sum, min and max in the merge: take the one that merges m.
        columns.add(merged.sum(0));
        for (int v = 0; v < valueCount; v++) {
            int base = 1 + 4 * v;
            columns.add(merged.sum(base));
            columns.add(merged.sum(base + 1));
            columns.add(merged.min(base + 2));
            columns.add(merged.max(base + 3));
        }
        return new GroupByResult(new RecordBatch(schema, columns, merged.groupCount()), keyCount);
    }

    /** Runs {@code task(p)} for {@code p < parts}: 0 on the calling thread, the others on the pool. */
    private static void runOnAll(ExecutorService pool, int parts, IntConsumer task) {
        List<Future<?>> futures = new ArrayList<>();
        for (int p = 1; p < parts; p++) {
            int part = p;
            futures.add(pool.submit(() -> task.accept(part)));
        }
        RuntimeException failure = null;
        try {
            task.accept(0);
        } catch (RuntimeException e) {
            failure = e;
        }
        for (Future<?> future : futures) {
            try {
                future.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new QuiverException("interrupted while grouping", e);
            } catch (ExecutionException e) {
                if (failure == null) {
                    failure = e.getCause() instanceof RuntimeException r ? r
                            : new QuiverException("a group-by thread failed: " + e.getCause(), e.getCause());
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    /**
     * Hashes the keys of the chunks taken from {@code next} and sorts their rows by partition:
     * {@code rows[c][p]} gets the rows of chunk {@code c} whose hash falls in partition {@code p}, in order.
     */
    private static void partitionChunks(List<Field> keyFields, List<RecordBatch> chunks, int[] keyColumns, int parts,
            int[][][] rows, AtomicInteger next) {
        long[] hashes = new long[MINI_BATCH];
        int[][] partRows = new int[parts][CHUNK];
        int[] counts = new int[parts];
        try (HashGroupBy hasher = new HashGroupBy(keyFields, List.of())) {
            for (int c = next.getAndIncrement(); c < chunks.size(); c = next.getAndIncrement()) {
                ColumnView[] views = hasher.keyViews(columns(chunks.get(c), keyColumns));
                int length = (int) chunks.get(c).rowCount();
                Arrays.fill(counts, 0);
                for (int from = 0; from < length; from += MINI_BATCH) {
                    int n = Math.min(MINI_BATCH, length - from);
                    hasher.hash(views, from, n, hashes);
                    for (int r = 0; r < n; r++) {
                        int p = partition(hashes[r], parts);
                        partRows[p][counts[p]++] = from + r;
                    }
                }
                for (int p = 0; p < parts; p++) {
                    rows[c][p] = Arrays.copyOf(partRows[p], counts[p]);
                }
            }
        }
    }

    /** Feeds {@code groupBy} the rows of every chunk, in order, whose hash falls in partition {@code p}. */
    private static void groupPartition(HashGroupBy groupBy, int p, List<RecordBatch> chunks, int[] keyColumns,
            int[] valueColumns, int[][][] rows) {
        long[] batchRows = new long[MINI_BATCH];
        long first = 0;
        for (int c = 0; c < chunks.size(); c++) {
            RecordBatch chunk = chunks.get(c);
            int[] partRows = rows[c][p];
            if (partRows.length > 0) {
                ColumnView[] keyViews = groupBy.keyViews(columns(chunk, keyColumns));
                ColumnView[] valueViews = groupBy.valueViews(columns(chunk, valueColumns), chunk.rowCount());
                for (int from = 0; from < partRows.length; from += MINI_BATCH) {
                    int n = Math.min(MINI_BATCH, partRows.length - from);
                    for (int r = 0; r < n; r++) {
                        batchRows[r] = partRows[from + r];
                    }
                    groupBy.addRows(keyViews, valueViews, batchRows, n, first);
                }
            }
            first += chunk.rowCount();
        }
    }

    /**
     * The partition of a hash, from its high 32 bits (the group-by's tag; its slot comes from the low
     * bits, so the partitions do not crowd a table's slots).
     */
    private static int partition(long hash, int parts) {
        return (int) (((hash >>> 32) * parts) >>> 32);
    }

    /** The batches cut into slices of at most {@link #CHUNK} rows, in order. */
    private static List<RecordBatch> chunks(List<RecordBatch> batches) {
        List<RecordBatch> chunks = new ArrayList<>();
        for (RecordBatch batch : batches) {
            for (long offset = 0; offset < batch.rowCount(); offset += CHUNK) {
                long n = Math.min(CHUNK, batch.rowCount() - offset);
                chunks.add(offset == 0 && n == batch.rowCount() ? batch : batch.slice(offset, n));
            }
        }
        return chunks;
    }

    private static int[] indexes(Schema schema, List<String> names) {
        int[] out = new int[names.size()];
        for (int n = 0; n < out.length; n++) {
            out[n] = schema.indexOf(names.get(n));
            if (out[n] < 0) {
                throw new QuiverException("no column named " + names.get(n) + " in " + schema);
            }
        }
        return out;
    }

    private static List<Field> fields(Schema schema, int[] columns) {
        List<Field> out = new ArrayList<>();
        for (int c : columns) {
            out.add(schema.field(c));
        }
        return out;
    }

    private static List<ArrayData> columns(RecordBatch batch, int[] columns) {
        List<ArrayData> out = new ArrayList<>();
        for (int c : columns) {
            out.add(batch.column(c).data());
        }
        return out;
    }
}
