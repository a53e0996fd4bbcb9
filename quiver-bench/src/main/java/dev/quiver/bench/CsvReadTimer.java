// SPDX-License-Identifier: Apache-2.0
package dev.quiver.bench;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.csv.CsvReadOptions;
import dev.quiver.csv.CsvReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.Locale;

/**
 * A quick timing of {@link CsvReader} beside {@code csv-bench.py read}, without JMH:
 * {@code CsvReadTimer FILE THREADS RUNS [BLOCK_BYTES]} reads FILE RUNS times (types inferred, every batch built) and
 * prints each run's wall time, the CPU time of the reading thread and that of the whole process (every
 * thread: workers, collector, compiler), then the best wall time as {@code seconds=} and the best process
 * CPU time as {@code cpu_seconds=} (the first runs warm the JIT up). {@link CsvReadBench} is the JMH version.
 */
public final class CsvReadTimer {
    private CsvReadTimer() {
    }

    public static void main(String[] args) {
        Path file = Path.of(args[0]);
        int threads = Integer.parseInt(args[1]);
        int runs = Integer.parseInt(args[2]);
        CsvReadOptions options = CsvReadOptions.DEFAULT.withThreads(threads);
        if (args.length > 3) {
            options = options.withBlockSize(Integer.parseInt(args[3]));
        }
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean)
                ManagementFactory.getOperatingSystemMXBean();
        double best = Double.MAX_VALUE;
        double bestCpu = Double.MAX_VALUE;
        for (int run = 0; run < runs; run++) {
            long start = System.nanoTime();
            long startCpu = cpu.getCurrentThreadCpuTime();
            long startProcess = os.getProcessCpuTime();
            long rows = 0;
            try (CsvReader reader = CsvReader.open(file, options)) {
                for (RecordBatch batch : reader) {
                    rows += batch.rowCount();
                }
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            double process = (os.getProcessCpuTime() - startProcess) / 1e9;
            best = Math.min(best, seconds);
            bestCpu = Math.min(bestCpu, process);
            System.out.printf(Locale.ROOT, "run %d: rows=%d wall=%.3f s, reading thread cpu=%.3f s, process cpu=%.3f s%n",
                    run + 1, rows, seconds, (cpu.getCurrentThreadCpuTime() - startCpu) / 1e9, process);
        }
        System.out.printf(Locale.ROOT, "threads=%d seconds=%.3f cpu_seconds=%.3f%n", threads, best, bestCpu);
    }
}
