// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.aggregate;

/** How a quantile between two values {@code i < j} is taken, as pyarrow's {@code QuantileOptions}. */
public enum Interpolation {
    /** {@code i + (j - i) * fraction} (the default). */
    LINEAR,
    /** {@code i}. */
    LOWER,
    /** {@code j}. */
    HIGHER,
    /** The nearer of {@code i} and {@code j}; the even-indexed one on a tie. */
    NEAREST,
    /** {@code (i + j) / 2}. */
    MIDPOINT
}
