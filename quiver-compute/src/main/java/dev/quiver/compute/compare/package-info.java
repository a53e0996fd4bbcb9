// SPDX-License-Identifier: Apache-2.0
/**
 * Comparison and logic: {@link dev.quiver.compute.compare.Comparison} ({@code = != < <= > >=}),
 * {@link dev.quiver.compute.compare.Logic} (and/or/xor/not, Kleene and plain),
 * {@link dev.quiver.compute.compare.Predicates} (is_null, is_valid, is_nan, is_in) and
 * {@link dev.quiver.compute.compare.Choice} (if_else, coalesce, fill_null).
 *
 * <p>An example on the {@code trips} table (its one {@code batch}) and the {@code countries} table of the
 * {@code dev.quiver.compute} package's example; run by the module's tests ({@code ComputeExamplesTest}):
 * {@snippet class=dev.quiver.compute.ComputeExamplesTest region=compare}
 */
package dev.quiver.compute.compare;
