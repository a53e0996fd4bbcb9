// SPDX-License-Identifier: Apache-2.0
package dev.quiver.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.Table;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScanFilterTest {
    @TempDir
    Path dir;

    private Dataset dataset;

    @BeforeEach
    void writeDataset() {
        DatasetWriter.write(DatasetWriterTest.sample(600), dir,
                DatasetWriteOptions.DEFAULT.withPartitionBy(Partitioning.Scheme.HIVE, "year").withMaxRowsPerFile(50));
        dataset = Dataset.open(dir, DatasetOptions.DEFAULT.withPartitioning(Partitioning.hive()));
    }

    private static List<Long> ids(Table table) {
        List<Long> ids = new ArrayList<>();
        for (RecordBatch batch : table.batches()) {
            for (long i = 0; i < batch.rowCount(); i++) {
                ids.add((Long) batch.column("id").getObject(i));
            }
        }
        ids.sort(null);
        return ids;
    }

    private static List<Long> expected(java.util.function.LongPredicate keep) {
        List<Long> ids = new ArrayList<>();
        for (long i = 0; i < 600; i++) {
            if (keep.test(i)) {
                ids.add(i);
            }
        }
        return ids;
    }

    @Test
    void aFilterOnAPartitionKeyOpensOnlyMatchingFiles() {
        try (Scan scan = dataset.scanner().filter("year = 2021").scan()) {
            long rows = 0;
            for (RecordBatch batch : scan) {
                rows += batch.rowCount();
            }
            assertEquals(200, rows);
            assertEquals(12, scan.stats().files());
            assertEquals(8, scan.stats().filesPruned(), "the files of 2020 and 2022 are never opened");
            assertEquals(4, scan.stats().filesOpened());
        }
        assertEquals(expected(i -> i % 3 == 1), ids(dataset.scanner().filter("year = 2021").toTable()));
    }

    @Test
    void rowFiltersAndKeyFiltersCombine() {
        Table table = dataset.scanner().columns("id").filter("year >= 2021 and id < 300 and region = 'eu'").toTable();
        assertEquals(List.of("id"), table.schema().names(), "filter columns are read, not delivered");
        assertEquals(expected(i -> i % 3 >= 1 && i < 300 && i % 4 == 0 && i % 5 != 4), ids(table));
        Table either = dataset.scanner().filter("year = 2020 or id = 599").toTable();
        assertEquals(expected(i -> i % 3 == 0 || i == 599), ids(either), "a disjunction cannot prune by keys alone");
        Table nulls = dataset.scanner().filter("region is null").toTable();
        assertEquals(expected(i -> i % 5 == 4), ids(nulls));
        assertEquals(ids(dataset.scanner().threads(1).filter("id > 100 and id <= 400").toTable()),
                ids(dataset.scanner().threads(4).ordered(false).filter("id > 100 and id <= 400").toTable()));
    }

    @Test
    void aFilterOnUnknownColumnsOrOfTheWrongTypeIsAClearError() {
        DatasetException unknown = assertThrows(DatasetException.class, () -> dataset.scanner().filter("nope = 1"));
        assertTrue(unknown.getMessage().contains("nope"), unknown.getMessage());
        assertThrows(DatasetException.class, () -> dataset.scanner().filter("id + 1"));
    }
}
