// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading bench-v1 Parquet files through {@code format("arrow")}, checked against Quiver's checksum. */
class ParquetReadTest {
    private static final long ROWS = 100_000;

    @TempDir
    static Path dir;
    private static Path file;

    @BeforeAll
    static void files() {
        file = dir.resolve("bench.parquet");
        TestSpark.writeBenchParquet(file, 0, ROWS, 10_000);
    }

    private static SparkSession spark() {
        return TestSpark.session();
    }

    @Test
    void benchParquetChecksumEqualsQuivers() {
        Dataset<Row> df = spark().read().format("arrow").option("rowGroupsPerPartition", "3").load(file.toString());
        assertEquals(4, df.rdd().getNumPartitions(), "ten row groups, three per partition");
        assertEquals(DataTypes.createDecimalType(18, 2), df.schema().apply("price").dataType());
        assertEquals(TestSpark.expected(ROWS), TestSpark.checksum(df).lines());
    }

    @Test
    void theFormatOptionReadsAFileWhoseNameSaysNothing() throws Exception {
        Path plain = dir.resolve("bench-data");
        Files.copy(file, plain);
        Dataset<Row> df = spark().read().format("arrow").option("format", "parquet").load(plain.toString());
        assertEquals(10, df.rdd().getNumPartitions(), "one row group per partition by default");
        assertEquals(ROWS, df.count());
        Dataset<Row> sniffed = spark().read().format("arrow").load(plain.toString());
        assertEquals(ROWS, sniffed.count(), "without the option, the file's first bytes say Parquet");
    }

    @Test
    void projectionDecodesOnlyTheColumnsAsked() {
        Dataset<Row> df = spark().read().format("arrow").load(file.toString()).select("name", "id")
                .filter("id % 17 = 1");
        List<Row> rows = df.orderBy("id").limit(2).collectAsList();
        assertEquals("name-1", rows.get(0).getString(0));
        assertEquals("name-18", rows.get(1).getString(0));
        assertEquals(ROWS, spark().read().format("arrow").load(file.toString()).count(), "a count reads one column");
    }

    @Test
    void aBadFormatOptionIsOneClearError() {
        QuiverSparkException e = assertThrows(QuiverSparkException.class,
                () -> spark().read().format("arrow").option("format", "orc").load(file.toString()));
        assertEquals("option format is arrow or parquet, not orc", e.getMessage());
    }

    @Test
    void aCsvFileIsRefusedByName() throws Exception {
        Path csv = dir.resolve("csv").resolve("a.csv");
        Files.createDirectories(csv.getParent());
        Files.writeString(csv, "x\n1\n");
        QuiverSparkException e = assertThrows(QuiverSparkException.class,
                () -> spark().read().format("arrow").load(csv.getParent().toString()));
        assertTrue(e.getMessage().startsWith("file " + csv + " is named as CSV"), e.getMessage());
    }
}
