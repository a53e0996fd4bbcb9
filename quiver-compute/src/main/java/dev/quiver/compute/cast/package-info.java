// SPDX-License-Identifier: Apache-2.0
/**
 * Casts: {@link dev.quiver.compute.cast.Cast} converts arrays between types, safely by default
 * ({@link dev.quiver.compute.cast.CastOptions}).
 *
 * <p>An example on the {@code trips} table (its one {@code batch}) and the {@code countries} table of the
 * {@code dev.quiver.compute} package's example; run by the module's tests ({@code ComputeExamplesTest}):
 * {@snippet class=dev.quiver.compute.ComputeExamplesTest region=cast}
 */
package dev.quiver.compute.cast;
