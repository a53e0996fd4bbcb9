package dev.quiver.row;

import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;

/**
 * The result of a {@link HashGroupBy}: one row per distinct key, in order of first appearance. Columns:
 * the key columns (named and typed as the keys), {@code count} (int64: rows in the group), then for each
 * value column {@code v}: {@code v_count} (int64: non-null values), {@code v_sum}, {@code v_min} and
 * {@code v_max} (null when the group has no non-null value of {@code v}).
 */
public final class GroupByResult {
    private final RecordBatch batch;
    private final int keyCount;

    GroupByResult(RecordBatch batch, int keyCount) {
        this.batch = batch;
        this.keyCount = keyCount;
    }

    /** All result columns as a record batch. */
    public RecordBatch batch() {
        return batch;
    }

    /** The number of groups (rows of the result). */
    public long groupCount() {
        return batch.rowCount();
    }

    /** Key column {@code i}. */
    public Array key(int i) {
        return batch.column(i);
    }

    /** The number of rows of each group. */
    public Array count() {
        return batch.column(keyCount);
    }

    /** The number of non-null values of value column {@code v} in each group. */
    public Array count(int v) {
        return batch.column(keyCount + 1 + 4 * v);
    }

    /** The sum of value column {@code v} in each group. */
    public Array sum(int v) {
        return batch.column(keyCount + 2 + 4 * v);
    }

    /** The minimum of value column {@code v} in each group. */
    public Array min(int v) {
        return batch.column(keyCount + 3 + 4 * v);
    }

    /** The maximum of value column {@code v} in each group. */
    public Array max(int v) {
        return batch.column(keyCount + 4 + 4 * v);
    }

    @Override
    public String toString() {
        return batch.toString();
    }
}
