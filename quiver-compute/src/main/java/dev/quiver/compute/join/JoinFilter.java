// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.join;

import dev.quiver.core.batch.RecordBatch;

/**
 * A residual predicate of a {@link HashJoin}, on pairs of rows whose keys are equal: a pair it rejects
 * counts as no match (as a condition in SQL's {@code ON} clause does), so an outer join then emits the
 * rows it leaves unmatched with nulls. Called with up to a few thousand pairs at a time, possibly from
 * several threads at once.
 *
 * <pre>{@code
 * JoinFilter cheaper = (left, l, right, r, n, keep) -> {
 *     Float64Array lp = (Float64Array) left.column("price");
 *     Float64Array rp = (Float64Array) right.column("price");
 *     for (int j = 0; j < n; j++) {
 *         keep[j] = lp.isValid(l[j]) && rp.isValid(r[j]) && lp.get(l[j]) < rp.get(r[j]);
 *     }
 * };
 * }</pre>
 */
@FunctionalInterface
public interface JoinFilter {
    /**
     * Decides which pairs are matches.
     *
     * @param left a batch of the left (probe) side
     * @param leftRows the row of {@code left} of each pair
     * @param right the whole right (build) side, as one batch
     * @param rightRows the row of {@code right} of each pair
     * @param count the number of pairs
     * @param keep receives, for each pair {@code j < count}, whether it is a match
     */
    void test(RecordBatch left, int[] leftRows, RecordBatch right, int[] rightRows, int count, boolean[] keep);
}
