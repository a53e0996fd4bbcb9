// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.FutureTask;

/**
 * The threads of parallel reads and writes: one shared pool of daemon threads, one per core. Work is
 * handed out as {@link FutureTask}s that the waiting thread runs itself when no pool thread has taken
 * them yet, so a caller never waits for a task that is not running, and never for more than the pool.
 */
final class IpcThreads {
    private static final int CORES = Runtime.getRuntime().availableProcessors();
    private static final ExecutorService POOL = Executors.newFixedThreadPool(CORES, r -> {
        Thread t = new Thread(r, "quiver-ipc");
        t.setDaemon(true);
        return t;
    });

    /** A thread that is not the caller, to ask a segment whether others may read it. */
    private static final Thread ANOTHER = Thread.ofVirtual().unstarted(() -> { });

    private IpcThreads() {
    }

    /** Whether threads other than the caller may read {@code segment} (a confined arena's may not). */
    static boolean readableByOtherThreads(MemorySegment segment) {
        return segment.isAccessibleBy(ANOTHER);
    }

    /** The number of threads an option asks for: 0 for one per core. */
    static int resolve(int threads) {
        return threads == 0 ? CORES : threads;
    }

    /** A task submitted to the pool; {@link #join} runs it on the caller if no pool thread has. */
    static <T> FutureTask<T> submit(Callable<T> work) {
        FutureTask<T> task = new FutureTask<>(work);
        POOL.execute(task);
        return task;
    }

    /**
     * The result of {@code task}, run on this thread unless a pool thread has taken it: its own
     * exception, unwrapped, if it failed.
     */
    static <T> T join(FutureTask<T> task) throws IOException {
        task.run();
        try {
            return task.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IpcException("interrupted while waiting for a batch", e);
        } catch (ExecutionException e) {
            switch (e.getCause()) {
                case IOException io -> throw io;
                case RuntimeException r -> throw r;
                case Error err -> throw err;
                default -> throw new IpcException(e.getCause().getMessage(), e.getCause());
            }
        }
    }

    /** Waits until {@code task} has run or is cancelled before it runs; ignores how it ended. */
    static void settle(FutureTask<?> task) {
        task.cancel(false);
        boolean interrupted = false;
        while (true) {
            try {
                task.get();
                break;
            } catch (CancellationException | ExecutionException e) {
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The results of {@code work} in order, computed on up to {@code threads} threads (the caller one of
     * them); the first failure in order is thrown.
     */
    static <T> List<T> map(List<Callable<T>> work, int threads) throws IOException {
        List<T> out = new ArrayList<>(work.size());
        if (threads <= 1 || work.size() <= 1) {
            for (Callable<T> w : work) {
                out.add(call(w));
            }
            return out;
        }
        List<FutureTask<T>> tasks = new ArrayList<>(work.size());
        for (int i = 0; i < work.size(); i++) {
            FutureTask<T> task = new FutureTask<>(work.get(i));
            if (i % threads != 0) {
                POOL.execute(task);
            }
            tasks.add(task);
        }
        try {
            for (FutureTask<T> task : tasks) {
                out.add(join(task));
            }
        } finally {
            for (FutureTask<T> task : tasks) {
                settle(task);
            }
        }
        return out;
    }

    private static <T> T call(Callable<T> work) throws IOException {
        try {
            return work.call();
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IpcException(e.getMessage(), e);
        }
    }
}
