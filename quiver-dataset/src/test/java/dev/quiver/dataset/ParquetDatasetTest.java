// SPDX-License-Identifier: Apache-2.0
package dev.quiver.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchBuilder;
import dev.quiver.core.batch.Table;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.io.ArrowFormat;
import dev.quiver.parquet.ParquetWriteOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Parquet datasets: columns and row groups pruned by the scan, proven by its counters. */
class ParquetDatasetTest {
    @TempDir
    Path dir;

    @Test
    void aFilterOnASortedColumnSkipsRowGroupsAndTheRowsStayExact() {
        Schema schema = Schema.of(Field.notNull("id", ArrowType.INT64), Field.nullable("part", ArrowType.INT32),
                Field.nullable("note", ArrowType.UTF8));
        List<RecordBatch> batches = new ArrayList<>();
        for (int b = 0; b < 10; b++) {
            List<List<?>> rows = new ArrayList<>();
            for (long i = b * 1000L; i < (b + 1) * 1000L; i++) {
                rows.add(Arrays.asList(i, (int) (i % 2), i % 7 == 0 ? null : "n" + i));
            }
            batches.add(RecordBatch.ofRows(schema, rows));
        }
        // Row groups of 500 rows, ids sorted: each partition's file has 10.
        DatasetWriter.write(new Table(schema, batches), dir, DatasetWriteOptions.DEFAULT.withFormat(ArrowFormat.PARQUET)
                .withPartitionBy(Partitioning.Scheme.HIVE, "part").withParquet(ParquetWriteOptions.DEFAULT.withRowGroupSize(500)));
        Dataset dataset = Dataset.open(dir, DatasetOptions.DEFAULT.withPartitioning(Partitioning.hive()));
        assertEquals(10_000, dataset.countRows(), "from the footers");
        try (Scan scan = dataset.scanner().columns("id", "note").filter("id >= 2500 and id < 3500 and part = 1").scan()) {
            long rows = 0;
            long sum = 0;
            for (RecordBatch batch : scan) {
                rows += batch.rowCount();
                for (long i = 0; i < batch.rowCount(); i++) {
                    sum += (Long) batch.column("id").getObject(i);
                }
            }
            long expected = 0;
            for (long i = 2501; i < 3500; i += 2) {
                expected += i;
            }
            assertEquals(500, rows);
            assertEquals(expected, sum);
            ScanStats stats = scan.stats();
            assertEquals(1, stats.filesPruned(), "part=0 is never opened");
            assertEquals(10, stats.rowGroups(), stats.toString());
            // part=1 holds the odd ids, 500 to a row group: ids 2500..3499 lie in groups 2 (2001..2999) and 3.
            assertEquals(2, stats.rowGroupsRead(), stats.toString());
        }
    }

    @Test
    void eachFooterIsParsedWholeOncePerDatasetWhenAScanFirstOpensItsFile() throws java.io.IOException {
        Schema schema = Schema.of(Field.notNull("id", ArrowType.INT64), Field.nullable("part", ArrowType.INT32));
        List<List<?>> rows = new ArrayList<>();
        for (long i = 0; i < 2000; i++) {
            rows.add(Arrays.asList(i, (int) (i % 2)));
        }
        DatasetWriter.write(new Table(schema, List.of(RecordBatch.ofRows(schema, rows))), dir,
                DatasetWriteOptions.DEFAULT.withFormat(ArrowFormat.PARQUET).withPartitionBy(Partitioning.Scheme.HIVE, "part")
                        .withParquet(ParquetWriteOptions.DEFAULT.withRowGroupSize(100)));
        Dataset dataset = Dataset.open(dir, DatasetOptions.DEFAULT.withPartitioning(Partitioning.hive()));
        assertEquals(Schema.of(Field.notNull("id", ArrowType.INT64), Field.nullable("part", ArrowType.INT32)).names(),
                dataset.schema().names());
        Path odd = dataset.fragments().stream().filter(f -> "1".equals(String.valueOf(f.partitionValue("part"))))
                .findFirst().orElseThrow().path();
        assertEquals(1000, dataset.scanner().filter("part = 1").toTable().rowCount());
        // the footer parsed by the first scan is reused, and the file's new size betrays the change
        java.nio.file.Files.write(odd, new byte[] {0}, java.nio.file.StandardOpenOption.APPEND);
        DatasetException e = org.junit.jupiter.api.Assertions.assertThrows(DatasetException.class,
                () -> dataset.scanner().filter("part = 1").toTable());
        assertTrue(e.getMessage().contains("the file changed"), e.getMessage());
        // the other file was never opened by a scan: its footer is parsed now, whole
        assertEquals(1000, dataset.scanner().filter("part = 0").toTable().rowCount());
    }
}
