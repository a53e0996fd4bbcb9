// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import dev.quiver.benchdata.BenchFigures;
import dev.quiver.benchdata.BenchV1;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.ipc.IpcFileWriter;
import dev.quiver.parquet.ParquetWriteOptions;
import dev.quiver.parquet.ParquetWriter;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The one Spark session of this module's tests ({@code local[4]}, made on first use and shared by every test
 * class of the run), bench-v1 files, and the bench-v1 checksum computed by Spark SQL.
 */
final class TestSpark {
    private static SparkSession session;

    private TestSpark() {
    }

    /** The shared session. */
    static synchronized SparkSession session() {
        if (session == null) {
            session = SparkSession.builder()
                    .master("local[4]")
                    .appName("quiver-spark-tests")
                    .config("spark.ui.enabled", "false")
                    .config("spark.sql.shuffle.partitions", "4")
                    .config("spark.sql.session.timeZone", "UTC")
                    .config("spark.sql.datetime.java8API.enabled", "true")
                    .config("spark.driver.host", "127.0.0.1")
                    .config("spark.driver.bindAddress", "127.0.0.1")
                    .getOrCreate();
        }
        return session;
    }

    /**
     * Writes rows {@code [start, start + rows)} of bench-v1 as an Arrow file, in batches of {@code batchRows}.
     */
    static void writeBench(Path file, long start, long rows, int batchRows) {
        BenchV1 bench = new BenchV1(BufferAllocator.managed());
        try (IpcFileWriter writer = IpcFileWriter.open(file, BenchV1.SCHEMA)) {
            for (long at = start; at < start + rows; at += batchRows) {
                RecordBatch batch = bench.batch(at, (int) Math.min(batchRows, start + rows - at));
                writer.write(batch);
            }
        }
    }

    /**
     * Writes rows {@code [start, start + rows)} of bench-v1 as a Parquet file through quiver-parquet, in row
     * groups of {@code rowGroupRows}.
     */
    static void writeBenchParquet(Path file, long start, long rows, int rowGroupRows) {
        BenchV1 bench = new BenchV1(BufferAllocator.managed());
        try (ParquetWriter writer = ParquetWriter.open(file, BenchV1.SCHEMA,
                ParquetWriteOptions.DEFAULT.withRowGroupSize(rowGroupRows))) {
            for (long at = start; at < start + rows; at += rowGroupRows) {
                writer.write(bench.batch(at, (int) Math.min(rowGroupRows, start + rows - at)));
            }
        }
    }

    /**
     * The plan of the connector's scan a query ran: the leaf of its executed plan (a plan without an exchange,
     * which adaptive execution leaves as it is), once the query has run.
     */
    static ScanPlan scanPlan(Dataset<Row> df) {
        SparkPlan leaf = CollectionConverters.asJava(df.queryExecution().executedPlan().collectLeaves()).get(0);
        return ((FragmentScan) ((BatchScanExec) leaf).scan()).plan();
    }

    /** The bench-v1 checksum figures (docs/bench-v1.md) of a DataFrame of the bench-v1 table, by Spark SQL. */
    static BenchFigures checksum(Dataset<Row> bench) {
        bench.createOrReplaceTempView("bench_checksum");
        // bench-v1's sums wrap on 64-bit overflow (sum_ts does): Spark's non-ANSI sum of longs wraps too.
        bench.sparkSession().conf().set("spark.sql.ansi.enabled", "false");
        Row r = bench.sparkSession().sql("""
                SELECT count(*), sum(id), sum(x), count_if(flag), sum(maybe), count_if(maybe IS NULL),
                       sum(octet_length(name)), count_if(name IS NULL), sum(octet_length(cat)),
                       sum(unix_micros(ts)), sum(size(tags)),
                       sum(aggregate(tags, 0L, (acc, t) -> acc + t)), CAST(sum(price) * 100 AS BIGINT)
                FROM bench_checksum""").first();
        bench.sparkSession().conf().set("spark.sql.ansi.enabled", "true");
        return new BenchFigures(r.getLong(0), r.getLong(1), r.getDouble(2), r.getLong(3), r.getLong(4),
                r.getLong(5), r.getLong(6), r.getLong(7), r.getLong(8), r.getLong(9), r.getLong(10), r.getLong(11),
                r.getLong(12));
    }

    /** The checksum figures Quiver computes of bench-v1's first {@code rows} rows. */
    static List<String> expected(long rows) {
        dev.quiver.benchdata.BenchChecksum checksum = new dev.quiver.benchdata.BenchChecksum();
        BenchV1 bench = new BenchV1(BufferAllocator.managed());
        for (RecordBatch batch : bench.batches(rows)) {
            checksum.add(batch);
        }
        return checksum.lines();
    }
}
