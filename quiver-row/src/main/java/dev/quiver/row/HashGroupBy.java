// SPDX-License-Identifier: Apache-2.0
package dev.quiver.row;

import dev.quiver.core.QuiverException;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A hash group-by over row-encoded keys: key columns plus value columns in, one row per distinct key out
 * with the row count and the count, sum, min and max of each value column ({@link GroupByResult}). Keys
 * compare with null equal to null, so all rows with a null key (in the same key columns) form one group.
 *
 * <p>Per mini-batch of 1024 rows: the group id of each row comes from an open-addressing hash table over
 * the encoded distinct keys, probed with hashes of the key columns and checked against the columns, a
 * column at a time ({@link RowHasher}, {@link RowComparator}); only new keys are encoded
 * ({@link RowTableEncoder}). Then every value column is folded into per-group primitive arrays, one loop
 * per column. Nothing is boxed per row.
 *
 * <p>Dictionary-encoded keys group by index: every batch must carry the same dictionary. Not thread-safe.
 */
public final class HashGroupBy implements AutoCloseable {
    private static final int MINI_BATCH = RowTableEncoder.MINI_BATCH;

    private final List<Field> keyFields;
    private final List<Field> valueFields;
    private final BufferAllocator allocator;
    private final KeyIndex keys;
    private final ValueAggregator[] aggregators;
    private final int[] groupIds = new int[MINI_BATCH];
    private final long[] rows = new long[MINI_BATCH];
    private long[] rowCounts = new long[16];
    private long[] firstRows = new long[0];

    /**
     * A group-by of rows with these key and value columns, on the garbage-collected allocator.
     *
     * @param keyFields the key columns' fields, at least one
     * @param valueFields the fields of the integer or floating-point columns to aggregate
     * @throws UnsupportedColumnTypeException if a key type cannot be row-encoded, or a value column is not
     *     an integer or floating-point column
     * @throws QuiverException if there is no key column
     */
    public HashGroupBy(List<Field> keyFields, List<Field> valueFields) {
        this(keyFields, valueFields, BufferAllocator.managed());
    }

    /**
     * A group-by of rows with these key and value columns.
     *
     * @param keyFields the key columns' fields, at least one
     * @param valueFields the fields of the integer or floating-point columns to aggregate
     * @param allocator where the memory of the row tables and the result comes from
     * @throws UnsupportedColumnTypeException if a key type cannot be row-encoded, or a value column is not
     *     an integer or floating-point column
     * @throws QuiverException if there is no key column
     */
    public HashGroupBy(List<Field> keyFields, List<Field> valueFields, BufferAllocator allocator) {
        this.keyFields = List.copyOf(keyFields);
        this.valueFields = List.copyOf(valueFields);
        this.allocator = Objects.requireNonNull(allocator, "allocator");
        if (this.keyFields.isEmpty()) {
            throw new QuiverException("a group-by needs at least one key column");
        }
        RowTableMetadata metadata = RowTableMetadata.of(this.keyFields.stream().map(Field::type).toList());
        this.aggregators = new ValueAggregator[this.valueFields.size()];
        for (int v = 0; v < aggregators.length; v++) {
            aggregators[v] = ValueAggregator.of(this.valueFields.get(v));
        }
        this.keys = new KeyIndex(metadata, allocator);
    }

    /**
     * Groups {@code batch} by the named key columns and aggregates the named value columns.
     *
     * @param batch the rows to group
     * @param keys the names of the key columns, at least one
     * @param values the names of the integer or floating-point columns to aggregate
     * @return one row per distinct key, with its aggregates
     * @throws QuiverException if a name is not a column of the batch, or there is no key column
     * @throws UnsupportedColumnTypeException if a key type cannot be row-encoded, or a value column is not
     *     an integer or floating-point column
     */
    public static GroupByResult groupBy(RecordBatch batch, List<String> keys, List<String> values) {
        try (HashGroupBy groupBy = new HashGroupBy(fields(batch, keys), fields(batch, values))) {
            groupBy.add(columns(batch, keys), columns(batch, values));
            return groupBy.result();
        }
    }

