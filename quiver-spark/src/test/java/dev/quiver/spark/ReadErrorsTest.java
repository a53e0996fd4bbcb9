// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.TimeUnit;
import dev.quiver.ipc.IpcFileWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.SparkException;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input and options read through Spark: each ends in one message naming what and where. */
class ReadErrorsTest {
    @TempDir
    Path dir;

    private static SparkSession spark() {
        return TestSpark.session();
    }

    private static void write(Path file, Schema schema, List<List<?>> rows) {
        try (IpcFileWriter writer = IpcFileWriter.open(file, schema)) {
            writer.write(RecordBatch.ofRows(schema, rows));
        }
    }

    @Test
    void aMissingPath() {
        String missing = dir.resolve("missing").toString();
        QuiverSparkException e = assertThrows(QuiverSparkException.class,
                () -> spark().read().format("arrow").load(missing));
        assertEquals("path " + missing + " does not exist", e.getMessage());
    }

    @Test
    void aFileThatIsNotArrow() throws Exception {
        Path file = dir.resolve("notes.arrow");
        Files.writeString(file, "just text, not Arrow");
        QuiverSparkException e = assertThrows(QuiverSparkException.class,
                () -> spark().read().format("arrow").load(file.toString()));
        assertTrue(e.getMessage().startsWith(file + " is not Arrow IPC data"), e.getMessage());
    }

    @Test
    void filesOfDifferentSchemas() {
        write(dir.resolve("a.arrow"), Schema.of(Field.nullable("x", ArrowType.INT32)), List.of(List.of(1)));
        write(dir.resolve("b.arrow"), Schema.of(Field.nullable("x", ArrowType.INT64)), List.of(List.of(1L)));
        QuiverSparkException e = assertThrows(QuiverSparkException.class,
                () -> spark().read().format("arrow").load(dir.toString()));
        assertTrue(e.getMessage().startsWith("file " + dir.resolve("b.arrow") + " has another schema than "), e.getMessage());
    }

    @Test
    void aColumnSparkCannotHold() {
        Path file = dir.resolve("time.arrow");
        write(file, Schema.of(Field.nullable("ok", ArrowType.INT32),
                Field.nullable("clock", new ArrowType.Time(TimeUnit.MILLISECOND, 32))), List.of(List.of(1, 2)));
        QuiverSparkException e = assertThrows(QuiverSparkException.class,
                () -> spark().read().format("arrow").load(file.toString()));
        assertTrue(e.getMessage().startsWith("column clock has type"), e.getMessage());
    }

    @Test
    void aValueSparkCannotHoldFailsTheTaskNamingTheRow() {
        Path file = dir.resolve("ns.arrow");
        write(file, Schema.of(Field.nullable("t", new ArrowType.Timestamp(TimeUnit.NANOSECOND, "UTC"))),
                List.of(List.of(5_000L), List.of(5_001L)));
        SparkException e = assertThrows(SparkException.class,
                () -> spark().read().format("arrow").load(file.toString()).collectAsList());
        Throwable cause = e;
        while (cause != null && !(cause instanceof QuiverSparkException)) {
            cause = cause.getCause();
        }
        assertTrue(cause != null && cause.getMessage().startsWith("column t, row 1: 5001 ns"), String.valueOf(e));
    }

    @Test
    void aBadOption() {
        write(dir.resolve("a.arrow"), Schema.of(Field.nullable("x", ArrowType.INT32)), List.of(List.of(1)));
        QuiverSparkException e = assertThrows(QuiverSparkException.class, () -> spark().read().format("arrow")
                .option("batchesPerPartition", "0").load(dir.toString()));
        assertEquals("option batchesPerPartition must be at least 1, not 0", e.getMessage());
    }
}
