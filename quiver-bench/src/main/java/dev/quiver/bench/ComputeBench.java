// SPDX-License-Identifier: Apache-2.0
package dev.quiver.bench;

import dev.quiver.benchdata.BenchV1;
import dev.quiver.compute.Threads;
import dev.quiver.compute.cast.Cast;
import dev.quiver.compute.compare.Predicates;
import dev.quiver.compute.selection.NullSelection;
import dev.quiver.compute.selection.Selection;
import dev.quiver.compute.sort.NullPlacement;
import dev.quiver.compute.sort.SortOrder;
import dev.quiver.compute.sort.Sorting;
import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.Table;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.builder.BooleanBuilder;
import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Compute kernels side by side with pyarrow.compute on bench-v1's {@code id, x, maybe, name} columns (each
 * combined into one array beforehand on both sides): filter at 10% selectivity, take of a permutation,
 * sort_indices on a shuffled int64 and on {@code name}, casts int64→float64 and utf8→int64, is_in on {@code name}
 * and {@code id} with 1,000-value sets. Each round times Quiver on one thread and on every core (best of
 * {@code REPEAT} each, after three warm-up runs of every kernel), then runs {@code scripts/compute_bench.py} (pyarrow, one thread, best of {@code REPEAT});
 * the table gives best / median over the rounds and the ratios. {@code OPS} (comma-separated kernel names, as in
 * the table) runs only those kernels on the Java side, warm-up included: a kernel alone against the same kernel
 * after the others. Each side makes one untimed call of a kernel before timing it.
 *
 * <p>pyarrow's large buffers (numpy's and Arrow's memory pool's) sit on transparent huge pages where the host
 * allows them on request ({@code madvise}); the Java heap, where Quiver's columns and kernel outputs live, does only
 * with {@code -XX:+UseTransparentHugePages}: give that flag to compare like with like, and say which
 * (docs/benchmarks.md).
 *
 * <pre>
 * java --enable-native-access=ALL-UNNAMED -Xmx8g [-XX:+UseTransparentHugePages] \
 *     -cp quiver-bench/target/benchmarks.jar dev.quiver.bench.ComputeBench PYTHON [ROWS] [ROUNDS] [REPEAT] [OPS]
 * </pre>
 */
public final class ComputeBench {
    private static final int WARMUP = 3;

    private ComputeBench() {
    }

    /**
     * Runs the comparison.
     *
     * @param args the Python with pyarrow, then optionally the rows (10,000,000), the rounds (3), the repeats (3)
     *     and the kernels to run (all)
     * @throws Exception if Python fails or a kernel name is unknown
     */
    public static void main(String[] args) throws Exception {
        String python = args[0];
        long rows = args.length > 1 ? Long.parseLong(args[1]) : 10_000_000L;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        int repeat = args.length > 3 ? Integer.parseInt(args[3]) : 3;
        Map<String, Supplier<Object>> ops = operations(rows);
        if (args.length > 4) {
            ops = only(ops, args[4]);
        }
        Map<String, List<double[]>> results = new LinkedHashMap<>();
        for (int warm = 0; warm < WARMUP; warm++) {
            for (Supplier<Object> op : ops.values()) {
                Threads.call(1, op);
                op.get();
            }
        }
        for (int round = 0; round < rounds; round++) {
            Map<String, Double> py = pyarrow(python, rows, repeat);
            for (Map.Entry<String, Supplier<Object>> op : ops.entrySet()) {
                double one = Threads.call(1, () -> best(repeat, op.getValue()));
                double all = best(repeat, op.getValue());
                results.computeIfAbsent(op.getKey(), k -> new ArrayList<>())
                        .add(new double[] {one, all, py.getOrDefault(op.getKey(), Double.NaN)});
            }
            System.err.println("round " + (round + 1) + " of " + rounds + " done");
        }
        System.out.println("| kernel | Quiver, 1 thread (s) | Quiver, " + Runtime.getRuntime().availableProcessors()
                + " threads (s) | pyarrow (s) | ratio 1 thread | ratio all cores |");
        System.out.println("|---|---:|---:|---:|---:|---:|");
        for (Map.Entry<String, List<double[]>> r : results.entrySet()) {
            double[] one = column(r.getValue(), 0);
            double[] all = column(r.getValue(), 1);
            double[] py = column(r.getValue(), 2);
            System.out.printf("| %s | %.3f / %.3f | %.3f / %.3f | %.3f / %.3f | %.2f / %.2f | %.2f / %.2f |%n",
                    r.getKey(), one[0], median(one), all[0], median(all), py[0], median(py), one[0] / py[0],
                    median(one) / median(py), all[0] / py[0], median(all) / median(py));
        }
    }

