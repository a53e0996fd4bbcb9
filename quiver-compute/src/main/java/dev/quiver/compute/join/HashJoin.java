// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.join;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.hash.KeyGrouper;
import dev.quiver.compute.kernel.Bits;
import dev.quiver.compute.kernel.Parallel;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.Table;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A hash join on the row table: the right side is the build side, its keys grouped by a {@link KeyGrouper}
 * (encoded rows and a hash table over them, memory in proportion to the right side), or, for one binary or
 * utf8 key, by a table hashing the Arrow buffers themselves ({@code StringKeys}); the left side is the
 * probe side, streamed batch by batch in morsels of {@value #MORSEL} rows on every thread asked for, each
 * with its own lookup. Keys with a null in any key column never match (SQL's and Acero's rule). A
 * {@link JoinFilter} may reject matching pairs. When no build key occurs twice, the left columns of an inner,
 * left outer, left semi or left anti join without a filter pass through (masked copies, or slices) instead of
 * being gathered row by row.
 *
 * <p>Output: the left columns, then the right ones (Acero's order); with {@link JoinOptions#coalesceKeys}
 * each right key column is left out and its left key carries the key (the right key's value where the
 * left side is missing). Names that both sides output get the options' suffixes. The rows of each left
 * morsel come out in left row order, each left row's matches in right row order; unmatched right rows
 * (right and full outer) and right semi/anti rows come last, in right row order.
 *
 * <pre>{@code
 * Table orders = ...;   // id, name, amount
 * Table names = ...;    // name, region
 * Table joined = HashJoin.join(orders, names, JoinOptions.on("name").type(JoinType.LEFT_OUTER));
 * // id, name, amount, region; region null where the name is not in names
 * }</pre>
 */
public final class HashJoin {
    /** Left rows per unit of parallel work. */
    static final int MORSEL = 32 * 1024;

    private final JoinOptions options;
    /** Where output buffers come from: null for the join's default (see {@link Gather}). */
    private final BufferAllocator allocator;
    private final Schema leftSchema;
    private final RecordBatch right;
    private final int[] leftKeyIndex;
    private final int[] rightKeyIndex;
    private final JoinKeys buildKeys;
    /** The right rows of group {@code g}: {@code rowsOfGroup[groupStart[g] .. groupStart[g + 1])}. */
    private final int[] groupStart;
    private final int[] rowsOfGroup;
    /** The right row of each group when no group has two (a probe row then matches at most one), else null. */
    private final int[] rowOfGroup;
    private final byte[] rightMatched;
    private final Schema outSchema;
    /** The right columns of short binary values in their packed form, null for the others. */
    private final ShortValues[] rightShort;
    /** Empty columns of the left types (with their dictionaries), the source of a missing left side. */
    private final List<ArrayData> leftEmpty = new ArrayList<>();

    private HashJoin(Schema leftSchema, Table rightTable, JoinOptions options, BufferAllocator tables,
            BufferAllocator outputs) {
        this.options = options;
        this.allocator = outputs;
        this.leftSchema = leftSchema;
        this.right = combine(rightTable, outputs, options.threads());
        this.leftKeyIndex = keyIndexes(leftSchema, options.leftKeys(), "left");
        this.rightKeyIndex = keyIndexes(right.schema(), options.rightKeys(), "right");
        List<ArrowType> keyTypes = new ArrayList<>();
        for (int k = 0; k < leftKeyIndex.length; k++) {
            ArrowType lt = leftSchema.field(leftKeyIndex[k]).type();
            ArrowType rt = right.schema().field(rightKeyIndex[k]).type();
            if (!lt.equals(rt)) {
                throw new ComputeException("join key " + k + ": left " + options.leftKeys().get(k) + " is " + lt
                        + ", right " + options.rightKeys().get(k) + " is " + rt + "; cast one side first");
            }
            keyTypes.add(lt);
        }
        int n = (int) right.rowCount();
        int[] ids = new int[n];
        List<ArrayData> keys = keyColumns(right, rightKeyIndex);
        boolean partitioned = options.threads() > 1 && n >= BuildKeys.PARTITIONED_ROWS;
        this.buildKeys = StringKeys.accepts(keyTypes) && !partitioned ? new StringKeys(keys.get(0), n, ids)
                : new BuildKeys(keyTypes, keys, n, options.threads(), tables, ids);
        clearNullKeys(keys, 0, n, ids);
        int groups = buildKeys.groupCount();
        this.groupStart = new int[groups + 1];
        for (int r = 0; r < n; r++) {
            if (ids[r] >= 0) {
                groupStart[ids[r] + 1]++;
            }
        }
        for (int g = 0; g < groups; g++) {
            groupStart[g + 1] += groupStart[g];
        }
        this.rowsOfGroup = new int[groupStart[groups]];
        int[] fill = Arrays.copyOf(groupStart, groups);
        for (int r = 0; r < n; r++) {
            if (ids[r] >= 0) {
                rowsOfGroup[fill[ids[r]]++] = r;
            }
        }
        this.rowOfGroup = rowOfGroup(groupStart, rowsOfGroup);
        this.rightMatched = options.type().tracksRightMatches() ? new byte[n] : null;
        this.outSchema = outputSchema();
        this.rightShort = new ShortValues[right.columnCount()];
        for (int c = 0; c < rightShort.length; c++) {
            rightShort[c] = ShortValues.of(right.column(c).data());
        }
    }

    /**
     * Joins two tables.
     *
     * @param left the left (probe) side, streamed batch by batch
     * @param right the right (build) side, held in memory as one batch and a hash table of its keys
     * @param options the join type, keys, suffixes, filter and threads
     * @return the joined rows
     * @throws ComputeException if a key is not a column, key types differ between the sides or cannot be
     *     row-encoded, an output column's type cannot be gathered (nested types), or the right side has
     *     2^31 rows or more
     */
    public static Table join(Table left, Table right, JoinOptions options) {
        return run(new HashJoin(left.schema(), right, options, BufferAllocator.managed(), null), left);
    }

    /**
     * Joins two tables, with memory from {@code allocator}.
     *
     * @param left the left (probe) side, streamed batch by batch
     * @param right the right (build) side, held in memory as one batch and a hash table of its keys
     * @param options the join type, keys, suffixes, filter and threads
     * @param allocator where the hash table and the output come from
     * @return the joined rows
     * @throws ComputeException as {@link #join(Table, Table, JoinOptions)}
     */
    public static Table join(Table left, Table right, JoinOptions options, BufferAllocator allocator) {
        return run(new HashJoin(left.schema(), right, options, allocator, allocator), left);
    }

    private static Table run(HashJoin join, Table left) {
        try {
            return join.run(left.batches());
        } finally {
            join.buildKeys.close();
        }
    }

    private Table run(List<RecordBatch> leftBatches) {
        for (int c = 0; c < leftSchema.fields().size(); c++) {
            leftEmpty.add(leftBatches.isEmpty() ? emptyOf(leftSchema.field(c).type())
                    : leftBatches.get(0).column(c).data().slice(0, 0));
        }
        List<RecordBatch> out = new ArrayList<>();
        List<Morsel> morsels = new ArrayList<>();
        for (RecordBatch batch : leftBatches) {
            if (!batch.schema().equals(leftSchema)) {
                throw new ComputeException("a left batch has schema " + batch.schema() + ", not " + leftSchema);
            }
            for (long from = 0; from < batch.rowCount(); from += MORSEL) {
                morsels.add(new Morsel(batch, (int) from, (int) Math.min(MORSEL, batch.rowCount() - from)));
            }
        }
        int threads = Math.min(options.threads(), Math.max(1, morsels.size()));
        if (threads == 1) {
            try (Worker worker = new Worker(buildKeys.probe())) {
                for (Morsel m : morsels) {
                    RecordBatch b = probe(m, worker);
                    if (b != null) {
                        out.add(b);
                    }
                }
            }
        } else {
            out.addAll(parallel(morsels, threads));
        }
        RecordBatch tail = rightTail();
        if (tail != null) {
            out.add(tail);
        }
        return new Table(outSchema, out);
    }

    private List<RecordBatch> parallel(List<Morsel> morsels, int threads) {
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "quiver-join");
            t.setDaemon(true);
            return t;
        });
        ThreadLocal<Worker> workers = ThreadLocal.withInitial(() -> new Worker(buildKeys.probe()));
        try {
            List<Future<RecordBatch>> futures = new ArrayList<>();
            for (Morsel m : morsels) {
                futures.add(pool.submit(() -> probe(m, workers.get())));
            }
            List<RecordBatch> out = new ArrayList<>();
            for (Future<RecordBatch> f : futures) {
                RecordBatch b = f.get();
                if (b != null) {
                    out.add(b);
                }
            }
            return out;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new ComputeException("the join failed: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ComputeException("the join was interrupted", e);
        } finally {
            pool.shutdownNow();
        }
    }

    private record Morsel(RecordBatch batch, int from, int count) {
    }

    /** One thread's lookup and scratch arrays, reused from morsel to morsel (none is part of an output). */
    private static final class Worker implements AutoCloseable {
        final JoinKeys.Finder lookup;
        /** The group of each row of a morsel, then (pass-through) its right row. */
        final int[] ids = new int[MORSEL];
        /** The right rows of a pass-through's output rows. */
        final int[] rightRows = new int[MORSEL];

        Worker(JoinKeys.Finder lookup) {
            this.lookup = lookup;
        }

        @Override
        public void close() {
            lookup.close();
        }
    }

    /** Probes one morsel; returns its output rows, or null when there are none to output. */
    private RecordBatch probe(Morsel m, Worker worker) {
        JoinType type = options.type();
        List<ArrayData> keys = keyColumns(m.batch(), leftKeyIndex);
        int[] ids = worker.ids;
        worker.lookup.find(keys, m.from(), m.count(), ids);
        clearNullKeys(keys, m.from(), m.count(), ids);
        if (passesThrough()) {
            return passThrough(m, ids, worker.rightRows);
        }
        boolean pairsNeeded = options.filter() != null || type == JoinType.INNER || type == JoinType.LEFT_OUTER
                || type == JoinType.RIGHT_OUTER || type == JoinType.FULL_OUTER;
        IntList li = new IntList(m.count());
        IntList ri = new IntList(m.count());
        if (pairsNeeded) {
            for (int r = 0; r < m.count(); r++) {
                int g = ids[r];
                if (g >= 0) {
                    for (int k = groupStart[g]; k < groupStart[g + 1]; k++) {
                        li.add(m.from() + r);
                        ri.add(rowsOfGroup[k]);
                    }
                }
            }
            if (options.filter() != null) {
                filter(m.batch(), li, ri);
            }
            if (rightMatched != null) {
                for (int j = 0; j < ri.size; j++) {
                    rightMatched[ri.data[j]] = 1;
                }
            }
        }
        switch (type) {
            case INNER, RIGHT_OUTER -> {
                return output(m.batch(), li, ri, false);
            }
            case LEFT_OUTER, FULL_OUTER -> {
                IntList lo = new IntList();
                IntList ro = new IntList();
                int j = 0;
                for (int r = m.from(); r < m.from() + m.count(); r++) {
                    if (j < li.size && li.data[j] == r) {
                        while (j < li.size && li.data[j] == r) {
                            lo.add(r);
                            ro.add(ri.data[j++]);
                        }
                    } else {
                        lo.add(r);
                        ro.add(-1);
                    }
                }
                return output(m.batch(), lo, ro, false);
            }
            case LEFT_SEMI, LEFT_ANTI -> {
                boolean semi = type == JoinType.LEFT_SEMI;
                IntList lo = new IntList();
                if (options.filter() != null) {
                    int j = 0;
                    for (int r = m.from(); r < m.from() + m.count(); r++) {
                        boolean hit = j < li.size && li.data[j] == r;
                        while (j < li.size && li.data[j] == r) {
                            j++;
                        }
                        if (hit == semi) {
                            lo.add(r);
                        }
                    }
                } else {
                    for (int r = 0; r < m.count(); r++) {
                        if ((ids[r] >= 0) == semi) {
                            lo.add(m.from() + r);
                        }
                    }
                }
                return output(m.batch(), lo, null, false);
            }
            default -> {
                if (options.filter() == null) {
                    for (int r = 0; r < m.count(); r++) {
                        int g = ids[r];
                        if (g >= 0) {
                            for (int k = groupStart[g]; k < groupStart[g + 1]; k++) {
                                rightMatched[rowsOfGroup[k]] = 1;
                            }
                        }
                    }
                }
                return null;
            }
        }
    }

    /** The right row of each group (-1 for a group of none: a key with a null), or null if a group has several. */
    private static int[] rowOfGroup(int[] groupStart, int[] rowsOfGroup) {
        int groups = groupStart.length - 1;
        int[] rows = new int[groups];
        for (int g = 0; g < groups; g++) {
            int size = groupStart[g + 1] - groupStart[g];
            if (size > 1) {
                return null;
            }
            rows[g] = size == 0 ? -1 : rowsOfGroup[groupStart[g]];
        }
        return rows;
    }

    /**
     * Whether every left row comes out at most once, with its columns unchanged, so that they pass through the
     * probe rather than being gathered: inner, left outer, left semi and left anti joins whose build keys are
     * unique, without a residual filter.
     */
    private boolean passesThrough() {
        JoinType type = options.type();
        return options.filter() == null && rowOfGroup != null && (type == JoinType.LEFT_SEMI
                || type == JoinType.LEFT_ANTI || type == JoinType.INNER || type == JoinType.LEFT_OUTER);
    }

    /**
     * The output of a morsel whose left rows {@link #passesThrough pass through}: a left outer join's left columns
     * are the morsel's slices (copies when the join has an allocator); the other joins' the morsel's rows kept by
     * a mask. The right columns are gathered (a left row's only match is {@code rowOfGroup[group]}); {@code ids}
     * (the morsel's groups) and {@code rightRows} are scratch space.
     */
    private RecordBatch passThrough(Morsel m, int[] ids, int[] rightRows) {
        JoinType type = options.type();
        int count = m.count();
        for (int j = 0; j < count; j++) {
            int g = ids[j];
            ids[j] = g < 0 ? -1 : rowOfGroup[g];
        }
        long[] keep = null;
        int n = count;
        if (type != JoinType.LEFT_OUTER) {
            keep = Compact.mask(ids, count, type != JoinType.LEFT_ANTI);
            n = Compact.count(keep);
        } else if (allocator != null) {
            // the output's memory comes from the caller's allocator: copy rather than share the left buffers
            keep = Compact.all(count);
        }
        if (n == 0) {
            return null;
        }
        List<Array> columns = new ArrayList<>();
        for (int c = 0; c < leftSchema.fields().size(); c++) {
            ArrayData src = m.batch().column(c).data();
            columns.add(Array.ofUnchecked(keep == null ? src.slice(m.from(), count)
                    : Compact.select(src, m.from(), count, keep, n, allocator)));
        }
        if (type.outputsRight()) {
            int[] ri = ids;
            if (type != JoinType.LEFT_OUTER) {
                ri = rightRows;
                int k = 0;
                for (int j = 0; j < count; j++) {
                    if (ids[j] >= 0) {
                        ri[k++] = ids[j];
                    }
                }
            }
            for (int c = 0; c < right.columnCount(); c++) {
                if (options.coalesceKeys() && indexOf(rightKeyIndex, c) >= 0) {
                    continue;
                }
                columns.add(Array.ofUnchecked(gatherRight(c, ri, n)));
            }
        }
        return new RecordBatch(outSchema, columns, n);
    }

    /** Rows {@code rows[0..n)} of right column {@code c} (null where -1). */
    private ArrayData gatherRight(int c, int[] rows, int n) {
        return rightShort[c] != null ? rightShort[c].take(rows, n, allocator)
                : Gather.take(right.column(c).data(), rows, n, allocator);
    }

    /** Keeps the pairs the residual filter accepts, in order. */
    private void filter(RecordBatch batch, IntList li, IntList ri) {
        boolean[] keep = new boolean[li.size];
        options.filter().test(batch, li.data, right, ri.data, li.size, keep);
        int k = 0;
        for (int j = 0; j < li.size; j++) {
            if (keep[j]) {
                li.data[k] = li.data[j];
                ri.data[k++] = ri.data[j];
            }
        }
        li.size = k;
        ri.size = k;
    }

    /** The right rows left over after the probe: unmatched (right/full outer, right anti) or matched (right semi). */
    private RecordBatch rightTail() {
        JoinType type = options.type();
        if (rightMatched == null) {
            return null;
        }
        boolean want = type == JoinType.RIGHT_SEMI;
        IntList rows = new IntList();
        for (int r = 0; r < rightMatched.length; r++) {
            if ((rightMatched[r] == 1) == want) {
                rows.add(r);
            }
        }
        if (rows.size == 0) {
            return null;
        }
        if (!type.outputsLeft()) {
            return output(null, null, rows, true);
        }
        IntList none = new IntList();
        for (int j = 0; j < rows.size; j++) {
            none.add(-1);
        }
        return output(null, none, rows, true);
    }

    /**
     * The output rows: left columns of {@code batch} at {@code li} (null where -1, or none when
     * {@code li} is null), right columns at {@code ri}; {@code tail} when the left side is missing.
     */
    private RecordBatch output(RecordBatch batch, IntList li, IntList ri, boolean tail) {
        int n = li != null ? li.size : ri.size;
        if (n == 0) {
            return null;
        }
        JoinType type = options.type();
        List<Array> columns = new ArrayList<>();
        if (type.outputsLeft()) {
            for (int c = 0; c < leftSchema.fields().size(); c++) {
                int key = indexOf(leftKeyIndex, c);
                ArrayData column;
                if (options.coalesceKeys() && key >= 0 && tail) {
                    column = Gather.take(right.column(rightKeyIndex[key]).data(), ri.data, n, allocator);
                } else if (tail) {
                    column = Gather.take(leftEmpty.get(c), li.data, n, allocator);
                } else {
                    column = Gather.take(batch.column(c).data(), li.data, n, allocator);
                }
                columns.add(Array.ofUnchecked(column));
            }
        }
        if (type.outputsRight()) {
            for (int c = 0; c < right.columnCount(); c++) {
                if (options.coalesceKeys() && type.outputsLeft() && indexOf(rightKeyIndex, c) >= 0) {
                    continue;
                }
                columns.add(Array.ofUnchecked(gatherRight(c, ri.data, n)));
            }
        }
        return new RecordBatch(outSchema, columns, n);
    }

    private Schema outputSchema() {
        JoinType type = options.type();
        List<Field> leftOut = new ArrayList<>();
        List<Field> rightOut = new ArrayList<>();
        boolean leftMissing = type == JoinType.RIGHT_OUTER || type == JoinType.FULL_OUTER;
        boolean rightMissing = type == JoinType.LEFT_OUTER || type == JoinType.FULL_OUTER;
        if (type.outputsLeft()) {
            for (int c = 0; c < leftSchema.fields().size(); c++) {
                Field f = leftSchema.field(c);
                boolean coalesced = options.coalesceKeys() && indexOf(leftKeyIndex, c) >= 0;
                boolean nullable = f.nullable() || (leftMissing && !coalesced);
                if (coalesced && leftMissing) {
                    nullable = f.nullable() || right.schema().field(rightKeyIndex[indexOf(leftKeyIndex, c)]).nullable();
                }
                leftOut.add(f.withNullable(nullable));
            }
        }
        if (type.outputsRight()) {
            for (int c = 0; c < right.columnCount(); c++) {
                if (options.coalesceKeys() && type.outputsLeft() && indexOf(rightKeyIndex, c) >= 0) {
                    continue;
                }
                Field f = right.schema().field(c);
                rightOut.add(f.withNullable(f.nullable() || rightMissing));
            }
        }
        Set<String> leftNames = new HashSet<>();
        leftOut.forEach(f -> leftNames.add(f.name()));
        Set<String> both = new HashSet<>();
        rightOut.forEach(f -> {
            if (leftNames.contains(f.name())) {
                both.add(f.name());
            }
        });
        List<Field> fields = new ArrayList<>();
        for (Field f : leftOut) {
            fields.add(both.contains(f.name()) ? f.withName(f.name() + options.leftSuffix()) : f);
        }
        for (Field f : rightOut) {
            fields.add(both.contains(f.name()) ? f.withName(f.name() + options.rightSuffix()) : f);
        }
        return new Schema(fields);
    }

    private static int indexOf(int[] a, int v) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] == v) {
                return i;
            }
        }
        return -1;
    }

    private static int[] keyIndexes(Schema schema, List<String> names, String side) {
        int[] out = new int[names.size()];
        for (int k = 0; k < out.length; k++) {
            out[k] = schema.indexOf(names.get(k));
            if (out[k] < 0) {
                throw new ComputeException("join key " + names.get(k) + " is not a column of the " + side + " side "
                        + schema);
            }
        }
        return out;
    }

    private static List<ArrayData> keyColumns(RecordBatch batch, int[] indexes) {
        List<ArrayData> out = new ArrayList<>(indexes.length);
        for (int i : indexes) {
            out.add(batch.column(i).data());
        }
        return out;
    }

    /** Sets {@code ids[r]} to -1 where row {@code from + r} has a null in a key column: such keys never match. */
    private static void clearNullKeys(List<ArrayData> keys, int from, int count, int[] ids) {
        for (ArrayData k : keys) {
            if (Types.storage(k.type()) instanceof ArrowType.Null) {
                Arrays.fill(ids, 0, count, -1);
                return;
            }
            if (k.validity() == null || k.nullCount() == 0) {
                continue;
            }
            var v = k.validity().segment();
            long base = k.offset() + from;
            for (int w = 0; w < count; w += 64) {
                for (long nulls = ~Bits.word(v, base + w, Math.min(64, count - w)) & Bits.low(count - w); nulls != 0;
                        nulls &= nulls - 1) {
                    ids[w + Long.numberOfTrailingZeros(nulls)] = -1;
                }
            }
        }
    }

    /** The right side as one batch, its chunks copied together when it has several. */
    private static RecordBatch combine(Table table, BufferAllocator allocator, int threads) {
        List<RecordBatch> batches = table.batches();
        if (batches.size() == 1) {
            return batches.get(0);
        }
        long n = table.rowCount();
        if (n > Integer.MAX_VALUE) {
            throw new ComputeException("the join's right side has " + n + " rows, more than " + Integer.MAX_VALUE
                    + ": make the smaller table the right side, or split it");
        }
        Array[] columns = new Array[table.columnCount()];
        Parallel.run(columns.length, threads, c -> {
            List<ArrayData> chunks = new ArrayList<>();
            for (RecordBatch b : batches) {
                chunks.add(b.column(c).data());
            }
            if (chunks.isEmpty()) {
                chunks.add(emptyOf(table.schema().field(c).type()));
            }
            columns[c] = Array.ofUnchecked(Gather.concat(chunks, allocator));
        });
        return new RecordBatch(table.schema(), Arrays.asList(columns), n);
    }

    /** An empty column of a type: the source of a side that is missing, whose every row taken is -1. */
    private static ArrayData emptyOf(ArrowType type) {
        return new ArrayData(type, 0, 0, 0, Arrays.asList(null, ArrowBuffer.EMPTY, ArrowBuffer.EMPTY), List.of(), null);
    }

    /** A growable list of ints, no boxing. */
    static final class IntList {
        int[] data;
        int size;

        IntList() {
            this(64);
        }

        IntList(int capacity) {
            data = new int[Math.max(1, capacity)];
        }

        void add(int v) {
            if (size == data.length) {
                data = Arrays.copyOf(data, size * 2);
            }
            data[size++] = v;
        }
    }
}
