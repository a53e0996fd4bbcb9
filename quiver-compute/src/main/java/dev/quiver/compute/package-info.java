// SPDX-License-Identifier: Apache-2.0
/**
 * Quiver compute: kernels over Arrow arrays, chunked arrays, record batches and tables, with Arrow's null
 * semantics, every failure a {@link dev.quiver.compute.ComputeException} naming what and where, and
 * {@link dev.quiver.compute.Threads} to bound the threads a piece of work uses. The entry points, each with an
 * example in its documentation:
 * <ul>
 *   <li>{@link dev.quiver.compute.selection.Selection}: filter, take, concat, drop_null, slice;</li>
 *   <li>{@link dev.quiver.compute.sort.Sorting}: sort_indices, sort, select_k, rank;</li>
 *   <li>{@link dev.quiver.compute.arithmetic.Arithmetic}: arithmetic, checked arithmetic, decimals, math;</li>
 *   <li>{@link dev.quiver.compute.compare.Comparison}, {@link dev.quiver.compute.compare.Logic},
 *       {@link dev.quiver.compute.compare.Predicates}, {@link dev.quiver.compute.compare.Choice}: comparisons,
 *       Boolean logic, null/NaN/set predicates, if_else, coalesce, fill_null;</li>
 *   <li>{@link dev.quiver.compute.cast.Cast}: casts;</li>
 *   <li>{@link dev.quiver.compute.expr.Expression}: typed expressions, their text syntax and evaluation.</li>
 * </ul>
 *
 * <pre>{@code
 * Table trips = ...;
 * Table kept = Expression.parse("fare > 10 and city is not null").bind(trips.schema()).filter(trips);
 * Table sorted = Sorting.sort(kept, List.of(SortKey.ascending("city"), SortKey.descending("fare")),
 *         NullPlacement.AT_END);
 * }</pre>
 */
package dev.quiver.compute;
