// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.aggregate;

/** The aggregate functions, named as in pyarrow.compute (the grouped output column is {@code column_name}). */
public enum AggregateFunction {
    /** The number of values ({@link CountMode}): int64. */
    COUNT("count"),
    /** The number of distinct values ({@link CountMode}): int64. */
    COUNT_DISTINCT("count_distinct"),
    /** The sum: int64 for signed, uint64 for unsigned integers and bools, float64 for floats; wraps on overflow as pyarrow's. */
    SUM("sum"),
    /** The arithmetic mean: float64. */
    MEAN("mean"),
    /** The least value (NaN only when every value is NaN): the input type. */
    MIN("min"),
    /** The greatest value (NaN only when every value is NaN): the input type. */
    MAX("max"),
    /** The variance with {@code ddof} delta degrees of freedom: float64. */
    VARIANCE("variance"),
    /** The standard deviation with {@code ddof}: float64. */
    STDDEV("stddev"),
    /** Whether any bool is true: bool. */
    ANY("any"),
    /** Whether every bool is true: bool. */
    ALL("all"),
    /** The first value (first non-null when nulls are skipped): the input type. */
    FIRST("first"),
    /** The last value (last non-null when nulls are skipped): the input type. */
    LAST("last"),
    /** The exact quantile {@code q} (NaN and null skipped): float64, or the input type for the lower, higher and nearest interpolations. */
    QUANTILE("quantile");

    private final String pyarrowName;

    AggregateFunction(String pyarrowName) {
        this.pyarrowName = pyarrowName;
    }

    /**
     * The function's name in pyarrow.compute, and the suffix of its grouped output column.
     *
     * @return the name
     */
    public String pyarrowName() {
        return pyarrowName;
    }
}
