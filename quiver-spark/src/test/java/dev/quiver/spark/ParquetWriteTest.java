// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.parquet.ParquetFile;
import dev.quiver.testkit.PythonPeer;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Writing Parquet files through {@code df.write.format("arrow")}, with the Arrow files' commit protocol. */
class ParquetWriteTest {
    @TempDir
    Path dir;

    private static SparkSession spark() {
        return TestSpark.session();
    }

    private static Dataset<Row> everyType() {
        return spark().sql(ArrowWriteTest.EVERY_TYPE);
    }

    @Test
    void everyMappableTypeIsReadBackByPyarrowEqual() throws Exception {
        Optional<PythonPeer> python = PythonPeer.find();
        Assumptions.assumeTrue(python.isPresent(), PythonPeer.SKIP_MESSAGE);
        Path out = dir.resolve("every");
        everyType().write().format("arrow").option("format", "parquet").option("compression", "zstd")
                .save(out.toString());
        List<String> lines = python.get().run(ArrowWriteTest.PYARROW_TEXT, out.toString(), "parquet").lines().toList();
        assertEquals("3", lines.get(0), "one file per task");
        String schema = lines.get(1);
        assertTrue(schema.contains("ts: timestamp[us, tz=UTC]") && schema.contains("tsntz: timestamp[us]")
                && schema.contains("dec38: decimal128(38, 6)") && schema.contains("d: date32[day]"), schema);
        assertEquals(ArrowWriteTest.text(everyType()), lines.subList(2, lines.size()));
    }

    @Test
    void aParquetPathWritesParquetReadBackByTheConnector() throws Exception {
        Path out = dir.resolve("round.parquet");
        everyType().write().format("arrow").option("batchRows", "50").save(out.toString());
        List<Path> files = ArrowWriteTest.dataFiles(out);
        assertEquals(3, files.size());
        for (Path file : files) {
            assertTrue(file.getFileName().toString().endsWith(".parquet"), file.toString());
            try (ParquetFile parquet = ParquetFile.open(file)) {
                assertEquals(100, parquet.rowCount());
            }
        }
        Dataset<Row> back = spark().read().format("arrow").load(out.toString());
        assertEquals(everyType().schema().simpleString(), back.schema().simpleString());
        assertEquals(ArrowWriteTest.text(everyType()), ArrowWriteTest.text(back));
    }

    @Test
    void aFailedTaskLeavesNoFile() throws Exception {
        Path out = dir.resolve("failing");
        spark().range(0, 10).write().format("arrow").option("format", "parquet").save(out.toString());
        List<Path> before = ArrowWriteTest.dataFiles(out);
        Dataset<Row> dying = spark().range(0, 4000, 1, 4).map((MapFunction<Long, Long>) id -> {
            if (id == 3500) {
                throw new IllegalStateException("task killed mid-write");
            }
            return id;
        }, Encoders.LONG()).toDF("id");
        assertThrows(Exception.class, () -> dying.write().format("arrow").option("format", "parquet")
                .option("batchRows", "1").mode(SaveMode.Overwrite).save(out.toString()));
        assertEquals(before, ArrowWriteTest.dataFiles(out), "the overwrite did not happen");
        assertEquals(List.of(), ArrowWriteTest.hidden(out), "nothing of the failed job is left");
        assertEquals(45L, spark().read().format("arrow").load(out.toString()).selectExpr("sum(id)").first().getLong(0));
        Path fresh = dir.resolve("fresh");
        assertThrows(Exception.class, () -> dying.write().format("arrow").option("format", "parquet")
                .save(fresh.toString()));
        assertEquals(List.of(), ArrowWriteTest.allFiles(fresh), "a failed first write leaves no file");
    }

    @Test
    void aCodecParquetHasNotIsOneClearError() {
        QuiverSparkException e = assertThrows(QuiverSparkException.class, () -> spark().range(0, 3).write()
                .format("arrow").option("format", "parquet").option("compression", "lzo")
                .save(dir.resolve("bad").toString()));
        assertEquals("option compression of Parquet files is none, snappy, gzip, zstd or lz4, not lzo", e.getMessage());
        assertEquals(List.of(), ArrowWriteTest.allFiles(dir.resolve("bad")));
    }
}
