// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quiver.benchdata.BenchChecksum;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.ipc.IpcFileReader;
import dev.quiver.ipc.IpcReadOptions;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.function.LongSupplier;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The speed of the connector (docs/benchmarks.md, "Spark connector"), run only when
 * {@code -Dquiver.spark.bench=DIR} names a working directory (10M-row files are made there once):
 * <ol>
 * <li>a Spark job summing four columns of bench-v1 read through the connector from an Arrow file, and from the
 *     Parquet files Spark wrote of the same data, against the same job on Spark's built-in Parquet source over
 *     those Parquet files;
 * <li>the connector's scan against Quiver's own read of the file ({@code bench-read --threads 1}: the file
 *     memory-mapped, batches decoded, validated in full and checksummed on one thread): the scan with every
 *     value of every column read through Spark's column vectors (the bench-v1 checksum), and the scan alone
 *     (its batches counted).
 * </ol>
 * Spark runs {@code local[N]} with {@code -Dquiver.spark.bench.cores=N} (default 1: figures per core). The
 * runs alternate, so that a load on the machine weighs on both sides alike; each figure is the median.
 */
@EnabledIfSystemProperty(named = "quiver.spark.bench", matches = ".+")
class SparkScanBenchmark {
    private static final long ROWS = Long.getLong("quiver.spark.bench.rows", 10_000_000L);
    private static final int ROUNDS = Integer.getInteger("quiver.spark.bench.rounds", 5);
    /** Runs of each side before the measured ones ({@code -Dquiver.spark.bench.warmups=N}, default 1). */
    private static final int WARMUPS = Integer.getInteger("quiver.spark.bench.warmups", 1);
    private static final String SUM4 = "SELECT sum(id), sum(x), sum(maybe), sum(price) FROM t";
    /** With {@code -Dquiver.spark.bench.scanOnly=true} only the scan alone is measured against bench-read. */
    private static final boolean SCAN_ONLY = Boolean.getBoolean("quiver.spark.bench.scanOnly");

