// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ndjson;

import dev.quiver.core.batch.RecordBatch;
import java.nio.file.Path;

/**
 * The NDJSON reading benchmark's Quiver side (docs/benchmarks.md, "NDJSON reading"), not a test: reads a
 * file (made by {@code testing/data/ndjson/bench.py generate}) with timestamp inference, one thread, and
 * prints the best wall time of some runs.
 *
 * <p>{@code java -cp ... dev.quiver.ndjson.NdjsonReadBenchmark FILE [RUNS]}
 */
public final class NdjsonReadBenchmark {
    private NdjsonReadBenchmark() {
    }

    /**
     * Runs the benchmark.
     *
     * @param args the file, and the number of runs (default 5)
     */
    public static void main(String[] args) {
        Path file = Path.of(args[0]);
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        double bestWall = Double.MAX_VALUE;
        long rows = 0;
        for (int run = 0; run < runs; run++) {
            long start = System.nanoTime();
            rows = 0;
            try (NdjsonReader reader = NdjsonReader.open(file, NdjsonReadOptions.DEFAULT.withInferTimestamps(true))) {
                for (RecordBatch batch : reader) {
                    rows += batch.rowCount();
                }
            }
            double wall = (System.nanoTime() - start) / 1e9;
            System.out.printf("run %d: %d rows, %.3f s%n", run + 1, rows, wall);
            bestWall = Math.min(bestWall, wall);
        }
        System.out.printf("quiver 1 thread: %d rows, best %.3f s of %d%n", rows, bestWall, runs);
    }
}
