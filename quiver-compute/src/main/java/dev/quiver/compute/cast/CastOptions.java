// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.cast;

/**
 * What a cast may lose. The safe default allows nothing: an integer out of the target's range, a float with a
 * fraction cast to an integer, a timestamp losing sub-unit precision or a decimal losing digits is an error naming
 * the value and its row.
 *
 * @param allowIntOverflow integers out of range wrap around instead of failing
 * @param allowFloatTruncate floats cast to integers drop their fraction (and integers beyond 2^53 round when cast
 *     to float64) instead of failing
 * @param allowTimeTruncate temporal casts to a coarser unit drop the remainder instead of failing
 * @param allowDecimalTruncate decimal casts to a smaller scale drop digits instead of failing
 */
public record CastOptions(boolean allowIntOverflow, boolean allowFloatTruncate, boolean allowTimeTruncate,
        boolean allowDecimalTruncate) {
    /** Nothing may be lost (pyarrow's {@code safe=True}). */
    public static final CastOptions SAFE = new CastOptions(false, false, false, false);
    /** Everything may be lost (pyarrow's {@code safe=False}). */
    public static final CastOptions UNSAFE = new CastOptions(true, true, true, true);
}