    @Test
    void connectorAgainstParquetAndBenchRead() throws Exception {
        Path dir = Path.of(System.getProperty("quiver.spark.bench"));
        Files.createDirectories(dir);
        Path arrow = dir.resolve("bench-v1-" + ROWS + ".arrow");
        Path parquet = dir.resolve("bench-v1-" + ROWS + ".parquet");
        if (!Files.exists(arrow)) {
            TestSpark.writeBench(arrow, 0, ROWS, 65_536);
        }
        int cores = Integer.getInteger("quiver.spark.bench.cores", 1);
        SparkSession spark = SparkSession.builder().master("local[" + cores + "]").appName("quiver-spark-bench")
                .config("spark.ui.enabled", "false").config("spark.sql.session.timeZone", "UTC")
                .config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1")
                .getOrCreate();
        if (!SCAN_ONLY && !Files.exists(parquet)) {
            spark.read().format("arrow").load(arrow.toString()).write().parquet(parquet.toString());
        }
        Dataset<Row> viaArrow = spark.read().format("arrow").load(arrow.toString());
        if (SCAN_ONLY) {
            LongSupplier batches = () -> time(() -> assertEquals(ROWS, batchRows(viaArrow)));
            List<String> sums = TestSpark.expected(ROWS);
            LongSupplier read = () -> time(() -> assertEquals(sums, benchRead(arrow)));
            LongSupplier readers = () -> time(() -> assertEquals(ROWS, readerRows(viaArrow)));
            int tasks = viaArrow.rdd().getNumPartitions();
            org.apache.spark.api.java.JavaRDD<Integer> empty = org.apache.spark.api.java.JavaSparkContext
                    .fromSparkContext(spark.sparkContext()).parallelize(List.of(1, 2, 3, 4, 5, 6, 7, 8), tasks);
            LongSupplier emptyJob = () -> time(() -> assertEquals(8L, empty.map(i -> 1L).reduce(Long::sum)));
            // The scan last, once Spark's code has run as often as in the full benchmark's scan rows.
            List<String> lines = List.of(
                    compare("the connector's readers alone, on this thread (no Spark task)", readers,
                            "Quiver bench-read --threads 1", read),
                    compare("a Spark job of " + tasks + " tasks reading nothing", emptyJob,
                            "Quiver bench-read --threads 1", read),
                    compare("scan alone: connector (" + tasks + " tasks)", batches,
                            "Quiver bench-read --threads 1", read));
            Files.write(dir.resolve("spark-bench-results.txt"), lines);
            lines.forEach(System.out::println);
            return;
        }
        Dataset<Row> viaParquet = spark.read().parquet(parquet.toString());
        Dataset<Row> viaConnectorParquet = spark.read().format("arrow").load(parquet.toString());
        List<String> expected = TestSpark.expected(ROWS);
        assertEquals(viaArrow.selectExpr("sum(id)", "sum(x)", "sum(maybe)", "sum(price)").first(),
                viaParquet.selectExpr("sum(id)", "sum(x)", "sum(maybe)", "sum(price)").first());
        assertEquals(viaArrow.selectExpr("sum(id)", "sum(x)", "sum(maybe)", "sum(price)").first(),
                viaConnectorParquet.selectExpr("sum(id)", "sum(x)", "sum(maybe)", "sum(price)").first());

        LongSupplier arrowSum = () -> time(() -> sum4(viaArrow));
        LongSupplier parquetSum = () -> time(() -> sum4(viaParquet));
        LongSupplier connectorParquetSum = () -> time(() -> sum4(viaConnectorParquet));
        LongSupplier arrowScan = () -> time(() -> assertEquals(expected, scan(viaArrow).figures().lines()));
        LongSupplier quiverRead = () -> time(() -> assertEquals(expected, benchRead(arrow)));
        LongSupplier parquetScan = () -> time(() -> assertEquals(expected, scan(viaParquet).figures().lines()));
        LongSupplier arrowBatches = () -> time(() -> assertEquals(ROWS, batchRows(viaArrow)));
        Dataset<Row> viaArrowFixed = spark.read().format("arrow").option("batchesPerPartition", "16").load(arrow.toString());
        LongSupplier arrowBatchesFixed = () -> time(() -> assertEquals(ROWS, batchRows(viaArrowFixed)));
        List<String> report = new ArrayList<>();
        report.add("rows=" + ROWS + " spark=local[" + cores + "] rounds=" + ROUNDS + " (after one warm-up each)");
        report.add(compare("sum of four columns: connector (Arrow file)", arrowSum,
                "Spark's Parquet source", parquetSum));
        report.add(compare("sum of four columns: connector (the same Parquet files, through quiver-parquet)",
                connectorParquetSum, "Spark's Parquet source", parquetSum));
        report.add(compare("scan, checksum of every value through Spark's vector getters: connector", arrowScan,
                "Quiver bench-read --threads 1", quiverRead));
        report.add(compare("scan, checksum of every value through Spark's vector getters: connector", arrowScan,
                "Spark's Parquet source (its vectorized reader's batches)", parquetScan));
        report.add(compare("scan, batches handed to Spark (decoded, read columns validated, vectors made): connector",
                arrowBatches, "Quiver bench-read --threads 1", quiverRead));
        report.add(compare("scan alone: connector, splits by bytes (" + viaArrow.rdd().getNumPartitions() + " tasks)",
                arrowBatches, "connector, 16 batches a task (" + viaArrowFixed.rdd().getNumPartitions() + " tasks)",
                arrowBatchesFixed));
        Files.write(dir.resolve("spark-bench-results.txt"), report);
        report.forEach(System.out::println);
    }

    private static void sum4(Dataset<Row> df) {
        df.createOrReplaceTempView("t");
        df.sparkSession().sql(SUM4).first();
    }

