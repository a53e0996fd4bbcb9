// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ndjson;

import dev.quiver.core.batch.RecordBatch;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The NDJSON writing benchmark (docs/benchmarks.md, "NDJSON reading"), not a test: reads a file whole (with
 * timestamp inference), then writes its batches to another file some times and prints the best wall time.
 *
 * <p>{@code java -cp ... dev.quiver.ndjson.NdjsonWriteBenchmark IN OUT [RUNS]}
 */
public final class NdjsonWriteBenchmark {
    private NdjsonWriteBenchmark() {
    }

    /**
     * Runs the benchmark.
     *
     * @param args the file to read, the file to write, and the number of runs (default 5)
     */
    public static void main(String[] args) {
        List<RecordBatch> batches = new ArrayList<>();
        NdjsonReader in = NdjsonReader.open(Path.of(args[0]), NdjsonReadOptions.DEFAULT.withInferTimestamps(true));
        try (in) {
            in.forEach(batches::add);
        }
        Path out = Path.of(args[1]);
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        double best = Double.MAX_VALUE;
        for (int run = 0; run < runs; run++) {
            long start = System.nanoTime();
            try (NdjsonWriter writer = NdjsonWriter.open(out, in.schema())) {
                batches.forEach(writer::write);
            }
            double wall = (System.nanoTime() - start) / 1e9;
            System.out.printf("run %d: %.3f s%n", run + 1, wall);
            best = Math.min(best, wall);
        }
        long rows = batches.stream().mapToLong(RecordBatch::rowCount).sum();
        System.out.printf("quiver write, 1 thread: %d rows, best %.3f s of %d%n", rows, best, runs);
    }
}
