// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.kernel;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

/**
 * Runs independent pieces of a kernel (chunks of a chunked array, morsels of one long array) on several threads.
 * An exception thrown by a piece is rethrown as is in the caller (the first one in piece order).
 */
public final class Parallel {
    /** Rows per morsel when one array is split for several threads. */
    public static final long MORSEL_ROWS = 1L << 20;

    private Parallel() {
    }

    /**
     * The default thread count: every core.
     *
     * @return the number of available processors
     */
    public static int allCores() {
        return Runtime.getRuntime().availableProcessors();
    }

    /**
     * Runs {@code task(0) .. task(tasks - 1)}, on up to {@code threads} threads.
     *
     * @param tasks the number of pieces
     * @param threads the most threads to use (1 runs them in the caller, in order)
     * @param task the work of one piece
     */
    public static void run(int tasks, int threads, IntConsumer task) {
        int n = Math.min(tasks, Math.max(1, threads));
        if (n <= 1) {
            for (int t = 0; t < tasks; t++) {
                task.accept(t);
            }
            return;
        }
        // The caller and n - 1 virtual threads (cheap to start, so short kernels pay no pool) take pieces in turn.
        AtomicInteger next = new AtomicInteger();
        Throwable[] failures = new Throwable[tasks];
        Runnable worker = () -> {
            for (int t = next.getAndIncrement(); t < tasks; t = next.getAndIncrement()) {
                try {
                    task.accept(t);
                } catch (Throwable e) {
                    failures[t] = e;
                }
            }
        };
        Thread[] helpers = new Thread[n - 1];
        for (int h = 0; h < helpers.length; h++) {
            helpers[h] = Thread.ofVirtual().name("quiver-compute").start(worker);
        }
        worker.run();
        for (Thread h : helpers) {
            join(h);
        }
        for (Throwable e : failures) {
            if (e instanceof RuntimeException r) {
                throw r;
            }
            if (e instanceof Error err) {
                throw err;
            }
            if (e != null) {
                throw new IllegalStateException(e);
            }
        }
    }

    /**
     * The number of morsels a range of rows splits into for the given thread count.
     *
     * @param rows the number of rows
     * @param threads the thread count
     * @return 1 for one thread or a short range, else about {@code rows / MORSEL_ROWS}
     */
    public static int morsels(long rows, int threads) {
        if (threads <= 1 || rows <= MORSEL_ROWS) {
            return 1;
        }
        return (int) Math.min(4096, (rows + MORSEL_ROWS - 1) / MORSEL_ROWS);
    }

    /**
     * The first row of a morsel; morsel boundaries are multiples of 64 so bitmap words never straddle two.
     *
     * @param rows the number of rows
     * @param morsels the number of morsels
     * @param k the morsel, {@code 0 .. morsels} ({@code morsels} gives {@code rows})
     * @return the first row of morsel {@code k}
     */
    public static long morselStart(long rows, int morsels, int k) {
        if (k >= morsels) {
            return rows;
        }
        long start = rows / morsels * k;
        return Math.min(rows, start & ~63L);
    }

    private static void join(Thread helper) {
        boolean interrupted = false;
        while (true) {
            try {
                helper.join();
                break;
            } catch (InterruptedException e) {
                // The helper works on memory the caller owns: wait for it, then keep the interrupt.
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
