// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.aggregate;

import dev.quiver.compute.ComputeException;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.type.ArrowType;
import java.util.Arrays;

/**
 * The per-group state of one {@link Aggregation}, in primitive arrays indexed by group id: fed a
 * mini-batch of values and group ids at a time (one virtual call per mini-batch, none per value), then
 * finished into one result slot per group.
 */
abstract class Accumulator {
    final Aggregation spec;
    final NumericValues.Kind kind;
    final int width;
    final ArrowType type;
    /** Per group: the non-null values seen, and whether a null was. */
    long[] counts = new long[16];
    boolean[] sawNull = new boolean[16];

    Accumulator(Aggregation spec, NumericValues values) {
        this.spec = spec;
        this.kind = values.kind;
        this.width = values.width;
        this.type = values.type;
    }

    /** Makes room for {@code groups} groups. */
    void ensure(int groups) {
        if (groups > counts.length) {
            int n = Math.max(groups, counts.length * 2);
            counts = Arrays.copyOf(counts, n);
            sawNull = Arrays.copyOf(sawNull, n);
            grow(n);
        }
    }

    /** Grows the subclass's arrays to {@code n} groups. */
    abstract void grow(int n);

    /** Folds in values {@code [0, n)} of {@code v} (rows {@code [from, from + n)} of {@code column}) of groups {@code ids}. */
    void update(NumericValues v, ArrayData column, long from, int[] ids, int n) {
        boolean[] valid = v.valid;
        for (int r = 0; r < n; r++) {
            if (valid[r]) {
                counts[ids[r]]++;
            } else {
                sawNull[ids[r]] = true;
            }
        }
        fold(v, column, from, ids, n);
    }

    /** Folds the values in, after the counts. */
    abstract void fold(NumericValues v, ArrayData column, long from, int[] ids, int n);

    /** The result column, one slot per group. */
    abstract ArrayData finish(int groups);

    /** Whether group {@code g}'s result is null by the skip_nulls and min_count rules. */
    boolean nullResult(int g) {
        return (!spec.skipNulls() && sawNull[g]) || counts[g] < spec.minCount();
    }

    /** The accumulator of an aggregation of values read as {@code values}. */
    static Accumulator of(Aggregation spec, NumericValues values) {
        String kernel = spec.function().pyarrowName() + " of " + spec.column();
        return switch (spec.function()) {
            case COUNT -> new Accumulators.Count(spec, values);
            case COUNT_DISTINCT -> new Accumulators.CountDistinct(spec, values);
            case SUM, MEAN -> {
                requireNumber(values, kernel, spec.function() == AggregateFunction.SUM);
                yield new Accumulators.Sum(spec, values);
            }
            case MIN, MAX -> {
                values.requireReadable(kernel);
                yield new Accumulators.MinMax(spec, values);
            }
            case VARIANCE, STDDEV -> {
                requireNumber(values, kernel, false);
                yield new Accumulators.Variance(spec, values);
            }
            case ANY, ALL -> {
                if (values.kind != NumericValues.Kind.BOOL) {
                    throw new ComputeException(kernel + ": needs a bool column, not " + values.type);
                }
                yield new Accumulators.AnyAll(spec, values);
            }
            case FIRST, LAST -> {
                values.requireReadable(kernel);
                yield new Accumulators.FirstLast(spec, values);
            }
            case QUANTILE -> {
                requireNumber(values, kernel, false);
                yield new Accumulators.Quantile(spec, values);
            }
        };
    }

    private static void requireNumber(NumericValues values, String kernel, boolean boolToo) {
        if (!values.isNumber() && !(boolToo && values.kind == NumericValues.Kind.BOOL)) {
            throw new ComputeException(kernel + ": needs a numeric column, not " + values.type);
        }
    }
}
