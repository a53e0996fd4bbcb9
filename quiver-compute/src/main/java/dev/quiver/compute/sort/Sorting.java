// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.sort;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.kernel.Outputs;
import dev.quiver.compute.selection.Selection;
import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.Table;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * Sorting kernels: stable sort_indices and sort on one or several keys (ascending or descending, nulls first or
 * last, NaNs next to the nulls), select_k (the indices of the top or bottom k rows) and rank. Indices and ranks
 * are uint64 arrays, as in pyarrow.
 *
 * <pre>{@code
 * Table sorted = Sorting.sort(table, List.of(SortKey.descending("price"), SortKey.ascending("name")),
 *         NullPlacement.AT_END);
 * Array order = Sorting.sortIndices(prices, SortOrder.ASCENDING, NullPlacement.AT_END);
 * Array top3 = Sorting.selectK(table, 3, List.of(SortKey.descending("price")));
 * Array ranks = Sorting.rank(prices, SortOrder.ASCENDING, NullPlacement.AT_END, Tiebreaker.MIN);
 * }</pre>
 */
public final class Sorting {
    private Sorting() {
    }

    /**
     * The stable order of an array's values.
     *
     * @param values the values
     * @param order the direction
     * @param nulls where nulls and NaNs go
     * @return uint64 positions in {@code values}, in sorted order
     * @throws ComputeException if the values cannot be ordered or there are more than 2^31 - 9 of them
     */
    public static Array sortIndices(Array values, SortOrder order, NullPlacement nulls) {
        return indices(ColumnSorter.sort(values, identity(values.length()), order, nulls));
    }

    /**
     * The stable order of a batch's rows by several keys, the first key most significant.
     *
     * @param batch the batch
     * @param keys the keys
     * @param nulls where nulls and NaNs go, for every key
     * @return uint64 row positions, in sorted order
     * @throws ComputeException if a key names no column, a column cannot be ordered, or there are no keys
     */
    public static Array sortIndices(RecordBatch batch, List<SortKey> keys, NullPlacement nulls) {
        return sortIndices(new Table(batch.schema(), List.of(batch)), keys, nulls);
    }

    /**
     * The stable order of a table's rows by several keys, the first key most significant.
     *
     * @param table the table
     * @param keys the keys
     * @param nulls where nulls and NaNs go, for every key
     * @return uint64 row positions in the whole table, in sorted order
     * @throws ComputeException if a key names no column, a column cannot be ordered, or there are no keys
     */
    public static Array sortIndices(Table table, List<SortKey> keys, NullPlacement nulls) {
        return indices(permutation(table, keys, nulls));
    }

    /**
     * The values in sorted order.
     *
     * @param values the values
     * @param order the direction
     * @param nulls where nulls and NaNs go
     * @return a new sorted array
     * @throws ComputeException if the values cannot be ordered
     */
    public static Array sort(Array values, SortOrder order, NullPlacement nulls) {
        return Selection.take(values, sortIndices(values, order, nulls));
    }

    /**
     * The table's rows in sorted order, as a table of one batch.
     *
     * @param table the table
     * @param keys the keys, the first most significant
     * @param nulls where nulls and NaNs go
     * @return the sorted table
     * @throws ComputeException if a key names no column or a column cannot be ordered
     */
    public static Table sort(Table table, List<SortKey> keys, NullPlacement nulls) {
        return Selection.take(table, sortIndices(table, keys, nulls));
    }

    /**
     * The indices of the first {@code k} rows in the order of the keys (the top k for descending keys, the bottom
     * k for ascending ones), nulls last; fewer when the table is shorter.
     *
     * @param table the table
     * @param k how many rows
     * @param keys the keys
     * @return uint64 row positions, best first
     * @throws ComputeException if {@code k} is negative or a key is wrong
     */
    public static Array selectK(Table table, long k, List<SortKey> keys) {
        if (k < 0) {
            throw new ComputeException("select_k: k must not be negative, not " + k);
        }
        Array all = sortIndices(table, keys, NullPlacement.AT_END);
        return all.slice(0, Math.min(k, all.length()));
    }

    /**
     * The indices of the first {@code k} values of an array in the given order, nulls last.
     *
     * @param values the values
     * @param k how many values
     * @param order descending for the top k, ascending for the bottom k
     * @return uint64 positions, best first
     * @throws ComputeException if {@code k} is negative or the values cannot be ordered
     */
    public static Array selectK(Array values, long k, SortOrder order) {
        if (k < 0) {
            throw new ComputeException("select_k: k must not be negative, not " + k);
        }
        Array all = sortIndices(values, order, NullPlacement.AT_END);
        return all.slice(0, Math.min(k, all.length()));
    }

    /**
     * The 1-based rank of each value in the given order (nulls and NaNs ranked where the placement puts them).
     *
     * @param values the values
     * @param order the direction
     * @param nulls where nulls and NaNs rank
     * @param ties how equal values are ranked
     * @return uint64 ranks, one per value
     * @throws ComputeException if the values cannot be ordered
     */
    public static Array rank(Array values, SortOrder order, NullPlacement nulls, Tiebreaker ties) {
        int[] perm = ColumnSorter.sort(values, identity(values.length()), order, nulls);
        return Ranker.rank(values, perm, ties);
    }

    static int[] permutation(Table table, List<SortKey> keys, NullPlacement nulls) {
        if (keys.isEmpty()) {
            throw new ComputeException("sort: no sort key given");
        }
        int[] perm = identity(table.rowCount());
        for (int k = keys.size() - 1; k >= 0; k--) {
            SortKey key = keys.get(k);
            if (table.schema().fields().stream().noneMatch(f -> f.name().equals(key.column()))) {
                throw new ComputeException("sort: no column '" + key.column() + "' in " + table.schema());
            }
            Array column = Selection.concat(table.column(key.column()));
            perm = ColumnSorter.sort(column, perm, key.order(), nulls);
        }
        return perm;
    }

    static int[] identity(long n) {
        if (n > Integer.MAX_VALUE - 8) {
            throw new ComputeException("sort: " + n + " rows are more than one sort handles (2^31 - 9)");
        }
        int[] perm = new int[(int) n];
        for (int i = 0; i < perm.length; i++) {
            perm[i] = i;
        }
        return perm;
    }

    static Array indices(int[] perm) {
        ArrowBuffer out = Outputs.allocateForOverwrite(perm.length * 8L);
        MemorySegment s = out.segment();
        for (int i = 0; i < perm.length; i++) {
            s.set(LittleEndian.LONG, i * 8L, perm[i]);
        }
        return Outputs.fixedWidth(ArrowType.UINT64, perm.length, null, out);
    }
}
