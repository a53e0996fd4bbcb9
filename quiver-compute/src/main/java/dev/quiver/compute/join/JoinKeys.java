// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.join;

import dev.quiver.core.array.ArrayData;
import java.util.List;

/**
 * The build side's distinct keys, numbered {@code 0 .. groupCount()}: the join's hash table. Built once, then
 * probed from several threads, each through its own {@link Finder}.
 */
interface JoinKeys extends AutoCloseable {
    /**
     * The number of distinct keys.
     *
     * @return the group count
     */
    int groupCount();

    /**
     * A finder of probe keys, with its own scratch space: one per thread.
     *
     * @return a new finder
     */
    Finder probe();

    /** Releases the table's memory. */
    @Override
    void close();

    /** Finds the groups of probe rows; holds one thread's scratch space. */
    interface Finder extends AutoCloseable {
        /**
         * Writes the group of rows {@code [from, from + count)} of {@code keys} to {@code ids[0..count)}, -1 for a
         * key the build side does not hold (a key with a null may get either; the join clears those).
         *
         * @param keys the probe side's key columns
         * @param from the first row
         * @param count the number of rows
         * @param ids receives the group ids
         */
        void find(List<ArrayData> keys, int from, int count, int[] ids);

        /** Releases the scratch space, if the finder holds any. */
        @Override
        default void close() {
        }
    }
}
