// SPDX-License-Identifier: Apache-2.0
/**
 * Quiver compute: kernels over Arrow arrays, chunked arrays, record batches and tables, with Arrow's null
 * semantics, every failure a {@link dev.quiver.compute.ComputeException} naming what and where, and
 * {@link dev.quiver.compute.Threads} to bound the threads a piece of work uses. The entry points, each
 * package with a runnable example in its documentation:
 * <ul>
 *   <li>{@link dev.quiver.compute.selection.Selection}: filter, take, concat, drop_null, slice;</li>
 *   <li>{@link dev.quiver.compute.sort.Sorting}: sort_indices, sort, select_k, rank;</li>
 *   <li>{@link dev.quiver.compute.arithmetic.Arithmetic}: arithmetic, checked arithmetic, decimals, math;</li>
 *   <li>{@link dev.quiver.compute.compare.Comparison}, {@link dev.quiver.compute.compare.Logic},
 *       {@link dev.quiver.compute.compare.Predicates}, {@link dev.quiver.compute.compare.Choice}: comparisons,
 *       Boolean logic, null/NaN/set predicates, if_else, coalesce, fill_null;</li>
 *   <li>{@link dev.quiver.compute.cast.Cast}: casts;</li>
 *   <li>{@link dev.quiver.compute.strings.Strings}: UTF-8 string kernels;</li>
 *   <li>{@link dev.quiver.compute.temporal.Temporal}: fields, truncation, formatting and parsing of dates, times
 *       and timestamps;</li>
 *   <li>{@link dev.quiver.compute.aggregate.Aggregate}, {@link dev.quiver.compute.aggregate.GroupedAggregate}:
 *       whole-column and grouped aggregates;</li>
 *   <li>{@link dev.quiver.compute.hash.Hashing}: unique, value_counts, dictionary_encode;</li>
 *   <li>{@link dev.quiver.compute.join.HashJoin}: hash joins on the row table;</li>
 *   <li>{@link dev.quiver.compute.expr.Expression}: typed expressions, their text syntax and evaluation.</li>
 * </ul>
 *
 * <p>The examples work on these tables:
 * {@snippet class=dev.quiver.compute.ComputeExamplesTest region=data}
 *
 * <p>Filtering, sorting, joining and grouping them (the module's tests run every example,
 * {@code ComputeExamplesTest}):
 * {@snippet class=dev.quiver.compute.ComputeExamplesTest region=overview}
 */
package dev.quiver.compute;
