// SPDX-License-Identifier: Apache-2.0
/**
 * Hashing kernels: {@link dev.quiver.compute.hash.Hashing} (unique, value_counts and dictionary_encode), and
 * the row-table key grouper they and the hash join share ({@link dev.quiver.compute.hash.KeyGrouper}).
 *
 * <p>An example on the {@code trips} table (its one {@code batch}) and the {@code countries} table of the
 * {@code dev.quiver.compute} package's example; run by the module's tests ({@code ComputeExamplesTest}):
 * {@snippet class=dev.quiver.compute.ComputeExamplesTest region=hash}
 */
package dev.quiver.compute.hash;
