// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.Table;
import dev.quiver.core.compare.BatchComparator;
import dev.quiver.parquet.format.OffsetIndex;
import dev.quiver.parquet.format.PageLocation;
import dev.quiver.testkit.PythonPeer;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Row ranges: row groups outside are not read, and the offset index (PageIndex.md) skips pages outside. */
class PageIndexTest {
    private static Table read(Path file, ParquetReadOptions options) {
        try (ParquetReader reader = ParquetReader.open(file, options)) {
            return Table.from(reader).combineChunks();
        }
    }

    @Test
    void rowRangesReadOnlyThePagesThatHoldThem(@TempDir Path dir) throws IOException {
        Optional<PythonPeer> python = PythonPeer.find();
        Assumptions.assumeTrue(python.isPresent(), PythonPeer.SKIP_MESSAGE);
        Path file = dir.resolve("pages.parquet");
        python.get().run("""
                import sys, pyarrow as pa, pyarrow.parquet as pq
                n = 10000
                t = pa.table({'x': pa.array(range(n), pa.int64()), 'maybe': pa.array([None if i % 3 else i for i in range(n)]),
                              's': ['s%d' % (i % 97) for i in range(n)], 'l': [[i] * (i % 3) for i in range(n)]})
                pq.write_table(t, sys.argv[1], row_group_size=4000, write_page_index=True, max_rows_per_page=500)
                """, file.toString());
        Table all = read(file, ParquetReadOptions.DEFAULT);
        for (long[] range : new long[][] {{1234, 500}, {0, 1}, {3999, 2}, {7000, 5000}, {9999, 1}, {4000, 4000}}) {
            Table part = read(file, ParquetReadOptions.DEFAULT.withRowRange(range[0], range[1]).withBatchSize(777));
            long count = Math.min(range[1], 10000 - range[0]);
            assertEquals(count, part.rowCount());
            RecordBatch expected = all.batches().get(0).slice(range[0], count);
            assertEquals(Optional.empty(), new BatchComparator().compare(List.of(expected), part.batches()),
                    "rows " + range[0] + "+" + range[1]);
        }
        assertEquals(0, read(file, ParquetReadOptions.DEFAULT.withRowRange(20000, 5)).rowCount());

        // damage a data page of x before the range: a whole read fails, the range's read never touches it
        PageLocation damaged;
        try (ParquetFile f = ParquetFile.open(file)) {
            OffsetIndex index = f.offsetIndex(0, 0).orElseThrow();
            assertTrue(index.pageLocations().size() >= 8, "pages: " + index.pageLocations().size());
            assertTrue(f.columnIndex(0, 0).isPresent());
            damaged = index.pageLocations().get(1);
        }
        Path broken = dir.resolve("broken.parquet");
        Files.copy(file, broken);
        try (RandomAccessFile raf = new RandomAccessFile(broken.toFile(), "rw")) {
            raf.seek(damaged.offset());
            raf.write(new byte[Math.min(40, damaged.compressedPageSize())]);
        }
        assertThrows(ParquetException.class, () -> read(broken, ParquetReadOptions.DEFAULT.withColumns("x")));
        Table tail = read(broken, ParquetReadOptions.DEFAULT.withColumns("x").withRowRange(2000, 3000));
        assertEquals(Optional.empty(), new BatchComparator().compare(List.of(all.batches().get(0).select("x").slice(2000, 3000)),
                tail.batches()));
    }
}