    private static Map<String, Supplier<Object>> operations(long rows) {
        List<RecordBatch> batches = new BenchV1(BufferAllocator.managed()).batches(rows);
        Table table = new Table(BenchV1.SCHEMA, batches).select("id", "x", "maybe", "name");
        List<Array> columns = new ArrayList<>();
        for (int c = 0; c < table.columnCount(); c++) {
            columns.add(Selection.concat(table.column(c)));
        }
        RecordBatch batch = new RecordBatch(table.schema(), columns, rows);
        BooleanBuilder mask = new BooleanBuilder(BufferAllocator.managed());
        IntBuilder<?> shuffledBuilder = IntBuilder.int64(BufferAllocator.managed());
        for (long i = 0; i < rows; i++) {
            mask.append(i % 10 == 0);
            shuffledBuilder.append(i * 1000003 % rows);
        }
        Array filterMask = mask.build();
        Array shuffled = shuffledBuilder.build();
        Array ids = batch.column(0);
        Array names = batch.column(3);
        Array idText = Cast.to(ids, ArrowType.UTF8);
        ArrayBuilder nameSet = ArrayBuilder.of(ArrowType.UTF8);
        ArrayBuilder idSet = ArrayBuilder.of(ArrowType.INT64);
        for (int k = 0; k < 1000; k++) {
            nameSet.appendObject("name-" + k);
            idSet.appendObject(k * 10007L);
        }
        Array nameValues = nameSet.build();
        Array idValues = idSet.build();
        Map<String, Supplier<Object>> ops = new LinkedHashMap<>();
        ops.put("filter", () -> Selection.filter(batch, filterMask, NullSelection.DROP));
        ops.put("take", () -> Selection.take(batch, shuffled));
        ops.put("sort_indices_int64", () -> Sorting.sortIndices(shuffled, SortOrder.ASCENDING, NullPlacement.AT_END));
        ops.put("sort_indices_utf8", () -> Sorting.sortIndices(names, SortOrder.ASCENDING, NullPlacement.AT_END));
        ops.put("cast_int64_float64", () -> Cast.to(ids, ArrowType.FLOAT64));
        ops.put("cast_utf8_int64", () -> Cast.to(idText, ArrowType.INT64));
        ops.put("is_in_utf8", () -> Predicates.isIn(names, nameValues));
        ops.put("is_in_int64", () -> Predicates.isIn(ids, idValues));
        return ops;
    }

    /** The named kernels of {@code all}, in the order given. */
    private static Map<String, Supplier<Object>> only(Map<String, Supplier<Object>> all, String names) {
        Map<String, Supplier<Object>> out = new LinkedHashMap<>();
        for (String name : names.split(",")) {
            Supplier<Object> op = all.get(name.strip());
            if (op == null) {
                throw new IllegalArgumentException("unknown kernel " + name + "; known: " + all.keySet());
            }
            out.put(name.strip(), op);
        }
        return out;
    }

    private static double best(int repeat, Supplier<Object> op) {
        op.get();
        double best = Double.MAX_VALUE;
        for (int k = 0; k < repeat; k++) {
            long t0 = System.nanoTime();
            op.get();
            best = Math.min(best, (System.nanoTime() - t0) / 1e9);
        }
        return best;
    }

    private static Map<String, Double> pyarrow(String python, long rows, int repeat) throws IOException,
            InterruptedException {
        Path script = Path.of("quiver-bench", "scripts", "compute_bench.py");
        Process p = new ProcessBuilder(python, script.toString(), Long.toString(rows), Integer.toString(repeat))
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        Map<String, Double> out = new LinkedHashMap<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                int eq = line.indexOf('=');
                if (eq > 0) {
                    out.put(line.substring(0, eq), Double.parseDouble(line.substring(eq + 1)));
                }
            }
        }
        if (p.waitFor() != 0) {
            throw new IllegalStateException("compute_bench.py exited with " + p.exitValue());
        }
        return out;
    }

    private static double[] column(List<double[]> rows, int k) {
        double[] out = new double[rows.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = rows.get(i)[k];
        }
        Arrays.sort(out);
        return out;
    }

    private static double median(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
