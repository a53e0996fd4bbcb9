// SPDX-License-Identifier: Apache-2.0
package dev.quiver.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.Table;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.io.ArrowFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatasetWriterTest {
    private static final Schema SCHEMA = Schema.of(Field.notNull("id", ArrowType.INT64),
            Field.nullable("region", ArrowType.UTF8), Field.nullable("year", ArrowType.INT32));

    @TempDir
    Path dir;

    static Table sample(int rows) {
        List<List<?>> data = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            data.add(Arrays.asList((long) i, i % 5 == 4 ? null : new String[] {"eu", "us west", "a/b", "x=y"}[i % 4],
                    2020 + i % 3));
        }
        return new Table(SCHEMA, List.of(RecordBatch.ofRows(SCHEMA, data)));
    }

    private List<Path> files(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(Files::isRegularFile).sorted().toList();
        }
    }

    private static List<Object> sortedIds(Table table) {
        List<Object> ids = new ArrayList<>();
        for (RecordBatch batch : table.batches()) {
            for (long i = 0; i < batch.rowCount(); i++) {
                ids.add(batch.column("id").getObject(i) + "|" + batch.column("region").getObject(i) + "|"
                        + batch.column("year").getObject(i));
            }
        }
        ids.sort(null);
        return ids;
    }

    @Test
    void hivePartitionedWriteReadsBackEqual() throws IOException {
        Table table = sample(1000);
        List<WrittenFile> written = DatasetWriter.write(table, dir,
                DatasetWriteOptions.DEFAULT.withPartitionBy(Partitioning.Scheme.HIVE, "region", "year"));
        assertEquals(15, written.size(), "5 regions (null among them) x 3 years");
        assertEquals(1000, written.stream().mapToLong(WrittenFile::rows).sum());
        assertTrue(Files.isDirectory(dir.resolve("region=us%20west/year=2021")));
        assertTrue(Files.isDirectory(dir.resolve("region=a%2Fb/year=2021")), "a slash is encoded, not a level");
        assertTrue(Files.isDirectory(dir.resolve("region=" + Partitioning.HIVE_NULL + "/year=2020")));
        Dataset dataset = Dataset.open(dir, DatasetOptions.DEFAULT.withPartitioning(Partitioning.hive(
                Schema.of(Field.nullable("year", ArrowType.INT32)))));
        assertEquals(List.of("id", "region", "year"), dataset.schema().names());
        assertEquals(sortedIds(table), sortedIds(dataset.toTable()));
    }

    @Test
    void rowLimitsSplitFilesAndBatches() throws IOException {
        List<WrittenFile> written = DatasetWriter.write(sample(1000), dir, DatasetWriteOptions.DEFAULT
                .withFormat(ArrowFormat.STREAM).withMaxRowsPerFile(300).withMaxRowsPerBatch(100)
                .withBasenameTemplate("chunk-{i}.arrows"));
        assertEquals(List.of(300L, 300L, 300L, 100L), written.stream().map(WrittenFile::rows).toList());
        assertEquals(List.of("chunk-0.arrows", "chunk-1.arrows", "chunk-2.arrows", "chunk-3.arrows"),
                files(dir).stream().map(p -> p.getFileName().toString()).toList());
        Table back = Dataset.open(dir).toTable();
        assertTrue(back.batches().stream().allMatch(b -> b.rowCount() <= 100));
        assertEquals(sortedIds(sample(1000)), sortedIds(back));
    }

    @Test
    void existingDataIsRefusedReplacedOrMatchedAsAsked() throws IOException {
        DatasetWriteOptions byYear = DatasetWriteOptions.DEFAULT.withFormat(ArrowFormat.CSV)
                .withPartitionBy(Partitioning.Scheme.DIRECTORY, "year");
        DatasetWriter.write(sample(30), dir, byYear);
        assertEquals(3, files(dir).size());
        DatasetException refused = assertThrows(DatasetException.class, () -> DatasetWriter.write(sample(30), dir, byYear));
        assertTrue(refused.getMessage().contains("already holds files"), refused.getMessage());
        Files.writeString(dir.resolve("2020/stray.csv"), "id,region\n");
        Files.createDirectories(dir.resolve("1999"));
        Files.writeString(dir.resolve("1999/old.csv"), "id,region\n");
        Table only2021 = new Table(SCHEMA, List.of(RecordBatch.ofRows(SCHEMA, List.of(Arrays.asList(1L, "eu", 2021)))));
        DatasetWriter.write(only2021, dir, byYear.withExisting(ExistingData.DELETE_MATCHING));
        assertTrue(Files.exists(dir.resolve("2020/stray.csv")), "a partition not written to is kept");
        assertEquals(1, files(dir.resolve("2021")).size());
        DatasetWriter.write(only2021, dir, byYear.withExisting(ExistingData.OVERWRITE));
        assertEquals(List.of(dir.resolve("2021/part-0.csv")), files(dir));
        assertFalse(Files.exists(dir.resolve("1999")));
    }

    @Test
    void manyPartitionsStayWithinTheOpenFileLimit() throws IOException {
        List<WrittenFile> written = DatasetWriter.write(sample(1000), dir, DatasetWriteOptions.DEFAULT
                .withPartitionBy(Partitioning.Scheme.HIVE, "id").withMaxOpenFiles(10).withMaxRowsPerBatch(7));
        assertEquals(1000, written.size());
        assertEquals(1000, Dataset.open(dir, DatasetOptions.DEFAULT.withPartitioning(Partitioning.hive())).countRows());
    }

    @Test
    void rowsKeepTheirOrderWithinEachPartitionAcrossBatches() throws IOException {
        Table table = sample(1000);
        List<RecordBatch> batches = new ArrayList<>();
        for (long start = 0; start < 1000; start += 137) {
            batches.add(table.batches().getFirst().slice(start, Math.min(137, 1000 - start)));
        }
        List<WrittenFile> written = DatasetWriter.write(new Table(SCHEMA, batches), dir,
                DatasetWriteOptions.DEFAULT.withPartitionBy(Partitioning.Scheme.HIVE, "year", "region"));
        assertEquals(15, written.size(), "one file per partition, however many batches fed it");
        Dataset dataset = Dataset.open(dir, DatasetOptions.DEFAULT.withPartitioning(Partitioning.hive()));
        for (Fragment fragment : dataset.fragments()) {
            Table part = dataset.scanner().fragmentFilter(f -> f == fragment).columns("id", "year", "region")
                    .toTable();
            long previous = -1;
            for (RecordBatch batch : part.batches()) {
                for (long i = 0; i < batch.rowCount(); i++) {
                    long id = (Long) batch.column("id").getObject(i);
                    assertTrue(id > previous, "ids ascend within " + fragment.path());
                    previous = id;
                    assertEquals(2020 + id % 3, ((Number) batch.column("year").getObject(i)).longValue());
                    Object region = id % 5 == 4 ? null : new String[] {"eu", "us west", "a/b", "x=y"}[(int) (id % 4)];
                    assertEquals(region, batch.column("region").getObject(i));
                }
            }
        }
        assertEquals(sortedIds(table), sortedIds(dataset.toTable()));
    }

    @Test
    void badRequestsAreClearErrors() {
        assertThrows(DatasetException.class, () -> DatasetWriter.write(sample(3), dir,
                DatasetWriteOptions.DEFAULT.withPartitionBy(Partitioning.Scheme.HIVE, "nope")));
        DatasetException nullDir = assertThrows(DatasetException.class, () -> DatasetWriter.write(sample(10),
                dir.resolve("d"), DatasetWriteOptions.DEFAULT.withPartitionBy(Partitioning.Scheme.DIRECTORY, "region")));
        assertTrue(nullDir.getMessage().contains("null at row 4"), nullDir.getMessage());
        assertThrows(IllegalArgumentException.class, () -> DatasetWriteOptions.DEFAULT.withBasenameTemplate("x.arrow"));
    }
}
