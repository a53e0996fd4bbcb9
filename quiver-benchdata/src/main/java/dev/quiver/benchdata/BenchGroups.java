// SPDX-License-Identifier: Apache-2.0
package dev.quiver.benchdata;

import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;
import java.util.Objects;

/**
 * The groups of bench-v1 by {@code cat}, straight from the dataset's definition: per category the row
 * count, and the count, sum, minimum and maximum of the non-null {@code maybe} values. A group-by result
 * can be checked against it.
 */
public final class BenchGroups {
    private static final int CATEGORIES = 16;
    private static final String CATEGORY_PREFIX = "category-";

    private final long[] count = new long[CATEGORIES];
    private final long[] maybeCount = new long[CATEGORIES];
    private final long[] maybeSum = new long[CATEGORIES];
    private final int[] maybeMin = new int[CATEGORIES];
    private final int[] maybeMax = new int[CATEGORIES];

    private BenchGroups(long rows) {
        java.util.Arrays.fill(maybeMin, Integer.MAX_VALUE);
        java.util.Arrays.fill(maybeMax, Integer.MIN_VALUE);
        for (long i = 0; i < rows; i++) {
            int c = (int) (i % CATEGORIES);
            count[c]++;
            if (i % 10 != 7) {
                int v = (int) (i % 1000) - 500;
                maybeCount[c]++;
                maybeSum[c] += v;
                maybeMin[c] = Math.min(maybeMin[c], v);
                maybeMax[c] = Math.max(maybeMax[c], v);
            }
        }
    }

    /**
     * The expected groups of a {@code bench-v1} table, computed from the definition (one pass over the
     * row indices, no data).
     *
     * @param rows the number of rows of the table, 0 or more
     * @return the groups
     */
    public static BenchGroups of(long rows) {
        return new BenchGroups(rows);
    }

    /**
     * The number of groups: the categories that have rows.
     *
     * @return from 0 (no rows) to 16
     */
    public int groupCount() {
        int n = 0;
        for (long c : count) {
            n += c > 0 ? 1 : 0;
        }
        return n;
    }

    /**
     * Whether {@code result} holds exactly these groups, in any order: columns {@code cat}, {@code count},
     * {@code maybe_count}, {@code maybe_sum}, {@code maybe_min}, {@code maybe_max}. The numbers may be
     * of any integer type; the aggregates of {@code maybe} must be null for a group without a non-null
     * {@code maybe}.
     *
     * @param result a group-by result, one row per group
     * @return true if its groups are exactly these, with these figures
     * @throws IllegalArgumentException if {@code result} lacks one of the columns
     */
    public boolean matches(RecordBatch result) {
        if (result.rowCount() != groupCount()) {
            return false;
        }
        boolean[] seen = new boolean[CATEGORIES];
        for (long r = 0; r < result.rowCount(); r++) {
            int c = category(result.column("cat").getObject(r));
            if (c < 0 || seen[c]) {
                return false;
            }
            seen[c] = true;
            boolean any = maybeCount[c] > 0;
            if (!equal(result.column("count"), r, count[c])
                    || !equal(result.column("maybe_count"), r, maybeCount[c])
                    || !equal(result.column("maybe_sum"), r, any ? maybeSum[c] : null)
                    || !equal(result.column("maybe_min"), r, any ? (long) maybeMin[c] : null)
                    || !equal(result.column("maybe_max"), r, any ? (long) maybeMax[c] : null)) {
                return false;
            }
        }
        return true;
    }

    private static int category(Object value) {
        if (!(value instanceof String s) || !s.startsWith(CATEGORY_PREFIX)) {
            return -1;
        }
        try {
            int c = Integer.parseInt(s.substring(CATEGORY_PREFIX.length()));
            return c >= 0 && c < CATEGORIES ? c : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static boolean equal(Array column, long r, Long expected) {
        Object value = column.getObject(r);
        Long actual = value instanceof Number n ? n.longValue() : null;
        return Objects.equals(actual, expected);
    }
}
