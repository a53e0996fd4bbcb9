// SPDX-License-Identifier: Apache-2.0
/**
 * The hash join on the row table: {@link dev.quiver.compute.join.HashJoin} gives inner, outer, semi and anti
 * joins ({@link dev.quiver.compute.join.JoinType}) of tables on one or several key columns, with a residual
 * filter, on every core ({@link dev.quiver.compute.join.JoinOptions}).
 *
 * <p>An example on the {@code trips} table (its one {@code batch}) and the {@code countries} table of the
 * {@code dev.quiver.compute} package's example; run by the module's tests ({@code ComputeExamplesTest}):
 * {@snippet class=dev.quiver.compute.ComputeExamplesTest region=join}
 */
package dev.quiver.compute.join;
