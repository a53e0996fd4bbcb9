// SPDX-License-Identifier: Apache-2.0
package dev.quiver.bench;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.dataset.Dataset;
import dev.quiver.dataset.DatasetOptions;
import dev.quiver.dataset.Partitioning;
import dev.quiver.dataset.Scan;
import dev.quiver.dataset.ScanStats;
import dev.quiver.dataset.Scanner;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.Locale;

/**
 * A timing of a dataset scan beside {@code dataset_bench.py}'s pyarrow.dataset side, without JMH:
 * {@code DatasetScanTimer DIR THREADS RUNS [FILTER]} opens DIR as a hive-partitioned dataset and scans it
 * RUNS times (every batch delivered, filtered if FILTER is given), printing each run's wall time, rows,
 * files opened, Parquet row groups read and the process's CPU time during the run (every thread's, the
 * compiler's and collector's included) and the calling thread's (on one thread, the whole scan's own work),
 * then the best as {@code scan_seconds_min=} (the first run is the
 * process's first).
 */
public final class DatasetScanTimer {
    private DatasetScanTimer() {
    }

    /**
     * Runs the timing.
     *
     * @param args DIR THREADS RUNS [FILTER]
     */
    public static void main(String[] args) {
        Path dir = Path.of(args[0]);
        int threads = Integer.parseInt(args[1]);
        int runs = Integer.parseInt(args[2]);
        String filter = args.length > 3 ? args[3] : null;
        double best = Double.MAX_VALUE;
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        ThreadMXBean threadMx = ManagementFactory.getThreadMXBean();
        for (int run = 0; run < runs; run++) {
            long cpuStart = os.getProcessCpuTime();
            long callerStart = threadMx.getCurrentThreadCpuTime();
            long start = System.nanoTime();
            Dataset dataset = Dataset.open(dir, DatasetOptions.DEFAULT.withPartitioning(Partitioning.hive()));
            Scanner scanner = dataset.scanner().threads(threads);
            if (filter != null) {
                scanner.filter(filter);
            }
            long rows = 0;
            ScanStats stats;
            try (Scan scan = scanner.scan()) {
                for (RecordBatch batch : scan) {
                    rows += batch.rowCount();
                }
                stats = scan.stats();
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            double cpu = (os.getProcessCpuTime() - cpuStart) / 1e9;
            double callerCpu = (threadMx.getCurrentThreadCpuTime() - callerStart) / 1e9;
            best = Math.min(best, seconds);
            System.out.printf(Locale.ROOT, "run %d: rows=%d files_opened=%d row_groups_read=%d/%d wall=%.4f s cpu=%.4f s"
                    + " caller_cpu=%.4f s%n", run, rows, stats.filesOpened(), stats.rowGroupsRead(), stats.rowGroups(),
                    seconds, cpu, callerCpu);
        }
        System.out.printf(Locale.ROOT, "scan_seconds_min=%.3f%n", best);
    }
}
