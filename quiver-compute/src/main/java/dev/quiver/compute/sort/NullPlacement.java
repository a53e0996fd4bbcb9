// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.sort;

/**
 * Where nulls (and, next to them, NaNs) go in a sort, whatever the order: at the end {@code [values, NaN, null]}
 * or at the start {@code [null, NaN, values]}, as in Arrow C++.
 */
public enum NullPlacement {
    /** Nulls first, then NaNs, then the values. */
    AT_START,
    /** The values, then NaNs, then nulls (Arrow's default). */
    AT_END
}
