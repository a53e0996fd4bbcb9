// SPDX-License-Identifier: Apache-2.0
package dev.quiver.row;

import dev.quiver.core.QuiverException;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A {@link HashGroupBy} of many batches on several threads. The rows (all batches, in order) are cut into
 * one contiguous range per thread; each thread groups its range into a partial result, and the partial
 * results, concatenated in range order, are grouped once more, adding up the counts and sums and taking
 * the least minimum and the greatest maximum.
 *
 * <p>The result is the one of a single {@link HashGroupBy} fed every batch in order, groups in the same
 * order (of first appearance): a group's first row lies in the earliest range holding the group, and
 * within a range the partial result keeps the order of first appearance. Integer sums wrap around alike
 * (addition modulo 2^64 does not depend on the order); floating-point sums are added in another order and
 * can differ from the single-threaded ones in their last bits.
 *
 * <p>The merge groups one row per group and range: for keys with nearly as many groups as rows, the
 * threads save little.
 */
public final class ParallelGroupBy {
    /** Below this many rows per thread the rows are grouped on the calling thread. */
    private static final long MIN_ROWS_PER_THREAD = 65_536;

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
        int parts = (int) Math.max(1, Math.min(threads, rows / MIN_ROWS_PER_THREAD));
        if (parts == 1) {
            return group(schema, batches, keyColumns, valueColumns);
        }
        List<List<RecordBatch>> ranges = split(batches, rows, parts);
        List<GroupByResult> partials = new ArrayList<>(parts);
        try (ExecutorService pool = Executors.newFixedThreadPool(parts - 1, r -> {
            Thread t = new Thread(r, "quiver-group-by");
            t.setDaemon(true);
            return t;
        })) {
            List<Future<GroupByResult>> futures = new ArrayList<>();
            for (int p = 1; p < parts; p++) {
                List<RecordBatch> range = ranges.get(p);
                futures.add(pool.submit(() -> group(schema, range, keyColumns, valueColumns)));
            }
            partials.add(group(schema, ranges.getFirst(), keyColumns, valueColumns));
            for (Future<GroupByResult> future : futures) {
                partials.add(future.get());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new QuiverException("interrupted while grouping", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new QuiverException("a group-by thread failed: " + e.getCause(), e.getCause());
        }
        return merge(partials, keyColumns.length, valueColumns.length);
    }

    private static GroupByResult group(Schema schema, List<RecordBatch> batches, int[] keys, int[] values) {
        try (HashGroupBy groupBy = new HashGroupBy(fields(schema, keys), fields(schema, values))) {
            for (RecordBatch batch : batches) {
                groupBy.add(columns(batch, keys), columns(batch, values));
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
        if (!current.isEmpty()) {
            ranges.add(current);
        }
        return ranges;
    }

    /**
     * Groups the partial results by their keys: the row counts, value counts and sums add up, the minimum
     * is the least one and the maximum the greatest.
     */
    private static GroupByResult merge(List<GroupByResult> partials, int keyCount, int valueCount) {
        Schema schema = partials.getFirst().batch().schema();
        int[] keys = new int[keyCount];
        int[] measures = new int[schema.fields().size() - keyCount];
        for (int k = 0; k < keyCount; k++) {
            keys[k] = k;
        }
        for (int m = 0; m < measures.length; m++) {
            measures[m] = keyCount + m;
        }
        GroupByResult merged = group(schema, partials.stream().map(GroupByResult::batch).toList(), keys, measures);
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
