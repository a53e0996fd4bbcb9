// SPDX-License-Identifier: Apache-2.0
/**
 * Temporal kernels: {@link dev.quiver.compute.temporal.Temporal} (fields of dates, times and timestamps, local
 * to a time zone; truncation to a unit; formatting and parsing with patterns).
 *
 * <p>An example on the {@code trips} table (its one {@code batch}) and the {@code countries} table of the
 * {@code dev.quiver.compute} package's example; run by the module's tests ({@code ComputeExamplesTest}):
 * {@snippet class=dev.quiver.compute.ComputeExamplesTest region=temporal}
 */
package dev.quiver.compute.temporal;
