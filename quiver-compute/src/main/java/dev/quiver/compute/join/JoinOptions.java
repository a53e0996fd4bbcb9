// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.join;

import dev.quiver.compute.ComputeException;
import java.util.List;

/**
 * What a {@link HashJoin} does: the join type, the key columns of each side, the suffixes for output
 * names both sides have, a residual filter and the number of threads. Immutable; each {@code with}
 * method returns a changed copy.
 *
 * <pre>{@code
 * JoinOptions options = JoinOptions.on("name").type(JoinType.LEFT_OUTER).suffixes("", "_dim");
 * }</pre>
 *
 * @param type the join type
 * @param leftKeys the key columns of the left (probe) side
 * @param rightKeys the key columns of the right (build) side, one per left key, of the same types
 * @param leftSuffix appended to the name of a left non-key output column that a right one also has
 * @param rightSuffix appended to the name of a right non-key output column that a left one also has
 * @param filter the residual predicate on matching pairs, or null for none
 * @param threads the number of threads, at least 1
 * @param coalesceKeys whether each key comes out once (the left key, or the right one where the left
 *     side is missing), as pyarrow's {@code Table.join} does; otherwise both sides' key columns come out
 */
public record JoinOptions(JoinType type, List<String> leftKeys, List<String> rightKeys, String leftSuffix,
        String rightSuffix, JoinFilter filter, int threads, boolean coalesceKeys) {

    /**
     * Checks and copies the parts.
     *
     * @throws ComputeException if there are no keys, the key lists differ in length, or threads is below 1
     */
    public JoinOptions {
        leftKeys = List.copyOf(leftKeys);
        rightKeys = List.copyOf(rightKeys);
        if (leftKeys.isEmpty() || leftKeys.size() != rightKeys.size()) {
            throw new ComputeException("a join needs one or more keys, as many on each side: left " + leftKeys
                    + ", right " + rightKeys);
        }
        if (threads < 1) {
            throw new ComputeException("a join needs at least one thread, not " + threads);
        }
        if (type == null || leftSuffix == null || rightSuffix == null) {
            throw new ComputeException("the join type and the suffixes must not be null");
        }
    }

    /**
     * An inner join on key columns of the same names on both sides, on every core, with no suffixes
     * (names both sides have then repeat, as in Acero) and keys coalesced.
     *
     * @param keys the key column names
     * @return the options
     * @throws ComputeException if there is no key
     */
    public static JoinOptions on(String... keys) {
        return new JoinOptions(JoinType.INNER, List.of(keys), List.of(keys), "", "", null,
                Runtime.getRuntime().availableProcessors(), true);
    }

    /**
     * An inner join of left keys with right keys of other names.
     *
     * @param leftKeys the left key column names
     * @param rightKeys the right key column names, one per left key
     * @return the options
     * @throws ComputeException if there is no key or the lists differ in length
     */
    public static JoinOptions on(List<String> leftKeys, List<String> rightKeys) {
        return new JoinOptions(JoinType.INNER, leftKeys, rightKeys, "", "", null,
                Runtime.getRuntime().availableProcessors(), true);
    }

    /**
     * These options with another join type.
     *
     * @param newType the join type
     * @return the changed copy
     */
    public JoinOptions type(JoinType newType) {
        return new JoinOptions(newType, leftKeys, rightKeys, leftSuffix, rightSuffix, filter, threads, coalesceKeys);
    }

    /**
     * These options with suffixes for output names both sides have.
     *
     * @param left the suffix of the left column
     * @param right the suffix of the right column
     * @return the changed copy
     */
    public JoinOptions suffixes(String left, String right) {
        return new JoinOptions(type, leftKeys, rightKeys, left, right, filter, threads, coalesceKeys);
    }

    /**
     * These options with a residual filter.
     *
     * @param newFilter the predicate on matching pairs, or null for none
     * @return the changed copy
     */
    public JoinOptions filter(JoinFilter newFilter) {
        return new JoinOptions(type, leftKeys, rightKeys, leftSuffix, rightSuffix, newFilter, threads, coalesceKeys);
    }

    /**
     * These options with a number of threads.
     *
     * @param newThreads the number of threads, at least 1
     * @return the changed copy
     */
    public JoinOptions threads(int newThreads) {
        return new JoinOptions(type, leftKeys, rightKeys, leftSuffix, rightSuffix, filter, newThreads, coalesceKeys);
    }

    /**
     * These options with keys coalesced, or with both sides' key columns in the output.
     *
     * @param coalesce whether each key comes out once
     * @return the changed copy
     */
    public JoinOptions coalesceKeys(boolean coalesce) {
        return new JoinOptions(type, leftKeys, rightKeys, leftSuffix, rightSuffix, filter, threads, coalesce);
    }
}