    private static List<Field> fields(RecordBatch batch, List<String> names) {
        List<Field> out = new ArrayList<>();
        for (String name : names) {
            int i = batch.schema().indexOf(name);
            if (i < 0) {
                throw new QuiverException("no column named " + name + " in " + batch.schema());
            }
            out.add(batch.schema().field(i));
        }
        return out;
    }

    private static List<ArrayData> columns(RecordBatch batch, List<String> names) {
        List<ArrayData> out = new ArrayList<>();
        for (String name : names) {
            out.add(batch.column(name).data());
        }
        return out;
    }

    /**
     * The number of groups so far.
     *
     * @return the number of distinct keys added
     */
    public int groupCount() {
        return keys.groupCount();
    }

    /**
     * Adds rows: {@code keyColumns} and {@code values} hold the key and value columns in the order of the
     * fields, all of one length.
     *
     * @param keyColumns the key columns, of the key fields' types
     * @param values the value columns, of the value fields' types
     * @throws QuiverException if the columns do not match the fields' count and types or one length, a key
     *     column has another dictionary than the rows before, or the distinct keys would exceed 2^30 - 1
     */
    public void add(List<ArrayData> keyColumns, List<ArrayData> values) {
        ColumnView[] keyViews = keyViews(keyColumns);
        ColumnView[] valueViews = valueViews(values, keyViews[0].length);
        long length = keyViews[0].length;
        for (long from = 0; from < length; from += MINI_BATCH) {
            int n = (int) Math.min(MINI_BATCH, length - from);
            keys.assign(keyViews, from, n, groupIds);
            if (aggregators.length > 0) {
                for (int r = 0; r < n; r++) {
                    rows[r] = from + r;
                }
            }
            aggregate(valueViews, n);
        }
    }

    /** Checks key columns against the key fields, binds their dictionaries, and views them. */
    ColumnView[] keyViews(List<ArrayData> keyColumns) {
        return keys.prepare(keyColumns);
    }

    /** Checks value columns against the value fields and {@code length}, and views them. */
    ColumnView[] valueViews(List<ArrayData> values, long length) {
        if (values.size() != aggregators.length) {
            throw new QuiverException(values.size() + " value columns given, " + aggregators.length + " expected");
        }
        ColumnView[] valueViews = new ColumnView[values.size()];
        for (int v = 0; v < valueViews.length; v++) {
            ArrayData column = values.get(v);
            Field field = valueFields.get(v);
            if (!column.type().equals(field.type()) || column.length() != length) {
                throw new QuiverException("value column " + field.name() + " has type " + column.type() + " and "
                        + column.length() + " rows, not " + field.type() + " and " + length);
            }
            valueViews[v] = new ColumnView(column, ColumnMetadata.of(field.type()));
        }
        return valueViews;
    }

    /**
     * The hashes of key rows {@code [from, from + n)} ({@code n <= MINI_BATCH}) of viewed key columns: equal
     * keys hash equal, and the group-by takes the slots of its hash table from the low bits.
     */
    void hash(ColumnView[] keyViews, long from, int n, long[] out) {
        keys.hash(keyViews, from, n, out);
    }

    /**
     * Adds rows {@code rows[0..n)} ({@code n <= MINI_BATCH}, increasing) of viewed key and value columns; a
     * group first seen here records {@code first + rows[r]} as its first row ({@link #firstRow}).
     */
    void addRows(ColumnView[] keyViews, ColumnView[] valueViews, long[] rows, int n, long first) {
        int before = keys.groupCount();
        keys.assign(keyViews, rows, n, groupIds);
        int groups = keys.groupCount();
        if (groups > before) {
            if (groups > firstRows.length) {
                firstRows = Arrays.copyOf(firstRows, Math.max(groups, firstRows.length * 2));
            }
            Arrays.fill(firstRows, before, groups, -1);
            for (int r = 0; r < n; r++) {
                int g = groupIds[r];
                if (g >= before && firstRows[g] < 0) {
                    firstRows[g] = first + rows[r];
                }
            }
        }
        System.arraycopy(rows, 0, this.rows, 0, n);
        aggregate(valueViews, n);
    }

