// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.benchdata.BenchV1;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.ipc.IpcStreamWriter;
import dev.quiver.ipc.IpcWriteOptions;
import dev.quiver.ipc.compression.CompressionCodec;
import dev.quiver.ipc.compression.CompressionType;
import dev.quiver.testkit.PythonPeer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading bench-v1 Arrow files through {@code format("arrow")}, checked against Quiver's checksum and DuckDB. */
class ArrowReadTest {
    private static final long ROWS = 200_000;
    private static final int BATCH_ROWS = 65_536;

    @TempDir
    static Path dir;
    private static Path file;
    private static Path dataset;

    @BeforeAll
    static void files() throws Exception {
        file = dir.resolve("bench.arrow");
        TestSpark.writeBench(file, 0, ROWS, BATCH_ROWS);
        // A partitioned set: four files of 50,000 rows in two subdirectories, and files Spark's readers skip.
        dataset = dir.resolve("dataset");
        for (int p = 0; p < 4; p++) {
            Path sub = dataset.resolve("part=" + (p / 2));
            Files.createDirectories(sub);
            TestSpark.writeBench(sub.resolve("f" + p + ".arrow"), p * (ROWS / 4), ROWS / 4, 10_000);
        }
        Files.writeString(dataset.resolve("_SUCCESS"), "");
        Files.writeString(dataset.resolve(".f0.arrow.crc"), "not arrow");
    }

    private static SparkSession spark() {
        return TestSpark.session();
    }

    @Test
    void benchFileChecksumEqualsQuivers() {
        Dataset<Row> df = spark().read().format("arrow").option("batchesPerPartition", "1").load(file.toString());
        assertEquals(4, df.rdd().getNumPartitions(), "one partition per batch");
        assertEquals(TestSpark.expected(ROWS), TestSpark.checksum(df).lines());
    }

    @Test
    void anArrowFileIsSplitByBytesAsSparksFileSources() {
        SparkSession spark = spark();
        try {
            spark.conf().set("spark.sql.files.maxPartitionBytes", "1");
            spark.conf().set("spark.sql.files.openCostInBytes", "0");
            Dataset<Row> perBatch = spark.read().format("arrow").load(file.toString());
            assertEquals(4, perBatch.rdd().getNumPartitions(), "a split of 1 byte still holds one batch");
            spark.conf().set("spark.sql.files.maxPartitionBytes", "1g");
            spark.conf().set("spark.sql.files.openCostInBytes", "1g");
            Dataset<Row> whole = spark.read().format("arrow").load(file.toString());
            assertEquals(1, whole.rdd().getNumPartitions(), "the four batches fit in a split of 1 GiB");
            assertEquals(TestSpark.expected(ROWS), TestSpark.checksum(whole).lines());
        } finally {
            spark.conf().unset("spark.sql.files.maxPartitionBytes");
            spark.conf().unset("spark.sql.files.openCostInBytes");
        }
    }

    @Test
    void partitionedDatasetChecksumEqualsTheWholeFile() {
        Dataset<Row> df = spark().read().format("arrow").load(dataset.toString());
        assertEquals(4, df.rdd().getNumPartitions(), "one partition per file, hidden files left out");
        assertEquals(TestSpark.expected(ROWS), TestSpark.checksum(df).lines());
    }

    @Test
    void hiveDirectoriesOfArrowFilesAreColumnsThatPruneFiles() {
        Dataset<Row> df = spark().read().format("arrow").load(dataset.toString());
        assertEquals(DataTypes.IntegerType, df.schema().apply("part").dataType(), "part=0, part=1: hive keys");
        Dataset<Row> second = df.select("id", "part").filter("part = 1");
        List<Row> rows = second.collectAsList();
        assertEquals(ROWS / 2, rows.size());
        assertTrue(rows.stream().allMatch(r -> r.getInt(1) == 1 && r.getLong(0) >= ROWS / 2));
        ScanPlan plan = TestSpark.scanPlan(second);
        assertEquals(4, plan.files());
        assertEquals(2, plan.filesPruned(), "the files of part=0 are not read");
        StructType none = spark().read().format("arrow").option("partitioning", "none").load(dataset.toString()).schema();
        assertEquals(BenchV1.SCHEMA.fields().size(), none.fields().length, "no partition column");
        Dataset<Row> byDirectory = spark().read().format("arrow").option("partitioning", "dir:half")
                .load(dataset.toString());
        assertEquals(ROWS / 2, byDirectory.filter("half = 'part=0'").count(), "directory names as values");
    }

