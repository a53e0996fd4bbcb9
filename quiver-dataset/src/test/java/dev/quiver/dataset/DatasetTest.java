// SPDX-License-Identifier: Apache-2.0
package dev.quiver.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.Table;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.io.Arrow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatasetTest {
    @TempDir
    Path dir;

    private static final Schema IDS = Schema.of(Field.notNull("id", ArrowType.INT64), Field.nullable("name", ArrowType.UTF8));

    private Path write(String relative, Schema schema, List<List<?>> rows) throws IOException {
        Path file = dir.resolve(relative);
        Files.createDirectories(file.getParent());
        Arrow.write(new Table(schema, List.of(RecordBatch.ofRows(schema, rows))), file);
        return file;
    }

    private void hiveTree() throws IOException {
        write("year=2023/region=eu/part-0.arrow", IDS, List.of(List.of(1L, "a"), List.of(2L, "b")));
        write("year=2023/region=us/part-0.arrow", IDS, List.of(List.of(3L, "c")));
        write("year=2024/region=eu/part-0.arrow", IDS, List.of(List.of(4L, "d"), Arrays.asList(5L, null)));
        write("year=2024/region=us%2Fwest/part-0.arrow", IDS, List.of(List.of(6L, "f")));
        write("year=__HIVE_DEFAULT_PARTITION__/region=eu/part-0.arrow", IDS, List.of(List.of(7L, "g")));
        Files.writeString(dir.resolve("_SUCCESS"), "");
        Files.writeString(dir.resolve(".hidden.arrow"), "not arrow");
    }

    /** A column's values, batch after batch. */
    static List<Object> column(Table table, String name) {
        List<Object> values = new ArrayList<>();
        for (RecordBatch batch : table.batches()) {
            for (long i = 0; i < batch.rowCount(); i++) {
                values.add(batch.column(name).getObject(i));
            }
        }
        return values;
    }

    @Test
    void hiveKeysAreTypedAndAppendedAfterTheFilesColumns() throws IOException {
        hiveTree();
        Dataset dataset = Dataset.open(dir, DatasetOptions.DEFAULT.withPartitioning(Partitioning.hive()));
        assertEquals(List.of("id", "name", "year", "region"), dataset.schema().names());
        assertEquals(ArrowType.INT32, dataset.schema().field("year").type());
        assertEquals(ArrowType.UTF8, dataset.schema().field("region").type());
        assertEquals(5, dataset.fragments().size(), "_SUCCESS and hidden files are not part of it");
        Table table = dataset.scanner().threads(1).toTable();
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L, 7L), column(table, "id"));
        assertEquals(Arrays.asList(2023, 2023, 2023, 2024, 2024, 2024, null), column(table, "year"));
        assertEquals(List.of("eu", "eu", "us", "eu", "eu", "us/west", "eu"), column(table, "region"),
                "values are URL-decoded");
        assertEquals(7, dataset.countRows());
    }

    @Test
    void fragmentFilterOpensOnlyMatchingFiles() throws IOException {
        hiveTree();
        Dataset dataset = Dataset.open(dir, DatasetOptions.DEFAULT.withPartitioning(Partitioning.hive()));
        try (Scan scan = dataset.scanner().columns("id", "region")
                .fragmentFilter(f -> Integer.valueOf(2024).equals(f.partitionValue("year"))).scan()) {
            long rows = 0;
            for (RecordBatch batch : scan) {
                assertEquals(List.of("id", "region"), batch.schema().names());
                rows += batch.rowCount();
            }
            assertEquals(3, rows);
            ScanStats stats = scan.stats();
            assertEquals(5, stats.files());
            assertEquals(3, stats.filesPruned());
            assertEquals(2, stats.filesOpened());
            assertEquals(3, stats.rows());
        }
    }

    @Test
    void threadsAndOrderDeliverTheSameRows() throws IOException {
        for (int f = 0; f < 12; f++) {
            List<List<?>> rows = new ArrayList<>();
            for (long r = 0; r < 100; r++) {
                rows.add(List.of(f * 1000L + r, "n" + r));
            }
            write(String.format("part=%02d/data.arrow", f), IDS, rows);
        }
        Dataset dataset = Dataset.open(dir, DatasetOptions.DEFAULT.withPartitioning(Partitioning.hive()));
        Table one = dataset.scanner().threads(1).toTable();
        Table four = dataset.scanner().threads(4).readAhead(3).toTable();
        assertEquals(one, four, "threads deliver the files' order");
        List<Object> unordered = column(dataset.scanner().threads(4).ordered(false).toTable(), "id");
        List<Object> expected = column(one, "id");
        assertEquals(expected.size(), unordered.size());
        assertTrue(unordered.containsAll(expected));
        Table sliced = dataset.scanner().batchSize(30).toTable();
        assertEquals(one.rowCount(), sliced.rowCount());
        assertTrue(sliced.batches().stream().allMatch(b -> b.rowCount() <= 30));
        assertEquals(column(one, "id"), column(sliced, "id"));
    }

    @Test
    void closingMidScanStopsTheWorkers() throws IOException {
        for (int f = 0; f < 20; f++) {
            write("f" + f + ".arrow", IDS, List.of(List.of((long) f, "x")));
        }
        Dataset dataset = Dataset.open(dir);
        try (Scan scan = dataset.scanner().threads(2).readAhead(2).scan()) {
            assertTrue(scan.readNext().isPresent());
        }
        assertEquals(20, dataset.countRows());
    }

    @Test
    void schemaEvolutionWidensAndFillsMissingColumnsWithNulls() throws IOException {
        Schema v1 = Schema.of(Field.notNull("id", ArrowType.INT32), Field.nullable("name", ArrowType.UTF8));
        Schema v2 = Schema.of(Field.notNull("id", ArrowType.INT64), Field.nullable("score", ArrowType.FLOAT32),
                Field.nullable("name", ArrowType.LARGE_UTF8));
        write("a.arrow", v1, List.of(List.of(1, "x")));
        write("b.arrow", v2, List.of(List.of(1L << 40, 1.5f, "y")));
        Dataset dataset = Dataset.open(dir);
        Schema schema = dataset.schema();
        assertEquals(List.of("id", "name", "score"), schema.names());
        assertEquals(ArrowType.INT64, schema.field("id").type());
        assertEquals(ArrowType.LARGE_UTF8, schema.field("name").type());
        assertTrue(schema.field("score").nullable(), "a column some files lack is nullable");
        Table table = dataset.toTable();
        assertEquals(List.of(1L, 1L << 40), column(table, "id"));
        assertEquals(List.of("x", "y"), column(table, "name"));
        assertEquals(Arrays.asList(null, 1.5f), column(table, "score"));
    }

    @Test
    void conflictingTypesNameBothFiles() throws IOException {
        write("a.arrow", Schema.of(Field.nullable("v", ArrowType.INT64)), List.of(List.of(1L)));
        write("b.arrow", Schema.of(Field.nullable("v", ArrowType.UTF8)), List.of(List.of("x")));
        DatasetException e = assertThrows(DatasetException.class, () -> Dataset.open(dir));
        assertTrue(e.getMessage().contains("a.arrow") && e.getMessage().contains("b.arrow"), e.getMessage());
        assertTrue(e.getMessage().contains("column v"), e.getMessage());
    }

    @Test
    void int64ValuesThatFloat64WouldRoundAreErrorsNotRoundedValues() throws IOException {
        write("a.arrow", Schema.of(Field.nullable("v", ArrowType.FLOAT64)), List.of(List.of(0.5)));
        write("b.arrow", Schema.of(Field.nullable("v", ArrowType.INT64)), List.of(List.of(1L << 53), List.of((1L << 53) + 1)));
        Dataset dataset = Dataset.open(dir);
        assertEquals(ArrowType.FLOAT64, dataset.schema().field("v").type());
        DatasetException e = assertThrows(DatasetException.class, dataset::toTable);
        // Widened by quiver-compute's safe cast: the error names the value, its row, the column and the file.
        assertTrue(e.getMessage().contains("9007199254740993") && e.getMessage().contains("b.arrow")
                && e.getMessage().contains("at row 1") && e.getMessage().contains("column v"), e.getMessage());
        assertEquals(ArrowType.FLOAT64, SchemaUnifier.widen(ArrowType.INT32, ArrowType.FLOAT32));
        assertEquals(ArrowType.INT64, SchemaUnifier.widen(ArrowType.UINT32, ArrowType.INT8));
        assertNull(SchemaUnifier.widen(ArrowType.UINT64, ArrowType.INT64));
    }

    @Test
    void directoryPartitioningAndGlobs() throws IOException {
        write("2023/eu/a.csv", IDS, List.of(List.of(1L, "a")));
        write("2024/us/a.csv", IDS, List.of(List.of(2L, "b")));
        write("2024/us/b.ndjson", IDS, List.of(List.of(3L, "c")));
        Dataset csv = Dataset.glob(dir + "/**/*.csv",
                DatasetOptions.DEFAULT.withPartitioning(Partitioning.parse("dir:year,region")));
        assertEquals(2, csv.fragments().size());
        Table table = csv.toTable();
        assertEquals(List.of(2023, 2024), column(table, "year"));
        assertEquals(List.of("eu", "us"), column(table, "region"));
        DatasetException mixed = assertThrows(DatasetException.class, () -> Dataset.open(dir));
        assertTrue(mixed.getMessage().contains("differ in format"), mixed.getMessage());
    }

    @Test
    void badPartitionValuesAndUnknownColumnsAreClearErrors() throws IOException {
        write("n=abc/a.arrow", IDS, List.of(List.of(1L, "a")));
        DatasetException e = assertThrows(DatasetException.class, () -> Dataset.open(dir,
                DatasetOptions.DEFAULT.withPartitioning(Partitioning.hive(Schema.of(Field.nullable("n", ArrowType.INT16))))));
        assertTrue(e.getMessage().contains("'abc'") && e.getMessage().contains("key n"), e.getMessage());
        Dataset dataset = Dataset.open(dir, DatasetOptions.DEFAULT.withPartitioning(Partitioning.hive()));
        assertEquals(ArrowType.UTF8, dataset.schema().field("n").type());
        assertThrows(DatasetException.class, () -> dataset.scanner().columns("nope"));
        assertThrows(DatasetException.class, () -> Partitioning.parse("dir:"));
        assertThrows(DatasetException.class, () -> Dataset.open(dir.resolve("missing")));
    }
}
