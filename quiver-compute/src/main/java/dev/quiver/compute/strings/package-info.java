// SPDX-License-Identifier: Apache-2.0
/**
 * UTF-8 string kernels: {@link dev.quiver.compute.strings.Strings} (lengths, case, predicates, regular
 * expressions, split, join, substrings and trimming).
 *
 * <p>An example on the {@code trips} table (its one {@code batch}) and the {@code countries} table of the
 * {@code dev.quiver.compute} package's example; run by the module's tests ({@code ComputeExamplesTest}):
 * {@snippet class=dev.quiver.compute.ComputeExamplesTest region=strings}
 */
package dev.quiver.compute.strings;
