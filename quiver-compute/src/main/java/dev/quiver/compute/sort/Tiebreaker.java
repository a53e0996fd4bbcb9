// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.sort;

/** How rank numbers equal values. */
public enum Tiebreaker {
    /** Equal values get the smallest rank of their group. */
    MIN,
    /** Equal values get the largest rank of their group. */
    MAX,
    /** Ranks follow the stable sort order, so equal values get distinct ranks. */
    FIRST,
    /** Equal values share a rank and ranks have no gaps. */
    DENSE
}
