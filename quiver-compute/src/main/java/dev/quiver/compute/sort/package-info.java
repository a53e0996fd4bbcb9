// SPDX-License-Identifier: Apache-2.0
/**
 * Sorting kernels: {@link dev.quiver.compute.sort.Sorting} gives stable sort_indices, sort, select_k and rank over
 * arrays, batches and tables on several keys.
 *
 * <p>An example on the {@code trips} table (its one {@code batch}) and the {@code countries} table of the
 * {@code dev.quiver.compute} package's example; run by the module's tests ({@code ComputeExamplesTest}):
 * {@snippet class=dev.quiver.compute.ComputeExamplesTest region=sort}
 */
package dev.quiver.compute.sort;
