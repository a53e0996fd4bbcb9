// SPDX-License-Identifier: Apache-2.0
package dev.quiver.bench;

import dev.quiver.benchdata.BenchV1;
import dev.quiver.compute.Threads;
import dev.quiver.compute.aggregate.Aggregate;
import dev.quiver.compute.aggregate.AggregateFunction;
import dev.quiver.compute.aggregate.Aggregation;
import dev.quiver.compute.hash.Hashing;
import dev.quiver.compute.join.HashJoin;
import dev.quiver.compute.join.JoinOptions;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.Table;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * Quiver's compute kernels side by side with pyarrow's on bench-v1, in one run: pyarrow runs in a Python
 * process that holds its own copy of the table ({@code scripts/join_aggregate_bench.py}); each round runs an operation
 * once in Java and once in Python, alternating, so that load from other processes hits both alike, after
 * an unmeasured JIT warm-up of the Java side (at least two runs and two seconds). Prints
 * the best and the median time of each side over the rounds and their ratios (Quiver / pyarrow), for one
 * thread and for every core.
 *
 * <pre>
 * java -cp quiver-bench/target/benchmarks.jar dev.quiver.bench.JoinAggregateBench PYTHON ROWS ROUNDS [OPS]
 * </pre>
 *
 * <p>OPS, comma-separated, picks among {@code sum_min_max}, {@code value_counts}, {@code join_name} and
 * {@code join_id} (default: all).
 */
public final class JoinAggregateBench {
    private JoinAggregateBench() {
    }

    /**
     * Runs the benchmark.
     *
     * @param args the Python with pyarrow, the rows of bench-v1, the rounds per operation, optionally the
     *     operations
     * @throws Exception if Python fails or the two sides disagree on a result's size
     */
    public static void main(String[] args) throws Exception {
        String python = args[0];
        long rows = Long.parseLong(args[1]);
        int rounds = Integer.parseInt(args[2]);
        Table t = new Table(BenchV1.SCHEMA, new BenchV1(BufferAllocator.managed()).batches(rows)).select("id", "x", "maybe", "name");
        Table right = t.rename("id", "x2", "maybe2", "name2");
        Table dim = dimension();
        Process p = new ProcessBuilder(python, "quiver-bench/scripts/join_aggregate_bench.py", Long.toString(rows))
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        PrintWriter out = new PrintWriter(p.getOutputStream(), true, StandardCharsets.UTF_8);
        if (!"ready".equals(in.readLine())) {
            throw new IllegalStateException("join_aggregate_bench.py did not start");
        }
        int cores = Runtime.getRuntime().availableProcessors();
        System.out.printf("%-14s %7s %12s %12s %8s %12s %12s %8s%n", "operation", "threads", "quiver_s", "pyarrow_s", "ratio",
                "quiver_med", "pyarrow_med", "ratio_med");
        for (int threads : new int[] {1, cores}) {
            List<String> ops = args.length > 3 ? List.of(args[3].split(","))
                    : List.of("sum_min_max", "value_counts", "join_name", "join_id");
            for (String op : ops) {
                LongSupplier kernel = switch (op) {
                    case "sum_min_max" -> () -> Aggregate.of(t.column("id"), List.of(
                            Aggregation.of("id", AggregateFunction.SUM), Aggregation.of("id", AggregateFunction.MIN),
                            Aggregation.of("id", AggregateFunction.MAX))).size() / 3;
                    case "value_counts" -> () -> Hashing.valueCounts(t.column("name")).length();
                    case "join_name" -> () -> HashJoin.join(t, dim, JoinOptions.on("name").threads(threads)).rowCount();
                    default -> () -> HashJoin.join(t, right, JoinOptions.on("id").threads(threads)).rowCount();
                };
                LongSupplier run = () -> Threads.call(threads, kernel::getAsLong);
                // JIT warm-up, unmeasured: at least two runs and two seconds
                long warmStart = System.nanoTime();
                for (int w = 0; w < 2 || System.nanoTime() - warmStart < 2_000_000_000L; w++) {
                    run.getAsLong();
                }
                double[] javaTimes = new double[rounds];
                double[] pythonTimes = new double[rounds];
                for (int r = 0; r < rounds; r++) {
                    long start = System.nanoTime();
                    long javaRows = run.getAsLong();
                    javaTimes[r] = (System.nanoTime() - start) / 1e9;
                    out.println(op + " " + threads);
                    String[] answer = in.readLine().split(" ");
                    pythonTimes[r] = Double.parseDouble(answer[0].substring("seconds=".length()));
                    long pythonRows = Long.parseLong(answer[1].substring("rows=".length()));
                    if (pythonRows != javaRows) {
                        throw new IllegalStateException(op + ": Quiver gave " + javaRows + " rows, pyarrow " + pythonRows);
                    }
                }
                Arrays.sort(javaTimes);
                Arrays.sort(pythonTimes);
                double medianJava = javaTimes[rounds / 2];
                double medianPython = pythonTimes[rounds / 2];
                System.out.printf("%-14s %7d %12.4f %12.4f %8.2f %12.4f %12.4f %8.2f%n", op, threads, javaTimes[0], pythonTimes[0],
                        javaTimes[0] / pythonTimes[0], medianJava, medianPython, medianJava / medianPython);
            }
        }
        out.close();
        p.waitFor();
    }

    /** The 10,008-row dimension: name-0 ... name-10007 (name-10007 is in no bench-v1 row), a region and an id. */
    private static Table dimension() {
        Schema schema = Schema.of(Field.nullable("name", ArrowType.UTF8), Field.nullable("region", ArrowType.UTF8),
                Field.nullable("dim_id", ArrowType.INT64));
        List<List<Object>> rows = new ArrayList<>();
        for (long j = 0; j < 10_008; j++) {
            rows.add(Arrays.asList("name-" + j, "r" + (j % 7), j));
        }
        return new Table(schema, List.of(RecordBatch.ofRows(schema, rows)));
    }
}
