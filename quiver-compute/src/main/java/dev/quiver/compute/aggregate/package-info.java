// SPDX-License-Identifier: Apache-2.0
/** Aggregation: whole-column and grouped aggregates (count, sum, mean, min, max, variance, stddev, any, all, first, last, quantiles) with pyarrow's skip_nulls and min_count options. */
package dev.quiver.compute.aggregate;
