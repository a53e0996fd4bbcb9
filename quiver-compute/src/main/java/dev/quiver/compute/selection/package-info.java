// SPDX-License-Identifier: Apache-2.0
/**
 * Selection kernels: {@link dev.quiver.compute.selection.Selection} filters, takes, concatenates, drops nulls and
 * slices arrays, chunked arrays, record batches and tables.
 *
 * <p>An example on the {@code trips} table (its one {@code batch}) and the {@code countries} table of the
 * {@code dev.quiver.compute} package's example; run by the module's tests ({@code ComputeExamplesTest}):
 * {@snippet class=dev.quiver.compute.ComputeExamplesTest region=selection}
 */
package dev.quiver.compute.selection;
