// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import java.util.function.IntConsumer;

/**
 * Runs one task per column and waits for all: on the calling thread alone ({@code threads} 1), on the common
 * pool ({@code threads} 0, one per core), or on a pool of its own of {@code threads} threads. The first failure
 * of a task is rethrown as it was (unchecked) once every task has ended.
 */
final class ColumnWork implements AutoCloseable {
    private final ExecutorService pool;
    private final boolean own;

    ColumnWork(int threads) {
        if (threads == 1 || (threads == 0 && Runtime.getRuntime().availableProcessors() == 1)) {
            pool = null;
            own = false;
        } else if (threads == 0) {
            pool = ForkJoinPool.commonPool();
            own = false;
        } else {
            pool = new ForkJoinPool(threads);
            own = true;
        }
    }

    /** Runs {@code task} for 0 to {@code n - 1}. */
    void run(int n, IntConsumer task) {
        if (pool == null || n == 1) {
            for (int j = 0; j < n; j++) {
                task.accept(j);
            }
            return;
        }
        List<Callable<Void>> tasks = new ArrayList<>(n);
        for (int j = 0; j < n; j++) {
            int column = j;
            tasks.add(() -> {
                task.accept(column);
                return null;
            });
        }
        List<Future<Void>> futures;
        try {
            futures = pool.invokeAll(tasks);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ParquetException("interrupted while writing columns", e);
        }
        Throwable first = null;
        for (Future<Void> f : futures) {
            try {
                f.get();
            } catch (ExecutionException e) {
                if (first == null) {
                    first = e.getCause();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ParquetException("interrupted while writing columns", e);
            }
        }
        if (first instanceof RuntimeException r) {
            throw r;
        }
        if (first instanceof Error err) {
            throw err;
        }
        if (first != null) {
            throw new ParquetException("a column failed: " + first, first);
        }
    }

    @Override
    public void close() {
        if (own) {
            pool.shutdown();
        }
    }
}
