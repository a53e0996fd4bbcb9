// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import java.time.Duration;

/**
 * The times of repeated runs of one piece of work, as the benchmark commands print them: wall and
 * process CPU time of the first run and the least of every run.
 */
final class RunTimes {
    /** The work timed: a read, a write. */
    interface Run<T> {
        T run() throws Exception;
    }

    private int runs;
    private long first;
    private long firstCpu;
    private long firstEnd;
    private long best = Long.MAX_VALUE;
    private long bestCpu = Long.MAX_VALUE;

    /** Runs {@code work} once, timing it; its result. */
    <T> T time(Run<T> work) throws Exception {
        long cpuStart = processCpuNanos();
        long start = System.nanoTime();
        T result = work.run();
        long end = System.nanoTime();
        long cpu = processCpuNanos() - cpuStart;
        if (runs++ == 0) {
            first = end - start;
            firstCpu = cpu;
            firstEnd = end;
        }
        best = Math.min(best, end - start);
        bestCpu = Math.min(bestCpu, cpu);
        return result;
    }

    /** Nanoseconds of the first run. */
    long first() {
        return first;
    }

    /** CPU nanoseconds of the process (every thread) during the first run. */
    long firstCpu() {
        return firstCpu;
    }

    /** When the first run ended, in {@link System#nanoTime()}'s terms. */
    long firstEnd() {
        return firstEnd;
    }

    /** Nanoseconds of the fastest run. */
    long best() {
        return best;
    }

    /** The least CPU nanoseconds of the process during one run. */
    long bestCpu() {
        return bestCpu;
    }

    /** The CPU time of this process so far, every thread's; 0 where the system does not tell. */
    private static long processCpuNanos() {
        return ProcessHandle.current().info().totalCpuDuration().map(Duration::toNanos).orElse(0L);
    }
}
