// SPDX-License-Identifier: Apache-2.0
/**
 * Arithmetic kernels: {@link dev.quiver.compute.arithmetic.Arithmetic} (add, subtract, multiply, divide, power,
 * negate, abs, their checked variants, round, floor, ceil, sqrt, ln) with the type rules of
 * {@link dev.quiver.compute.arithmetic.NumericTypes}.
 */
package dev.quiver.compute.arithmetic;