    /** A scan's columnar batches (the connector's, or Spark's Parquet reader's), checksummed on the executors. */
    private static ColumnarChecksum scan(Dataset<Row> df) {
        SparkPlan plan = df.queryExecution().executedPlan();
        SparkPlan leaf = scala.jdk.javaapi.CollectionConverters.asJava(plan.collectLeaves()).get(0);
        return leaf.executeColumnar().toJavaRDD()
                .mapPartitions((Iterator<ColumnarBatch> batches) -> {
                    ColumnarChecksum c = new ColumnarChecksum();
                    while (batches.hasNext()) {
                        c.add(batches.next());
                    }
                    return List.of(c).iterator();
                })
                .reduce(ColumnarChecksum::add);
    }

    /** The connector's scan alone: its columnar batches, counted and not read. */
    private static long batchRows(Dataset<Row> df) {
        SparkPlan leaf = scala.jdk.javaapi.CollectionConverters.asJava(df.queryExecution().executedPlan()
                .collectLeaves()).get(0);
        return ((BatchScanExec) leaf).executeColumnar().toJavaRDD().map(b -> (long) b.numRows()).reduce(Long::sum);
    }

    /** The scan's partitions read on this thread by the scan's reader factory, as its tasks would: rows counted. */
    private static long readerRows(Dataset<Row> df) {
        BatchScanExec scan = (BatchScanExec) scala.jdk.javaapi.CollectionConverters.asJava(
                df.queryExecution().executedPlan().collectLeaves()).get(0);
        long rows = 0;
        for (InputPartition partition : scala.jdk.javaapi.CollectionConverters.asJava(scan.inputPartitions())) {
            try (PartitionReader<ColumnarBatch> reader = scan.readerFactory().createColumnarReader(partition)) {
                while (reader.next()) {
                    rows += reader.get().numRows();
                }
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        return rows;
    }

    /** What {@code quiver bench-read FILE --threads 1} does: the file mapped, read and checksummed on this thread. */
    private static List<String> benchRead(Path file) {
        BenchChecksum checksum = new BenchChecksum();
        try (RecordBatchReader source = IpcFileReader.map(file, IpcReadOptions.DEFAULT.withThreads(1))) {
            for (Iterator<BenchChecksum> parts = source.mapBatches(BenchChecksum::of); parts.hasNext(); ) {
                checksum.add(parts.next());
            }
        }
        return checksum.lines();
    }

    private static long time(Runnable run) {
        long start = System.nanoTime();
        run.run();
        return System.nanoTime() - start;
    }

    /** The CPU time of this JVM's threads so far, in nanoseconds (all of Spark's threads included). */
    private static long processCpu() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static String compare(String aName, LongSupplier a, String bName, LongSupplier b) {
        for (int w = 0; w < WARMUPS; w++) {
            a.getAsLong();
            b.getAsLong();
        }
        long[] as = new long[ROUNDS];
        long[] bs = new long[ROUNDS];
        long[] aCpu = new long[ROUNDS];
        long[] bCpu = new long[ROUNDS];
        for (int r = 0; r < ROUNDS; r++) {
            long cpu = processCpu();
            as[r] = a.getAsLong();
            aCpu[r] = processCpu() - cpu;
            cpu = processCpu();
            bs[r] = b.getAsLong();
            bCpu[r] = processCpu() - cpu;
        }
        double am = median(as) / 1e9;
        double bm = median(bs) / 1e9;
        return String.format("%s %.3f s (min %.3f), %s %.3f s (min %.3f): ratio %.2f (medians), %.2f (mins); "
                + "process CPU %.3f vs %.3f s (medians): %.2f",
                aName, am, Arrays.stream(as).min().getAsLong() / 1e9, bName, bm,
                Arrays.stream(bs).min().getAsLong() / 1e9, am / bm,
                (double) Arrays.stream(as).min().getAsLong() / Arrays.stream(bs).min().getAsLong(),
                median(aCpu) / 1e9, median(bCpu) / 1e9, median(aCpu) / median(bCpu));
    }

    private static double median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
