// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet;

import dev.quiver.parquet.format.ColumnIndex;
import dev.quiver.parquet.format.PageLocation;
import dev.quiver.parquet.read.FileDecoder;
import dev.quiver.parquet.read.ReadLimits;
import java.util.ArrayList;
import java.util.List;

/**
 * The rows of a row group that may match a predicate by the column index (PageIndex.md): each data page's
 * bounds and null counts rule pages out, the offset index turns the pages left into row ranges, and
 * {@code and}/{@code or} intersect and unite them. A column without a column index or offset index rules
 * nothing out.
 */
final class PageFilter {
    private PageFilter() {}

    /**
     * The row ranges of a row group that may hold a matching row.
     *
     * @param decoder the file
     * @param rowGroup the row group
     * @param predicate the filter
     * @param limits what reading the indexes may use
     * @return ranges {first, end} within the group, ascending and disjoint; empty when no row can match
     */
    static List<long[]> rowsMatching(FileDecoder decoder, int rowGroup, ParquetPredicate predicate, ReadLimits limits) {
        long rows = decoder.metadata().rowGroups().get(rowGroup).numRows();
        return switch (predicate) {
            case ParquetPredicate.And and -> {
                List<long[]> result = List.of(new long[] {0, rows});
                for (ParquetPredicate part : and.parts()) {
                    result = intersect(result, rowsMatching(decoder, rowGroup, part, limits));
                }
                yield result;
            }
            case ParquetPredicate.Or or -> {
                List<long[]> result = List.of();
                for (ParquetPredicate part : or.parts()) {
                    result = union(result, rowsMatching(decoder, rowGroup, part, limits));
                }
                yield result;
            }
            case ParquetPredicate.IsNull isNull -> pages(decoder, rowGroup, isNull.column(), limits, (index, i) ->
                    isNull.negated() ? !index.nullPages()[i]
                            : index.nullPages()[i] || index.nullCounts() == null || index.nullCounts()[i] > 0);
            case ParquetPredicate.Comparison c -> {
                StatisticsPredicate.Order order = StatisticsPredicate.Order.of(decoder.leafElement(c.column()));
                if (order == null) {
                    yield List.of(new long[] {0, rows});
                }
                byte[] literal = order.encode(c.literal(), c.column());
                yield pages(decoder, rowGroup, c.column(), limits, (index, i) -> !index.nullPages()[i]
                        && StatisticsPredicate.boundsAllow(order, c.op(), index.minValues().get(i),
                                index.maxValues().get(i), literal));
            }
        };
    }

    /** Whether page {@code i} of a column index may hold a matching row. */
    private interface PageTest {
        boolean mayMatch(ColumnIndex index, int i);
    }

    private static List<long[]> pages(FileDecoder decoder, int rowGroup, String column, ReadLimits limits, PageTest test) {
        long rows = decoder.metadata().rowGroups().get(rowGroup).numRows();
        int leaf = decoder.leafPaths().indexOf(column);
        if (leaf < 0) {
            throw new ParquetException(decoder.input().name() + ": the filter names no leaf column " + column
                    + " (leaf columns: " + decoder.leafPaths() + ")");
        }
        ColumnIndex index = decoder.columnIndex(rowGroup, leaf, limits);
        List<PageLocation> pages = index == null ? null : decoder.pageLocations(rowGroup, leaf, limits);
        if (pages == null) {
            return List.of(new long[] {0, rows});
        }
        int n = pages.size();
        if (index.nullPages().length != n || index.minValues().size() != n || index.maxValues().size() != n
                || (index.nullCounts() != null && index.nullCounts().length != n)) {
            throw new ParquetException(decoder.input().name() + ": row group " + rowGroup + ", column " + column
                    + ": the column index describes " + index.nullPages().length + " pages, the offset index " + n);
        }
        List<long[]> result = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (!test.mayMatch(index, i)) {
                continue;
            }
            long first = pages.get(i).firstRowIndex();
            long end = i + 1 < n ? pages.get(i + 1).firstRowIndex() : rows;
            if (!result.isEmpty() && result.get(result.size() - 1)[1] == first) {
                result.get(result.size() - 1)[1] = end;
            } else {
                result.add(new long[] {first, end});
            }
        }
        return result;
    }

    /** The rows in both lists of ascending, disjoint ranges. */
    static List<long[]> intersect(List<long[]> a, List<long[]> b) {
        List<long[]> result = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < a.size() && j < b.size()) {
            long first = Math.max(a.get(i)[0], b.get(j)[0]);
            long end = Math.min(a.get(i)[1], b.get(j)[1]);
            if (first < end) {
                result.add(new long[] {first, end});
            }
            if (a.get(i)[1] < b.get(j)[1]) {
                i++;
            } else {
                j++;
            }
        }
        return result;
    }

    /** The rows in either list of ascending, disjoint ranges. */
    static List<long[]> union(List<long[]> a, List<long[]> b) {
        List<long[]> all = new ArrayList<>(a.size() + b.size());
        int i = 0;
        int j = 0;
        while (i < a.size() || j < b.size()) {
            long[] next = j >= b.size() || (i < a.size() && a.get(i)[0] <= b.get(j)[0]) ? a.get(i++) : b.get(j++);
            if (!all.isEmpty() && all.get(all.size() - 1)[1] >= next[0]) {
                long[] last = all.get(all.size() - 1);
                all.set(all.size() - 1, new long[] {last[0], Math.max(last[1], next[1])});
            } else {
                all.add(new long[] {next[0], next[1]});
            }
        }
        return all;
    }
}
