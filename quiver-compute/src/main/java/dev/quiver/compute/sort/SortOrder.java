// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.sort;

/** The direction of a sort key. */
public enum SortOrder {
    /** Smallest first. */
    ASCENDING,
    /** Largest first. */
    DESCENDING
}
