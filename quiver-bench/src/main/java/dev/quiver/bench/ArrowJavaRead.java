// SPDX-License-Identifier: Apache-2.0
package dev.quiver.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * arrow-java 19's side of {@code quiver bench-read} and {@code pyarrow-bench.py read}, for the tables of
 * docs/benchmarks.md: {@code ArrowJavaRead FILE [--repeat K]} reads an Arrow file K times in this process
 * with {@code ArrowFileReader} (one thread), computes the bench-v1 checksum each time and prints its lines,
 * then {@code read_seconds=} (the first read) and, when K &gt; 1, {@code read_seconds_min=} (the best).
 * The checksums of the K reads must agree.
 */
public final class ArrowJavaRead {
    private ArrowJavaRead() {
    }

    /**
     * Runs the reads.
     *
     * @param args FILE, then optionally {@code --repeat K}
     * @throws Exception when the file cannot be read or two reads disagree
     */
    public static void main(String[] args) throws Exception {
        if (args.length != 1 && !(args.length == 3 && args[1].equals("--repeat"))) {
            throw new IllegalArgumentException("usage: ArrowJavaRead FILE [--repeat K]");
        }
        Path file = Path.of(args[0]);
        int repeat = args.length == 3 ? Integer.parseInt(args[2]) : 1;
        double first = 0;
        double best = Double.MAX_VALUE;
        List<String> lines = null;
        try (BufferAllocator allocator = new RootAllocator()) {
            for (int run = 0; run < repeat; run++) {
                long start = System.nanoTime();
                List<String> checksum = ArrowIo.readFile(file, allocator).lines();
                double seconds = (System.nanoTime() - start) / 1e9;
                if (lines != null && !lines.equals(checksum)) {
                    throw new IllegalStateException("read " + (run + 1) + " gave another checksum: " + checksum);
                }
                lines = checksum;
                first = run == 0 ? seconds : first;
                best = Math.min(best, seconds);
            }
        }
        lines.forEach(System.out::println);
        System.out.printf(Locale.ROOT, "read_seconds=%.3f%n", first);
        if (repeat > 1) {
            System.out.printf(Locale.ROOT, "read_seconds_min=%.3f%n", best);
        }
    }
}
