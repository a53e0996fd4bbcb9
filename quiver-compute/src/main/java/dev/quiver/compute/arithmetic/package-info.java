// SPDX-License-Identifier: Apache-2.0
/**
 * Arithmetic kernels: {@link dev.quiver.compute.arithmetic.Arithmetic} (add, subtract, multiply, divide, power,
 * negate, abs, their checked variants, round, floor, ceil, sqrt, ln) with the type rules of
 * {@link dev.quiver.compute.arithmetic.NumericTypes}.
 *
 * <p>An example on the {@code trips} table (its one {@code batch}) and the {@code countries} table of the
 * {@code dev.quiver.compute} package's example; run by the module's tests ({@code ComputeExamplesTest}):
 * {@snippet class=dev.quiver.compute.ComputeExamplesTest region=arithmetic}
 */
package dev.quiver.compute.arithmetic;
