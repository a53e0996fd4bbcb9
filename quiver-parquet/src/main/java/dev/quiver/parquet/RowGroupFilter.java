// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet;

import dev.quiver.parquet.read.FileDecoder;

/** Row-group selection by a predicate on the row groups' column statistics. */
final class RowGroupFilter {
    private RowGroupFilter() {}

    /**
     * The row groups among {@code chosen} that may hold a row matching {@code filter}.
     *
     * @param decoder the file
     * @param chosen the row groups asked for, in order
     * @param filter the predicate, or null
     * @return the row groups to read, in order
     */
    static int[] keep(FileDecoder decoder, int[] chosen, ParquetPredicate filter) {
        if (filter == null) {
            return chosen;
        }
        return java.util.Arrays.stream(chosen).filter(g -> StatisticsPredicate.mightMatch(decoder, g, filter)).toArray();
    }
}
