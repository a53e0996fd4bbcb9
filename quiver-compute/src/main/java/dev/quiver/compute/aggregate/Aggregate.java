// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.aggregate;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.Threads;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.ChunkedArray;
import java.util.ArrayList;
import java.util.List;

/**
 * Whole-column aggregates, as pyarrow.compute's scalar aggregate functions: each result is an array of
 * one slot (null where pyarrow gives a null scalar). The options are those of {@link Aggregation}; its
 * column name only labels error messages here.
 *
 * <pre>{@code
 * Array amounts = ...;                                        // int64 [3, null, 4]
 * Aggregate.sum(amounts).getObject(0);                        // 7L
 * Aggregate.of(amounts, Aggregation.of("amount", AggregateFunction.STDDEV).ddof(1));
 * Aggregate.of(amounts, Aggregation.of("amount", AggregateFunction.SUM).nulls(false, 1)); // [null]
 * }</pre>
 */
public final class Aggregate {
    private static final int[] GROUP_ZERO = new int[NumericValues.MINI_BATCH];

    private Aggregate() {
    }

    /**
     * An aggregate of a chunked array.
     *
     * @param values the values
     * @param spec the function and its options
     * @return one slot: the result
     * @throws ComputeException if the function does not take the values' type
     */
    public static Array of(ChunkedArray values, Aggregation spec) {
        List<Array> fast = FastPaths.of(values, List.of(spec), Threads.current());
        if (fast != null) {
            return fast.get(0);
        }
        NumericValues reader = new NumericValues(values.type(), spec.function().pyarrowName());
        Accumulator acc = Accumulator.of(spec, reader);
        acc.ensure(1);
        for (Array chunk : values.chunks()) {
            ArrayData data = chunk.data();
            for (long from = 0; from < data.length(); from += NumericValues.MINI_BATCH) {
                int n = (int) Math.min(NumericValues.MINI_BATCH, data.length() - from);
                reader.read(data, from, n);
                acc.update(reader, data, from, GROUP_ZERO, n);
            }
        }
        return Array.ofUnchecked(acc.finish(1));
    }

    /**
     * Several aggregates of one chunked array. Sum, min and max of int64 and float64 values with the default
     * options are computed together in one pass over the values (on every core, as {@link Threads} says); other
     * aggregates one after the other.
     *
     * <pre>{@code
     * List<Array> r = Aggregate.of(ids, List.of(Aggregation.of("id", AggregateFunction.SUM),
     *         Aggregation.of("id", AggregateFunction.MIN), Aggregation.of("id", AggregateFunction.MAX)));
     * }</pre>
     *
     * @param values the values
     * @param specs the functions and their options
     * @return one single-slot array per spec, in order
     * @throws ComputeException if a function does not take the values' type
     */
    public static List<Array> of(ChunkedArray values, List<Aggregation> specs) {
        List<Array> fast = FastPaths.of(values, specs, Threads.current());
        if (fast != null) {
            return fast;
        }
        List<Array> out = new ArrayList<>(specs.size());
        for (Aggregation spec : specs) {
            out.add(of(values, spec));
        }
        return out;
    }

    /**
     * An aggregate of an array.
     *
     * @param values the values
     * @param spec the function and its options
     * @return one slot: the result
     * @throws ComputeException if the function does not take the values' type
     */
    public static Array of(Array values, Aggregation spec) {
        return of(new ChunkedArray(values.type(), List.of(values)), spec);
    }

    /**
     * The sum, nulls skipped, null when there is no value.
     *
     * @param values integers or floats
     * @return one slot: int64, uint64 or float64
     * @throws ComputeException if the values are not numbers
     */
    public static Array sum(Array values) {
        return of(values, Aggregation.of("sum", AggregateFunction.SUM));
    }

    /**
     * The least value, nulls skipped.
     *
     * @param values numbers, bools or temporal values
     * @return one slot of the values' type
     * @throws ComputeException if the type has no order here
     */
    public static Array min(Array values) {
        return of(values, Aggregation.of("min", AggregateFunction.MIN));
    }

    /**
     * The greatest value, nulls skipped.
     *
     * @param values numbers, bools or temporal values
     * @return one slot of the values' type
     * @throws ComputeException if the type has no order here
     */
    public static Array max(Array values) {
        return of(values, Aggregation.of("max", AggregateFunction.MAX));
    }

    /**
     * The arithmetic mean, nulls skipped.
     *
     * @param values integers or floats
     * @return one float64 slot
     * @throws ComputeException if the values are not numbers
     */
    public static Array mean(Array values) {
        return of(values, Aggregation.of("mean", AggregateFunction.MEAN));
    }

    /**
     * The number of non-null values.
     *
     * @param values values of any type
     * @return the count
     */
    public static long count(Array values) {
        return values.length() - values.nullCount();
    }

    /**
     * Several exact quantiles at once, as pyarrow's {@code quantile} with a list of {@code q}.
     *
     * @param values integers or floats
     * @param qs the quantiles, each in [0, 1]
     * @param interpolation how a quantile between two values is taken
     * @return one slot per quantile, float64 (the values' type for lower, higher and nearest)
     * @throws ComputeException if the values are not numbers or a quantile is outside [0, 1]
     */
    public static Array quantiles(ChunkedArray values, double[] qs, Interpolation interpolation) {
        if (qs.length == 0) {
            throw new ComputeException("quantile: no quantile asked for");
        }
        NumericValues reader = new NumericValues(values.type(), "quantile");
        for (double q : qs) {
            // each q checked as an Aggregation checks it
            Aggregation.of("quantile", AggregateFunction.QUANTILE).quantile(q, interpolation);
        }
        Accumulators.Quantile acc = (Accumulators.Quantile) Accumulator.of(
                Aggregation.of("quantile", AggregateFunction.QUANTILE), reader);
        acc.ensure(1);
        for (Array chunk : values.chunks()) {
            ArrayData data = chunk.data();
            for (long from = 0; from < data.length(); from += NumericValues.MINI_BATCH) {
                int n = (int) Math.min(NumericValues.MINI_BATCH, data.length() - from);
                reader.read(data, from, n);
                acc.update(reader, data, from, GROUP_ZERO, n);
            }
        }
        return Array.ofUnchecked(acc.finishAll(qs, interpolation));
    }
}
