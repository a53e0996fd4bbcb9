// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute;

import dev.quiver.compute.kernel.Parallel;
import java.util.function.Supplier;

/**
 * How many threads the kernels use: every core unless a caller sets a count for a piece of work.
 *
 * <pre>{@code
 * Table sorted = Threads.call(1, () -> Sorting.sort(table, SortKey.ascending("id")));
 * }</pre>
 */
public final class Threads {
    private static final ScopedValue<Integer> COUNT = ScopedValue.newInstance();

    private Threads() {
    }

    /**
     * The thread count in effect.
     *
     * @return the count set by the innermost {@link #call}, else the number of cores
     */
    public static int current() {
        return COUNT.isBound() ? COUNT.get() : Parallel.allCores();
    }

    /**
     * Runs work with the kernels limited to {@code threads} threads.
     *
     * @param threads the thread count, at least 1
     * @param work the work
     * @param <T> the work's result type
     * @return the work's result
     * @throws ComputeException if {@code threads} is less than 1
     */
    public static <T> T call(int threads, Supplier<T> work) {
        if (threads < 1) {
            throw new ComputeException("threads must be at least 1, not " + threads);
        }
        return ScopedValue.where(COUNT, threads).call(work::get);
    }
}
