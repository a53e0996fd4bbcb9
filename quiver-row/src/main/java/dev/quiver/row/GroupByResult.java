// SPDX-License-Identifier: Apache-2.0
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

    /**
     * All result columns as a record batch.
     *
     * @return the keys, the group counts and the aggregates of every value column, one row per group
     */
    public RecordBatch batch() {
        return batch;
    }

    /**
     * The number of groups (rows of the result).
     *
     * @return the number of distinct keys
     */
    public long groupCount() {
        return batch.rowCount();
    }

    /**
     * Key column {@code i}.
     *
     * @param i the index of the key column, in the order the keys were given (below the number of keys)
     * @return each group's value of that key
     */
    public Array key(int i) {
        return batch.column(i);
    }

    /**
     * The number of rows of each group.
     *
     * @return the int64 {@code count} column
     */
    public Array count() {
        return batch.column(keyCount);
    }

    /**
     * The number of non-null values of value column {@code v} in each group.
     *
     * @param v the index of the value column, in the order the values were given
     * @return the int64 {@code v_count} column
     */
    public Array count(int v) {
        return batch.column(keyCount + 1 + 4 * v);
    }

    /**
     * The sum of value column {@code v} in each group.
     *
     * @param v the index of the value column, in the order the values were given
     * @return the {@code v_sum} column: int64 for signed integers, uint64 for unsigned ones (both wrapping
     *     around on overflow), float64 for floating point; null where the group has no non-null value
     */
    public Array sum(int v) {
        return batch.column(keyCount + 2 + 4 * v);
    }

    /**
     * The minimum of value column {@code v} in each group.
     *
     * @param v the index of the value column, in the order the values were given
     * @return the {@code v_min} column, of the value column's type; null where the group has no non-null value
     */
    public Array min(int v) {
        return batch.column(keyCount + 3 + 4 * v);
    }

    /**
     * The maximum of value column {@code v} in each group.
     *
     * @param v the index of the value column, in the order the values were given
     * @return the {@code v_max} column, of the value column's type; null where the group has no non-null value
     */
    public Array max(int v) {
        return batch.column(keyCount + 4 + 4 * v);
    }

    /**
     * The result batch as text.
     *
     * @return the text of {@link #batch()}
     */
    @Override
    public String toString() {
        return batch.toString();
    }
}