    /** The first row of group {@code g} as {@link #addRows} recorded it. */
    long firstRow(int g) {
        return firstRows[g];
    }

    /** Counts the rows of {@link #groupIds}{@code [0..n)} and folds values {@link #rows}{@code [0..n)} in. */
    private void aggregate(ColumnView[] valueViews, int n) {
        int groups = keys.groupCount();
        if (groups > rowCounts.length) {
            rowCounts = Arrays.copyOf(rowCounts, Math.max(groups, rowCounts.length * 2));
        }
        long[] counts = rowCounts;
        int[] ids = groupIds;
        for (int r = 0; r < n; r++) {
            counts[ids[r]]++;
        }
        for (int v = 0; v < aggregators.length; v++) {
            aggregators[v].ensureGroups(groups);
            aggregators[v].update(valueViews[v], rows, n, ids);
        }
    }

    /**
     * The groups of {@code parts}, group-bys of the same fields that hold disjoint keys, in the order of
     * their first rows ({@link #firstRow}): the result of one group-by fed all their rows in order.
     */
    static GroupByResult merge(List<Field> keyFields, List<Field> valueFields, List<HashGroupBy> parts,
            BufferAllocator allocator) {
        try (HashGroupBy out = new HashGroupBy(keyFields, valueFields, allocator)) {
            int total = 0;
            int[] next = new int[parts.size()];
            for (HashGroupBy part : parts) {
                total += part.groupCount();
            }
            out.rowCounts = new long[Math.max(total, 1)];
            for (ValueAggregator aggregator : out.aggregators) {
                aggregator.ensureGroups(total);
            }
            for (int i = 0; i < total; i++) {
                int p = -1;
                for (int q = 0; q < next.length; q++) {
                    if (next[q] < parts.get(q).groupCount()
                            && (p < 0 || parts.get(q).firstRow(next[q]) < parts.get(p).firstRow(next[p]))) {
                        p = q;
                    }
                }
                HashGroupBy part = parts.get(p);
                int g = next[p]++;
                out.keys.appendGroup(part.keys, g);
                out.rowCounts[i] = part.rowCounts[g];
                for (int v = 0; v < out.aggregators.length; v++) {
                    out.aggregators[v].copyGroup(part.aggregators[v], g, i);
                }
            }
            return out.result();
        }
    }

    /**
     * The groups so far, with their aggregates. The group-by can go on adding rows afterwards.
     *
     * @return one row per distinct key, in order of first appearance, with its aggregates
     */
    public GroupByResult result() {
        int groupCount = keys.groupCount();
        List<Field> fields = new ArrayList<>();
        List<Array> columns = new ArrayList<>();
        List<ArrayData> keyColumns = new RowDecoder(allocator).decode(keys.groups());
        for (int k = 0; k < keyFields.size(); k++) {
            fields.add(keyFields.get(k));
            columns.add(Array.ofUnchecked(keyColumns.get(k)));
        }
        fields.add(Field.notNull("count", ArrowType.INT64));
        columns.add(Array.ofUnchecked(ResultColumns.longs(ArrowType.INT64, rowCounts, null, groupCount, allocator)));
        for (ValueAggregator aggregator : aggregators) {
            aggregator.ensureGroups(groupCount);
            fields.addAll(aggregator.outputFields());
            for (ArrayData column : aggregator.finish(groupCount, allocator)) {
                columns.add(Array.ofUnchecked(column));
            }
        }
        return new GroupByResult(new RecordBatch(new Schema(fields), columns, groupCount), keyFields.size());
    }

    /** Releases the row tables. */
    @Override
    public void close() {
        keys.close();
    }
}
