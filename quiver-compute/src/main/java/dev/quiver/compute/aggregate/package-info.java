// SPDX-License-Identifier: Apache-2.0
/**
 * Aggregation: whole-column ({@link dev.quiver.compute.aggregate.Aggregate}) and grouped
 * ({@link dev.quiver.compute.aggregate.GroupedAggregate}) aggregates: count, count_distinct, sum, mean, min,
 * max, variance, stddev, any, all, first, last and exact quantiles, with pyarrow's skip_nulls, min_count, ddof
 * and count modes ({@link dev.quiver.compute.aggregate.Aggregation}).
 *
 * <p>An example on the {@code trips} table (its one {@code batch}) and the {@code countries} table of the
 * {@code dev.quiver.compute} package's example; run by the module's tests ({@code ComputeExamplesTest}):
 * {@snippet class=dev.quiver.compute.ComputeExamplesTest region=aggregate}
 */
package dev.quiver.compute.aggregate;
