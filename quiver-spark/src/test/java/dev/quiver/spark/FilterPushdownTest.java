// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.type.ArrowType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.LiteralValue;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Filters pushed into a hive-partitioned dataset of Parquet files: predicates on the partition keys decide
 * which files are read (the scan's counters), predicates on a column skip row groups by their statistics, and
 * every result equals the same filter evaluated by Spark alone over all the rows.
 */
class FilterPushdownTest {
    /** Each file's rows: 10,000 consecutive bench-v1 rows in row groups of 2,000 (ids ascending). */
    private static final long FILE_ROWS = 10_000;
    private static final String[] DIRECTORIES = {"year=2023/region=eu", "year=2023/region=us", "year=2024/region=eu",
            "year=2024/region=us", "year=2024/region=__HIVE_DEFAULT_PARTITION__"};

    @TempDir
    static Path dir;
    private static Path dataset;
    private static Dataset<Row> all;

    @BeforeAll
    static void files() throws Exception {
        dataset = dir.resolve("sales");
        for (int f = 0; f < DIRECTORIES.length; f++) {
            Path sub = dataset.resolve(DIRECTORIES[f]);
            Files.createDirectories(sub);
            TestSpark.writeBenchParquet(sub.resolve("part-0.parquet"), f * FILE_ROWS, FILE_ROWS, 2_000);
        }
        Files.writeString(dataset.resolve("_SUCCESS"), "");
        // Every row, read without a filter, as a local relation no source pushes into.
        Dataset<Row> read = spark().read().format("arrow").load(dataset.toString()).select("id", "name", "year", "region");
        all = spark().createDataFrame(read.collectAsList(), read.schema());
    }

    private static SparkSession spark() {
        return TestSpark.session();
    }

    /** Runs a filter through the connector and through Spark alone; returns the scan after checking equal rows. */
    private static ScanPlan filtered(String condition) {
        Dataset<Row> pushed = spark().read().format("arrow").load(dataset.toString())
                .select("id", "name", "year", "region").filter(condition);
        List<Row> ours = byId(pushed.collectAsList());
        List<Row> spark = byId(all.filter(condition).collectAsList());
        assertFalse(spark.isEmpty(), condition);
        assertEquals(spark, ours, condition);
        return TestSpark.scanPlan(pushed);
    }

    private static List<Row> byId(List<Row> rows) {
        return rows.stream().sorted(java.util.Comparator.comparingLong(r -> r.getLong(0))).toList();
    }

    @Test
    void partitionKeysAreColumnsAfterTheFilesOwn() {
        Dataset<Row> df = spark().read().format("arrow").load(dataset.toString());
        List<String> names = List.of(df.schema().fieldNames());
        assertEquals(List.of("year", "region"), names.subList(names.size() - 2, names.size()));
        assertEquals(DataTypes.IntegerType, df.schema().apply("year").dataType());
        assertEquals(5 * FILE_ROWS, df.count());
        assertEquals(FILE_ROWS, df.filter("region IS NULL").count(), "__HIVE_DEFAULT_PARTITION__ is null");
    }

    @Test
    void aPartitionFilterReadsOnlyTheMatchingFiles() {
        ScanPlan plan = filtered("region = 'eu'");
        assertEquals(5, plan.files());
        assertEquals(3, plan.filesPruned(), "two files of region eu read");
        assertEquals(2 * 5, plan.fragments().size(), "their row groups, one per partition");
        assertTrue(plan.fragments().stream().allMatch(f -> ((ParquetFragment) f).path().contains("region=eu")));
    }

    @Test
    void predicatesOnKeysAreDecidedExactlyWithSqlNulls() {
        assertEquals(3, filtered("region IN ('eu', 'xx')").filesPruned());
        assertEquals(4, filtered("region IS NULL").filesPruned());
        assertEquals(3, filtered("NOT (region = 'eu')").filesPruned(), "the null region is not 'not eu'");
        assertEquals(1, filtered("year = 2024 OR region = 'eu'").filesPruned());
        assertEquals(3, filtered("region LIKE 'u%'").filesPruned(), "starts-with");
        assertEquals(3, filtered("year > 2023 AND region IS NOT NULL").filesPruned());
    }

    @Test
    void aKeyPredicateIsNotEvaluatedAgainButAColumnPredicateIs() {
        Dataset<Row> keyOnly = spark().read().format("arrow").load(dataset.toString()).filter("region = 'eu'");
        keyOnly.collectAsList();
        String plan = keyOnly.queryExecution().executedPlan().toString();
        assertFalse(plan.contains("Filter ("), plan);
        Dataset<Row> column = spark().read().format("arrow").load(dataset.toString()).filter("id < 100");
        assertEquals(100, column.collectAsList().size());
        assertTrue(column.queryExecution().executedPlan().toString().contains("Filter ("), "row groups hold other rows");
    }

    @Test
    void columnStatisticsSkipRowGroups() {
        ScanPlan plan = filtered("id >= 46000 AND id < 48000");
        assertEquals(0, plan.filesPruned());
        assertEquals(25, plan.rowGroups());
        assertEquals(1, plan.rowGroupsRead(), "rows 46,000 to 47,999 are one row group of one file");
        ScanPlan both = filtered("year = 2023 AND (id < 1000 OR id IN (19999, 30000))");
        assertEquals(3, both.filesPruned());
        assertEquals(10, both.rowGroups(), "the row groups of the two files read");
        assertEquals(2, both.rowGroupsRead());
        ScanPlan prefix = filtered("name LIKE 'name-4999%'");
        assertTrue(prefix.rowGroupsRead() < prefix.rowGroups(), "starts-with on a column: " + prefix);
    }

    @Test
    void whatIsPushedAndWhatIsGivenBack() {
        FileFragmentSource source = new FileFragmentSource(List.of(dataset), Map.of(), ReadSettings.of(Map.of()));
        assertEquals(List.of("year", "region"), source.partitionKeys());
        assertEquals(ArrowType.INT32, source.schema().field("year").type());
        Predicate onKey = new Predicate("=", new Expression[] {Expressions.column("region"),
                new LiteralValue<>(UTF8String.fromString("eu"), DataTypes.StringType)});
        Predicate onColumn = new Predicate("<", new Expression[] {Expressions.column("id"),
                new LiteralValue<>(100L, DataTypes.LongType)});
        Predicate other = new Predicate("=", new Expression[] {new org.apache.spark.sql.connector.expressions
                .GeneralScalarExpression("%", new Expression[] {Expressions.column("id"), new LiteralValue<>(2L,
                DataTypes.LongType)}), new LiteralValue<>(0L, DataTypes.LongType)});
        FragmentScanBuilder builder = new FragmentScanBuilder(source, SparkSchemas.toSpark(source.schema()),
                ReadSettings.of(Map.of()));
        Predicate[] postScan = builder.pushPredicates(new Predicate[] {onKey, onColumn, other});
        assertArrayEquals(new Predicate[] {onColumn, other}, postScan, "Spark still filters the rows read");
        assertArrayEquals(new Predicate[] {onKey, onColumn}, builder.pushedPredicates());
        ScanPlan plan = ((FragmentScan) builder.build()).plan();
        assertEquals(3, plan.filesPruned());
        assertEquals(10, plan.rowGroups(), "the row groups of the two eu files");
        assertEquals(1, plan.rowGroupsRead(), "the first row group of the 2023 eu file (ids below 2,000)");
    }
}
