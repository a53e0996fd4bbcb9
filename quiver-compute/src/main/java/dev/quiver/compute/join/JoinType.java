// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.join;

/** The kinds of {@link HashJoin}: which rows of the left (probe) and right (build) side come out. */
public enum JoinType {
    /** Every matching pair of a left and a right row. */
    INNER,
    /** Every matching pair, and each left row without a match, its right columns null. */
    LEFT_OUTER,
    /** Every matching pair, and each right row without a match, its left columns null. */
    RIGHT_OUTER,
    /** Every matching pair, and each unmatched row of either side, the other side's columns null. */
    FULL_OUTER,
    /** Each left row with at least one match, once, left columns only. */
    LEFT_SEMI,
    /** Each left row without a match, left columns only. */
    LEFT_ANTI,
    /** Each right row with at least one match, once, right columns only. */
    RIGHT_SEMI,
    /** Each right row without a match, right columns only. */
    RIGHT_ANTI;

    /** Whether the output holds left columns. */
    boolean outputsLeft() {
        return this != RIGHT_SEMI && this != RIGHT_ANTI;
    }

    /** Whether the output holds right columns. */
    boolean outputsRight() {
        return this == INNER || this == LEFT_OUTER || this == RIGHT_OUTER || this == FULL_OUTER || this == RIGHT_SEMI
                || this == RIGHT_ANTI;
    }

    /** Whether the probe must record which right rows matched. */
    boolean tracksRightMatches() {
        return this == RIGHT_OUTER || this == FULL_OUTER || this == RIGHT_SEMI || this == RIGHT_ANTI;
    }
}
