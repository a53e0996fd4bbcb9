// SPDX-License-Identifier: Apache-2.0
/**
 * Expressions over record batches: {@link dev.quiver.compute.expr.Expression} (field references, literals, calls
 * of registered functions by name, and a text syntax parsed by {@link dev.quiver.compute.expr.ExpressionParser}),
 * bound to a schema into a {@link dev.quiver.compute.expr.BoundExpression} and evaluated batch by batch.
 *
 * <p>An example on the {@code trips} table (its one {@code batch}) and the {@code countries} table of the
 * {@code dev.quiver.compute} package's example; run by the module's tests ({@code ComputeExamplesTest}):
 * {@snippet class=dev.quiver.compute.ComputeExamplesTest region=expr}
 */
package dev.quiver.compute.expr;
