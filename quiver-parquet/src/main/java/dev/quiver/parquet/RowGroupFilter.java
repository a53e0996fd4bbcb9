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
    /**
     * The row groups among {@code chosen} that hold rows of the range.
     *
     * @param decoder the file
     * @param chosen the row groups asked for
     * @param first the range's first row over the file
     * @param count the range's rows, or -1 for all
     * @return the row groups to read, in order
     */
    static int[] inRange(FileDecoder decoder, int[] chosen, long first, long count) {
        if (first == 0 && count < 0) {
            return chosen;
        }
        return java.util.Arrays.stream(chosen).filter(g -> {
            long[] r = localRange(decoder, g, first, count);
            return r[1] > r[0];
        }).toArray();
    }

    /**
     * The rows of a row group in the range, as {first, end} within the group.
     *
     * @param decoder the file
     * @param group the row group
     * @param first the range's first row over the file
     * @param count the range's rows, or -1 for all
     * @return the local first row and end (exclusive)
     */
    static long[] localRange(FileDecoder decoder, int group, long first, long count) {
        long start = 0;
        for (int g = 0; g < group; g++) {
            start += decoder.metadata().rowGroups().get(g).numRows();
        }
        long rows = decoder.metadata().rowGroups().get(group).numRows();
        long end = count < 0 ? Long.MAX_VALUE : first + count;
        long a = Math.max(first, start) - start;
        long b = Math.min(end, start + rows) - start;
        return b > a ? new long[] {a, b} : new long[] {0, 0};
    }

    static int[] keep(FileDecoder decoder, int[] chosen, ParquetPredicate filter) {
        if (filter == null) {
            return chosen;
        }
        return java.util.Arrays.stream(chosen).filter(g -> StatisticsPredicate.mightMatch(decoder, g, filter)).toArray();
    }
}
