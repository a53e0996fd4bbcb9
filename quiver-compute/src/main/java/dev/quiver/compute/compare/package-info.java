// SPDX-License-Identifier: Apache-2.0
/**
 * Comparison and logic: {@link dev.quiver.compute.compare.Comparison} ({@code = != < <= > >=}),
 * {@link dev.quiver.compute.compare.Logic} (and/or/xor/not, Kleene and plain),
 * {@link dev.quiver.compute.compare.Predicates} (is_null, is_valid, is_nan, is_in) and
 * {@link dev.quiver.compute.compare.Choice} (if_else, coalesce, fill_null).
 */
package dev.quiver.compute.compare;
