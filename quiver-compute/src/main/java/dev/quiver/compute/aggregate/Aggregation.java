// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.aggregate;

import dev.quiver.compute.ComputeException;

/**
 * One aggregate of one column with its options, as in pyarrow's {@code (column, function, options)}
 * triples; the defaults are pyarrow's: nulls skipped, {@code min_count} 1 (0 for variance and stddev),
 * {@code ddof} 0, count of valid values, the median with linear interpolation.
 *
 * <pre>{@code
 * Aggregation.of("amount", AggregateFunction.SUM)
 * Aggregation.of("amount", AggregateFunction.STDDEV).ddof(1)
 * Aggregation.of("amount", AggregateFunction.QUANTILE).quantile(0.9, Interpolation.LINEAR)
 * }</pre>
 *
 * @param column the column to aggregate
 * @param function the function
 * @param skipNulls whether nulls are skipped; otherwise a null makes the result null (Kleene logic for any/all)
 * @param minCount the fewest non-null values for a non-null result
 * @param ddof delta degrees of freedom of variance and stddev
 * @param countMode what count and count_distinct count
 * @param q the quantile, in [0, 1]
 * @param interpolation how the quantile is interpolated
 */
public record Aggregation(String column, AggregateFunction function, boolean skipNulls, int minCount, int ddof,
        CountMode countMode, double q, Interpolation interpolation) {

    /**
     * Checks the parts.
     *
     * @throws ComputeException if a count is negative or q is not in [0, 1]
     */
    public Aggregation {
        if (column == null || function == null || countMode == null || interpolation == null) {
            throw new ComputeException("an aggregation needs a column, a function, a count mode and an interpolation");
        }
        if (minCount < 0 || ddof < 0) {
            throw new ComputeException(function.pyarrowName() + " of " + column + ": min_count " + minCount
                    + " and ddof " + ddof + " must not be negative");
        }
        if (!(q >= 0 && q <= 1)) {
            throw new ComputeException(function.pyarrowName() + " of " + column + ": quantile " + q + " is not in [0, 1]");
        }
    }

    /**
     * The aggregate with pyarrow's default options.
     *
     * @param column the column
     * @param function the function
     * @return the aggregation
     */
    public static Aggregation of(String column, AggregateFunction function) {
        int minCount = function == AggregateFunction.VARIANCE || function == AggregateFunction.STDDEV ? 0 : 1;
        return new Aggregation(column, function, true, minCount, 0, CountMode.ONLY_VALID, 0.5, Interpolation.LINEAR);
    }

    /**
     * With nulls skipped or not, and a minimum count.
     *
     * @param skip whether nulls are skipped
     * @param min the fewest non-null values for a non-null result
     * @return the changed copy
     */
    public Aggregation nulls(boolean skip, int min) {
        return new Aggregation(column, function, skip, min, ddof, countMode, q, interpolation);
    }

    /**
     * With delta degrees of freedom.
     *
     * @param newDdof the ddof of variance and stddev
     * @return the changed copy
     */
    public Aggregation ddof(int newDdof) {
        return new Aggregation(column, function, skipNulls, minCount, newDdof, countMode, q, interpolation);
    }

    /**
     * With a count mode.
     *
     * @param mode what count and count_distinct count
     * @return the changed copy
     */
    public Aggregation count(CountMode mode) {
        return new Aggregation(column, function, skipNulls, minCount, ddof, mode, q, interpolation);
    }

    /**
     * With a quantile.
     *
     * @param newQ the quantile, in [0, 1]
     * @param how the interpolation
     * @return the changed copy
     */
    public Aggregation quantile(double newQ, Interpolation how) {
        return new Aggregation(column, function, skipNulls, minCount, ddof, countMode, newQ, how);
    }
}
