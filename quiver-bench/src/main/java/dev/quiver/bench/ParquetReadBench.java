// SPDX-License-Identifier: Apache-2.0
package dev.quiver.bench;

import dev.hardwood.InputFile;
import dev.hardwood.reader.ColumnReaders;
import dev.hardwood.reader.ParquetFileReader;
import dev.hardwood.schema.ColumnProjection;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.parquet.ParquetReadOptions;
import dev.quiver.parquet.ParquetReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Parquet reading side by side, rounds interleaved: {@code ParquetReadBench DIR PYTHON ROUNDS [ROWS]} writes
 * bench-v1 (ROWS, default 10,000,000) with pyarrow as {@code DIR/bench-ROWS-snappy.parquet} and
 * {@code -zstd.parquet} (unless present), then per round and file times, each the best of 3 warm reads:
 * Quiver on one thread and on every core (every batch built, fully validated, the default), Hardwood 1.0
 * (every column's batches read), and pyarrow's {@code pq.read_table} with {@code use_threads=False} and
 * {@code True} (quiver-bench/parquet-bench.py, a process per round). Prints each figure, then the best and
 * median of the rounds and the ratios to pyarrow.
 */
public final class ParquetReadBench {
    private static final int REPEAT = 3;

    private ParquetReadBench() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        String python = args[1];
        int rounds = Integer.parseInt(args[2]);
        long rows = args.length > 3 ? Long.parseLong(args[3]) : 10_000_000L;
        Path script = Path.of("quiver-bench", "parquet-bench.py");
        int cores = Runtime.getRuntime().availableProcessors();
        Map<String, List<Double>> figures = new LinkedHashMap<>();
        List<Path> files = new ArrayList<>();
        for (String codec : List.of("snappy", "zstd")) {
            Path file = dir.resolve("bench-" + rows + "-" + codec + ".parquet");
            if (!Files.exists(file)) {
                run(python, script.toString(), "gen", Long.toString(rows), file.toString(), codec);
            }
            files.add(file);
        }
        for (int round = 1; round <= rounds; round++) {
            for (Path file : files) {
                String codec = file.getFileName().toString().contains("zstd") ? "zstd" : "snappy";
                record(figures, codec + " quiver 1 thread", best(() -> quiver(file, 1, rows)));
                record(figures, codec + " pyarrow 1 thread", pyarrow(python, script, file, 1));
                record(figures, codec + " quiver " + cores + " threads", best(() -> quiver(file, 0, rows)));
                record(figures, codec + " pyarrow " + cores + " threads", pyarrow(python, script, file, cores));
                record(figures, codec + " hardwood", best(() -> hardwood(file, rows)));
                System.out.printf(Locale.ROOT, "round %d %s done%n", round, codec);
            }
        }
        for (Map.Entry<String, List<Double>> e : figures.entrySet()) {
            List<Double> v = new ArrayList<>(e.getValue());
            v.sort(null);
            System.out.printf(Locale.ROOT, "%-28s best %.3f s, median %.3f s, all %s%n", e.getKey(), v.get(0),
                    v.get(v.size() / 2), e.getValue());
        }
        for (String codec : List.of("snappy", "zstd")) {
            ratio(figures, codec + " quiver 1 thread", codec + " pyarrow 1 thread");
            ratio(figures, codec + " quiver " + cores + " threads", codec + " pyarrow " + cores + " threads");
            ratio(figures, codec + " hardwood", codec + " pyarrow " + cores + " threads");
        }
    }

    private interface Timed {
        void run() throws Exception;
    }

    private static double best(Timed read) throws Exception {
        double best = Double.MAX_VALUE;
        for (int k = 0; k < REPEAT; k++) {
            long start = System.nanoTime();
            read.run();
            best = Math.min(best, (System.nanoTime() - start) / 1e9);
        }
        return best;
    }

    private static void quiver(Path file, int threads, long expectedRows) {
        long count = 0;
        try (ParquetReader reader = ParquetReader.open(file, ParquetReadOptions.DEFAULT.withThreads(threads))) {
            for (RecordBatch b : reader) {
                count += b.rowCount();
            }
        }
        check(count, expectedRows);
    }

    private static void hardwood(Path file, long expectedRows) throws IOException {
        long count = 0;
        try (ParquetFileReader reader = ParquetFileReader.open(InputFile.of(file));
                ColumnReaders columns = reader.columnReaders(ColumnProjection.all())) {
            while (columns.nextBatch()) {
                count += columns.getRecordCount();
                for (int c = 0; c < columns.getColumnCount(); c++) {
                    columns.getColumnReader(c).getValueCount();
                }
            }
        }
        check(count, expectedRows);
    }

    private static void check(long count, long expected) {
        if (count != expected) {
            throw new IllegalStateException("read " + count + " rows, expected " + expected);
        }
    }

    private static double pyarrow(String python, Path script, Path file, int threads) throws Exception {
        String out = run(python, script.toString(), "read", file.toString(), Integer.toString(threads),
                Integer.toString(REPEAT));
        for (String line : out.split("\n")) {
            if (line.startsWith("read_seconds_min=")) {
                return Double.parseDouble(line.substring("read_seconds_min=".length()).trim());
            }
        }
        throw new IllegalStateException("no read_seconds_min in: " + out);
    }

    private static String run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed: " + out);
        }
        return out;
    }

    private static void record(Map<String, List<Double>> figures, String key, double seconds) {
        figures.computeIfAbsent(key, k -> new ArrayList<>()).add(seconds);
        System.out.printf(Locale.ROOT, "%-28s %.3f s%n", key, seconds);
    }

    private static void ratio(Map<String, List<Double>> figures, String a, String b) {
        List<Double> x = new ArrayList<>(figures.get(a));
        List<Double> y = new ArrayList<>(figures.get(b));
        x.sort(null);
        y.sort(null);
        System.out.printf(Locale.ROOT, "ratio %s / %s: best %.2f, median %.2f%n", a, b, x.get(0) / y.get(0),
                x.get(x.size() / 2) / y.get(y.size() / 2));
    }
}
