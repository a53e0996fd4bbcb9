// SPDX-License-Identifier: Apache-2.0
package dev.quiver.bench;

import dev.quiver.benchdata.BenchV1;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.ipc.IpcFileWriter;
import dev.quiver.parquet.ParquetWriteOptions;
import dev.quiver.parquet.ParquetWriter;
import dev.quiver.parquet.format.CompressionCodec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Quiver's {@link ParquetWriter} and pyarrow's {@code pq.write_table} writing {@code bench-v1} side by side,
 * both on one thread, with SNAPPY and ZSTD (level 1 on both sides), alternating in every round so that the
 * load of the machine falls on both; prints each run and the best of each with Quiver's time over pyarrow's.
 * Quiver runs twice per round: with its defaults, and without the first-page dictionary check (dictionaries kept
 * up to their size limit, as Arrow C++ keeps them).
 * The table is in memory on both sides before the clock starts (pyarrow reads an IPC file of it first).
 *
 * <pre>
 * java -cp quiver-bench/target/benchmarks.jar --enable-native-access=ALL-UNNAMED \
 *     dev.quiver.bench.ParquetWriteBench ROWS ROUNDS DIR PYTHON quiver-bench/parquet-write-bench.py
 * </pre>
 */
public final class ParquetWriteBench {
    private ParquetWriteBench() {
    }

    /**
     * Runs the benchmark.
     *
     * @param args rows, rounds, a scratch directory, the Python interpreter and the path of
     *     {@code parquet-write-bench.py}
     * @throws Exception if a run fails
     */
    public static void main(String[] args) throws Exception {
        long rows = Long.parseLong(args[0]);
        int rounds = Integer.parseInt(args[1]);
        Path dir = Path.of(args[2]);
        String python = args[3];
        String script = args[4];
        Files.createDirectories(dir);
        List<RecordBatch> batches = new BenchV1(BufferAllocator.managed()).batches(rows);
        Path arrow = dir.resolve("bench-v1.arrow");
        try (IpcFileWriter writer = IpcFileWriter.open(arrow, BenchV1.SCHEMA)) {
            for (RecordBatch b : batches) {
                writer.write(b);
            }
        }
        Map<String, Double> best = new TreeMap<>();
        Map<String, Long> sizes = new TreeMap<>();
        String[] codecs = {"snappy", "zstd"};
        for (int round = 0; round < rounds; round++) {
            for (String codec : codecs) {
                Path quiverFile = dir.resolve("quiver-" + codec + ".parquet");
                ParquetWriteOptions options = ParquetWriteOptions.DEFAULT.withThreads(1)
                        .withCodec(ParquetWriteOptions.codecNamed(codec));
                if (codec.equals("zstd")) {
                    options = options.withCompressionLevel(1);
                }
                record("quiver " + codec, time(quiverFile, options, batches), Files.size(quiverFile), best, sizes);
                // Arrow C++'s dictionary rule: no first-page check, dictionaries kept up to their size limit
                record("quiver-nocheck " + codec, time(quiverFile, options.withDictionaryFirstPageCheck(false),
                        batches), Files.size(quiverFile), best, sizes);
                Path pyFile = dir.resolve("pyarrow-" + codec + ".parquet");
                List<String> command = new ArrayList<>(List.of(python, script, arrow.toString(), pyFile.toString(),
                        codec));
                if (codec.equals("zstd")) {
                    command.add("1");
                }
                Map<String, String> out = run(command);
                record("pyarrow " + codec, Double.parseDouble(out.get("seconds")), Long.parseLong(out.get("bytes")),
                        best, sizes);
            }
        }
        for (String codec : codecs) {
            double q = best.get("quiver " + codec);
            double n = best.get("quiver-nocheck " + codec);
            double p = best.get("pyarrow " + codec);
            System.out.printf("best %s: quiver %.3f s (%d bytes), pyarrow %.3f s (%d bytes), quiver/pyarrow %.2f;"
                    + " quiver without the first-page dictionary check %.3f s (%d bytes), %.2f%n", codec, q,
                    sizes.get("quiver " + codec), p, sizes.get("pyarrow " + codec), q / p, n,
                    sizes.get("quiver-nocheck " + codec), n / p);
        }
    }

    private static double time(Path file, ParquetWriteOptions options, List<RecordBatch> batches) {
        long start = System.nanoTime();
        try (ParquetWriter writer = ParquetWriter.open(file, BenchV1.SCHEMA, options)) {
            for (RecordBatch b : batches) {
                writer.write(b);
            }
        }
        return (System.nanoTime() - start) / 1e9;
    }

    private static void record(String name, double seconds, long bytes, Map<String, Double> best,
            Map<String, Long> sizes) {
        System.out.printf("%s: %.3f s, %d bytes%n", name, seconds, bytes);
        best.merge(name, seconds, Math::min);
        sizes.put(name, bytes);
    }

    private static Map<String, String> run(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String text = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (process.waitFor() != 0) {
            throw new IOException(command + " failed: " + text);
        }
        Map<String, String> out = new TreeMap<>();
        for (String line : text.split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                out.put(line.substring(0, eq).trim(), line.substring(eq + 1).trim());
            }
        }
        return out;
    }
}
