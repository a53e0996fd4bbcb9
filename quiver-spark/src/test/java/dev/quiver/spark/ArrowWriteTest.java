// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.testkit.PythonPeer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Writing through {@code df.write.format("arrow")}: types, save modes, the commit protocol. */
class ArrowWriteTest {
    /** Every Spark type the connector writes, with nulls in each nullable column, in three partitions. */
    static final String EVERY_TYPE = """
            SELECT id,
              CASE WHEN id % 7 = 3 THEN NULL ELSE id % 2 = 0 END AS b,
              CAST(id % 100 - 50 AS TINYINT) AS i8,
              CASE WHEN id % 7 = 4 THEN NULL ELSE CAST(id * 3 AS SMALLINT) END AS i16,
              CAST(id * 1000 AS INT) AS i32,
              id * 1000000007 AS i64,
              CAST(id / 4.0 AS FLOAT) AS f32,
              CASE WHEN id % 7 = 5 THEN NULL ELSE CAST(id / 8.0 AS DOUBLE) END AS f64,
              CAST(id * 1.25 AS DECIMAL(10,2)) AS dec10,
              CAST(id AS DECIMAL(38,6)) * CAST('1234567890123456789.5' AS DECIMAL(38,6)) AS dec38,
              CASE WHEN id % 7 = 6 THEN NULL ELSE concat('s-ü-', id) END AS s,
              CAST(concat('b', id) AS BINARY) AS bin,
              date_add(DATE'1969-12-01', CAST(id AS INT)) AS d,
              timestamp_micros(1700000000000000 + id * 1000003) AS ts,
              CAST(timestamp_micros(1600000000000000 - id) AS TIMESTAMP_NTZ) AS tsntz,
              make_dt_interval(0, 0, 0, id * 0.5) AS dur,
              CASE WHEN id % 5 = 0 THEN NULL ELSE array(id, NULL, id + 1) END AS arr,
              map(concat('k', id), CAST(id AS INT), 'z', NULL) AS m,
              named_struct('a', id, 'b', concat('x', id), 'c', array(named_struct('p', CAST(id AS SHORT)))) AS st
            FROM range(0, 300, 1, 3)""";

    /**
     * pyarrow's values in {@link ValueText}'s form, sorted by the first column, of the files of a directory:
     * Arrow files ({@code arrow}) or Parquet files ({@code parquet}), as the second argument says.
     */
    static final String PYARROW_TEXT = """
            import sys, glob, decimal, pyarrow as pa, pyarrow.ipc as ipc, pyarrow.parquet as pq
            ext = sys.argv[2]
            files = sorted(glob.glob(sys.argv[1] + '/*.' + ext))
            t = pa.concat_tables([pq.read_table(f) if ext == 'parquet' else ipc.open_file(f).read_all() for f in files])
            print(len(files))
            print(t.schema.to_string(show_schema_metadata=False).replace('\\n', ';'))
            cols = []
            for c in t.columns:
                if pa.types.is_timestamp(c.type) or pa.types.is_duration(c.type):
                    c = c.cast(pa.int64())
                elif pa.types.is_date32(c.type):
                    c = c.cast(pa.int32())
                cols.append(c)
            t = pa.table(cols, names=t.column_names).sort_by(t.column_names[0])
            def f(v):
                if v is None: return 'null'
                if isinstance(v, bool): return 'true' if v else 'false'
                if isinstance(v, int): return str(v)
                if isinstance(v, float): return repr(v)
                if isinstance(v, decimal.Decimal): return format(v, 'f')
                if isinstance(v, str): return '"' + v + '"'
                if isinstance(v, bytes): return v.hex()
                if isinstance(v, dict): return '(' + ','.join(f(x) for x in v.values()) + ')'
                if isinstance(v, list):
                    if v and isinstance(v[0], tuple): return '{' + ','.join(f(k) + ':' + f(x) for k, x in v) + '}'
                    return '[' + ','.join(f(x) for x in v) + ']'
                raise TypeError(type(v))
            for row in t.to_pylist():
                print('(' + ','.join(f(v) for v in row.values()) + ')')
            """;

    @TempDir
    Path dir;

    private static SparkSession spark() {
        return TestSpark.session();
    }

    private static Dataset<Row> everyType() {
        return spark().sql(EVERY_TYPE);
    }

    static List<String> text(Dataset<Row> df) {
        return ValueText.rows(df.orderBy("id").collectAsList());
    }

    @Test
    void everyMappableTypeIsReadBackByPyarrowEqual() throws Exception {
        Optional<PythonPeer> python = PythonPeer.find();
        Assumptions.assumeTrue(python.isPresent(), PythonPeer.SKIP_MESSAGE);
        Path out = dir.resolve("every");
        everyType().write().format("arrow").save(out.toString());
        List<String> lines = python.get().run(PYARROW_TEXT, out.toString(), "arrow").lines().toList();
        assertEquals("3", lines.get(0), "one file per task");
        String schema = lines.get(1);
        assertTrue(schema.contains("ts: timestamp[us, tz=UTC]") && schema.contains("tsntz: timestamp[us]")
                && schema.contains("dur: duration[us]") && schema.contains("dec38: decimal128(38, 6)")
                && schema.contains("m: map<string, int32>") && schema.contains("d: date32[day]"), schema);
        assertEquals(text(everyType()), lines.subList(2, lines.size()));
    }