    @Test
    void anArrowStreamCompressedIsOnePartition() {
        Path stream = dir.resolve("bench.arrows");
        BenchV1 bench = new BenchV1(BufferAllocator.managed());
        try (IpcStreamWriter writer = IpcStreamWriter.open(stream, BenchV1.SCHEMA,
                IpcWriteOptions.DEFAULT.withCodec(CompressionCodec.of(CompressionType.ZSTD)))) {
            for (RecordBatch batch : bench.batches(100_000)) {
                writer.write(batch);
            }
        }
        Dataset<Row> df = spark().read().format("arrow").load(stream.toString());
        assertEquals(1, df.rdd().getNumPartitions());
        assertEquals(TestSpark.expected(100_000), TestSpark.checksum(df).lines());
    }

    @Test
    void inferredSchemaMapsBenchTypes() {
        StructType schema = spark().read().format("arrow").load(file.toString()).schema();
        assertEquals(DataTypes.LongType, schema.apply("id").dataType());
        assertEquals(DataTypes.StringType, schema.apply("cat").dataType(), "dictionary decoded");
        assertEquals(DataTypes.TimestampType, schema.apply("ts").dataType(), "timestamp with a time zone");
        assertEquals(DataTypes.createDecimalType(18, 2), schema.apply("price").dataType());
        assertEquals(DataTypes.createArrayType(DataTypes.IntegerType, false), schema.apply("tags").dataType());
        assertTrue(schema.apply("maybe").nullable());
    }

    @Test
    void projectionReadsOnlyTheColumnsAsked() {
        Dataset<Row> df = spark().read().format("arrow").load(file.toString()).select("name", "id").filter("id % 17 = 1");
        List<Row> rows = df.orderBy("id").limit(2).collectAsList();
        assertEquals("name-1", rows.get(0).getString(0));
        assertEquals(18L, rows.get(1).getLong(1));
        assertEquals("name-18", rows.get(1).getString(0));
        String plan = df.queryExecution().executedPlan().toString();
        assertTrue(plan.contains("struct<name:string,id:bigint>") || plan.contains("name#") , plan);
    }

    @Test
    void aggregatesEqualDuckDbs() throws Exception {
        Optional<PythonPeer> python = PythonPeer.find();
        Assumptions.assumeTrue(python.isPresent(), PythonPeer.SKIP_MESSAGE);
        String query = "SELECT cat, count(*), sum(maybe), sum(octet_length(name)), max(price), MICROS(min(ts))"
                + " FROM t GROUP BY cat ORDER BY cat";
        String duck = python.get().run("""
                import sys, glob, duckdb, pyarrow as pa, pyarrow.ipc as ipc
                tables = [ipc.open_file(f).read_all() for f in sorted(glob.glob(sys.argv[1] + '/**/*.arrow', recursive=True))]
                t = pa.concat_tables(tables)
                con = duckdb.connect()
                con.register('t', t)
                q = sys.argv[2].replace('octet_length', 'strlen').replace('MICROS(', 'epoch_us(')
                for r in con.execute(q).fetchall():
                    print('|'.join(str(v) for v in r))
                """, dataset.toString(), query);
        spark().read().format("arrow").load(dataset.toString()).createOrReplaceTempView("t");
        StringBuilder ours = new StringBuilder();
        for (Row r : spark().sql(query.replace("MICROS(", "unix_micros(")).collectAsList()) {
            ours.append(r.get(0)).append('|').append(r.get(1)).append('|').append(r.get(2)).append('|')
                    .append(r.get(3)).append('|').append(r.get(4)).append('|').append(r.get(5)).append('\n');
        }
        assertEquals(duck.strip(), ours.toString().strip());
    }
}
