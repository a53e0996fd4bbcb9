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
 * thread and for every core. {@code sum_min_max} (a few milliseconds) runs at least {@value #SHORT_ROUNDS}
 * rounds. Both sides must agree on the result's rows and, for the joins, its columns.
 *
 * <pre>
 * java -cp quiver-bench/target/benchmarks.jar dev.quiver.bench.JoinAggregateBench PYTHON ROWS ROUNDS [OPS]
 * </pre>
 *
 * <p>OPS, comma-separated, picks among {@code sum_min_max}, {@code value_counts}, {@code join_name} and
 * {@code join_id} (default: all).
 */
public final class JoinAggregateBench {
    /** The least rounds of an operation that takes milliseconds, where a few rounds say little. */
    static final int SHORT_ROUNDS = 50;

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
        System.out.printf("%-14s %7s %6s %12s %12s %8s %12s %12s %8s%n", "operation", "threads", "rounds", "quiver_s",
                "pyarrow_s", "ratio", "quiver_med", "pyarrow_med", "ratio_med");
        for (int threads : new int[] {1, cores}) {
            List<String> ops = args.length > 3 ? List.of(args[3].split(","))
                    : List.of("sum_min_max", "value_counts", "join_name", "join_id");
            for (String op : ops) {
                // each result's rows, and for a join its columns too (rows * COLUMNS + columns)
                LongSupplier kernel = switch (op) {
                    case "sum_min_max" -> () -> Aggregate.of(t.column("id"), List.of(
                            Aggregation.of("id", AggregateFunction.SUM), Aggregation.of("id", AggregateFunction.MIN),
                            Aggregation.of("id", AggregateFunction.MAX))).size() / 3 * COLUMNS;
                    case "value_counts" -> () -> Hashing.valueCounts(t.column("name")).length() * COLUMNS;
                    case "join_name" -> () -> shape(HashJoin.join(t, dim, JoinOptions.on("name").threads(threads)));
                    default -> () -> shape(HashJoin.join(t, right, JoinOptions.on("id").threads(threads)));
                };
                LongSupplier run = () -> Threads.call(threads, kernel::getAsLong);
                int opRounds = op.equals("sum_min_max") ? Math.max(rounds, SHORT_ROUNDS) : rounds;
                // JIT warm-up, unmeasured: at least two runs and two seconds
                long warmStart = System.nanoTime();
                for (int w = 0; w < 2 || System.nanoTime() - warmStart < 2_000_000_000L; w++) {
                    run.getAsLong();
                }
                double[] javaTimes = new double[opRounds];
                double[] pythonTimes = new double[opRounds];
                for (int r = 0; r < opRounds; r++) {
                    long start = System.nanoTime();
                    long javaShape = run.getAsLong();
                    javaTimes[r] = (System.nanoTime() - start) / 1e9;
                    out.println(op + " " + threads);
                    String[] answer = in.readLine().split(" ");
                    pythonTimes[r] = Double.parseDouble(answer[0].substring("seconds=".length()));
                    long pythonShape = Long.parseLong(answer[1].substring("rows=".length())) * COLUMNS
                            + Long.parseLong(answer[2].substring("cols=".length()));
                    if (pythonShape != javaShape) {
                        throw new IllegalStateException(op + ": Quiver gave " + javaShape / COLUMNS + " rows and "
                                + javaShape % COLUMNS + " columns, pyarrow " + pythonShape / COLUMNS + " and "
                                + pythonShape % COLUMNS);
                    }
                }
                Arrays.sort(javaTimes);
                Arrays.sort(pythonTimes);
                double medianJava = javaTimes[opRounds / 2];
                double medianPython = pythonTimes[opRounds / 2];
                System.out.printf("%-14s %7d %6d %12.4f %12.4f %8.2f %12.4f %12.4f %8.2f%n", op, threads, opRounds, javaTimes[0],
                        pythonTimes[0], javaTimes[0] / pythonTimes[0], medianJava, medianPython, medianJava / medianPython);
            }
        }
        out.close();
        p.waitFor();
    }

    /** Columns a result may have, at most: the factor of a result's rows in its shape. */
    private static final long COLUMNS = 1000;

    /** A join's output rows and columns as {@code rows * COLUMNS + columns}. */
    private static long shape(Table joined) {
        return joined.rowCount() * COLUMNS + joined.columnCount();
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