    @Test
    void everyMappableTypeRoundTripsThroughTheConnector() {
        Path out = dir.resolve("round");
        everyType().write().format("arrow").option("batchRows", "7").option("compression", "zstd")
                .save(out.toString());
        Dataset<Row> back = spark().read().format("arrow").load(out.toString());
        assertEquals(everyType().schema().simpleString(), back.schema().simpleString());
        assertEquals(text(everyType()), text(back));
    }

    @Test
    void maxRowsPerFileSplitsATasksOutput() throws IOException {
        Path out = dir.resolve("split");
        spark().range(0, 100, 1, 2).write().format("arrow").option("maxRowsPerFile", "20").save(out.toString());
        assertEquals(6, dataFiles(out).size(), "two tasks of 50 rows: 20 + 20 + 10 each");
        assertEquals(4950L, spark().read().format("arrow").load(out.toString()).selectExpr("sum(id)").first().getLong(0));
    }

    @Test
    void saveModes() throws IOException {
        Path out = dir.resolve("modes");
        String path = out.toString();
        spark().range(0, 10).write().format("arrow").save(path);
        QuiverSparkException exists = assertThrows(QuiverSparkException.class,
                () -> spark().range(0, 5).write().format("arrow").save(path));
        assertTrue(exists.getMessage().contains("already holds data"), exists.getMessage());
        spark().range(100, 105).write().format("arrow").mode(SaveMode.Ignore).save(path);
        assertEquals(10, count(path), "ignore leaves the data as it was");
        spark().range(10, 15).write().format("arrow").mode(SaveMode.Append).save(path);
        assertEquals(15, count(path));
        spark().range(0, 3).write().format("arrow").mode(SaveMode.Overwrite).save(path);
        assertEquals(3, count(path));
        assertEquals(List.of(), hidden(out), "no staging directory left");
    }

    @Test
    void emptyDataFrameWritesAReadableSchema() {
        String path = dir.resolve("empty").toString();
        spark().range(0, 0).selectExpr("id", "CAST(id AS STRING) AS s").write().format("arrow").save(path);
        Dataset<Row> back = spark().read().format("arrow").load(path);
        assertEquals("struct<id:bigint,s:string>", back.schema().simpleString());
        assertEquals(0, back.count());
    }

    @Test
    void aFailedTaskLeavesNoFileAndTheOldDataWhole() throws IOException {
        Path out = dir.resolve("failing");
        spark().range(0, 10).write().format("arrow").save(out.toString());
        List<Path> before = dataFiles(out);
        // The task of partition 2 dies after writing rows of its file (a batch per row): the job aborts.
        Dataset<Row> dying = spark().range(0, 4000, 1, 4).map((MapFunction<Long, Long>) id -> {
            if (id == 3500) {
                throw new IllegalStateException("task killed mid-write");
            }
            return id;
        }, Encoders.LONG()).toDF("id");
        Exception e = assertThrows(Exception.class, () -> dying.write().format("arrow").option("batchRows", "1")
                .mode(SaveMode.Overwrite).save(out.toString()));
        assertTrue(String.valueOf(e.getMessage()).contains("task killed mid-write")
                || String.valueOf(e.getCause()).contains("task killed mid-write"), String.valueOf(e));
        assertEquals(before, dataFiles(out), "the overwrite did not happen");
        assertEquals(List.of(), hidden(out), "nothing of the failed job is left");
        assertEquals(10, count(out.toString()));

        Path fresh = dir.resolve("fresh");
        assertThrows(Exception.class, () -> dying.write().format("arrow").option("batchRows", "1")
                .save(fresh.toString()));
        assertEquals(List.of(), allFiles(fresh), "a failed first write leaves no file");
    }

    @Test
    void aTypeArrowCannotTakeIsOneClearError() {
        Dataset<Row> df = spark().sql("SELECT make_interval(1, 2) AS iv, 1 AS n");
        QuiverSparkException e = assertThrows(QuiverSparkException.class,
                () -> df.write().format("arrow").save(dir.resolve("bad").toString()));
        assertTrue(e.getMessage().contains("column iv") && e.getMessage().contains("interval"), e.getMessage());
        assertEquals(List.of(), allFiles(dir.resolve("bad")));
    }

    @Test
    void partitionByIsRefusedNotIgnored() {
        QuiverSparkException e = assertThrows(QuiverSparkException.class, () -> spark().range(0, 4)
                .selectExpr("id", "id % 2 AS k").write().format("arrow").partitionBy("k")
                .save(dir.resolve("parts").toString()));
        assertTrue(e.getMessage().startsWith("partitionBy([\"k\"]) is not supported"), e.getMessage());
        assertEquals(List.of(), allFiles(dir.resolve("parts")));
    }

    private static long count(String path) {
        return spark().read().format("arrow").load(path).count();
    }

    static List<Path> dataFiles(Path out) throws IOException {
        try (Stream<Path> s = Files.list(out)) {
            return s.filter(p -> !p.getFileName().toString().startsWith("_")
                    && !p.getFileName().toString().startsWith(".")).sorted().toList();
        }
    }

    static List<Path> hidden(Path out) throws IOException {
        try (Stream<Path> s = Files.list(out)) {
            return s.filter(p -> p.getFileName().toString().startsWith("_")
                    || p.getFileName().toString().startsWith(".")).toList();
        }
    }

    static List<Path> allFiles(Path out) {
        if (!Files.exists(out)) {
            return List.of();
        }
        try (Stream<Path> s = Files.walk(out)) {
            return s.filter(Files::isRegularFile).toList();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
