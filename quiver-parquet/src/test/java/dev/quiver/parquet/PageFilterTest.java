// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.Int64Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.Table;
import dev.quiver.core.compare.BatchComparator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.parquet.format.PageLocation;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pages skipped through the page index (PageIndex.md): a filter on the column index's page bounds and null
 * counts, and row ranges over columns with repetition, whose pages start at rows when an offset index is written.
 */
class PageFilterTest {
    private static final int ROWS = 10_000;
    @TempDir
    static Path dir;
    static Path file;
    static RecordBatch all;

    @BeforeAll
    static void write() {
        Schema schema = new Schema(List.of(Field.notNull("x", ArrowType.INT64), Field.nullable("maybe", ArrowType.INT32),
                Field.nullable("l", new ArrowType.List(Field.nullable("item", ArrowType.INT32))),
                Field.nullable("st", new ArrowType.Struct(List.of(Field.nullable("word", ArrowType.UTF8),
                        Field.nullable("n", ArrowType.INT16))))));
        List<List<?>> rows = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            List<Object> l = new ArrayList<>();
            for (int k = 0; k < i % 4; k++) {
                l.add(k == 1 ? null : i + k);
            }
            Map<String, Object> st = new LinkedHashMap<>();
            st.put("word", i % 5 == 0 ? null : "w".repeat(1 + i % 37) + i);
            st.put("n", (short) i);
            rows.add(java.util.Arrays.asList((long) i, i >= 2000 && i < 3000 ? null : i, i % 11 == 0 ? null : l,
                    i % 13 == 0 ? null : st));
        }
        all = RecordBatch.ofRows(schema, rows);
        file = dir.resolve("pages.parquet");
        // small pages: 500 rows, or fewer where 6,000 bytes of a column's values come first (st.word's pages
        // end at other rows than st.n's)
        try (ParquetWriter writer = ParquetWriter.open(file, schema, ParquetWriteOptions.DEFAULT.withRowGroupSize(4000)
                .withPageRowLimit(500).withPageSize(6000).withDictionary(false))) {
            writer.write(all);
        }
    }

    private record Read(Table table, long pagesRead, long pagesSkipped) {
    }

    private static Read read(Path path, ParquetReadOptions options) {
        try (ParquetReader reader = ParquetReader.open(path, options.withThreads(1))) {
            Table t = Table.from(reader);
            return new Read(t, reader.pagesRead(), reader.pagesSkipped());
        }
    }

    /** The values of x read, in order. */
    private static List<Long> xs(Table t) {
        List<Long> out = new ArrayList<>();
        for (RecordBatch b : t.batches()) {
            Int64Array x = (Int64Array) b.column("x");
            for (int i = 0; i < x.length(); i++) {
                out.add(x.get(i));
            }
        }
        return out;
    }

    private static List<Long> range(long from, long to) {
        List<Long> out = new ArrayList<>();
        for (long v = from; v < to; v++) {
            out.add(v);
        }
        return out;
    }

    /** Every batch equals the rows of the file it claims by its x column. */
    private static void assertRowsAsWritten(Table t) {
        for (RecordBatch b : t.batches()) {
            long first = ((Int64Array) b.column(0)).get(0);
            assertEquals(Optional.empty(), new BatchComparator().compare(List.of(all.slice(first, b.rowCount())),
                    List.of(b)), "rows from " + first);
        }
    }

    @Test
    void aFilterSkipsThePagesWhoseBoundsRuleItOut() {
        Read whole = read(file, ParquetReadOptions.DEFAULT.withRowGroups(2));
        assertEquals(0, whole.pagesSkipped());
        Read filtered = read(file, ParquetReadOptions.DEFAULT.withFilter(ParquetPredicate.gt("x", 8700L)));
        // row groups 0 and 1 end below 8700 (their statistics); in group 2 the page of rows 8000-8499 cannot hold
        // x > 8700, so every column reads from row 8500 on
        assertEquals(range(8500, ROWS), xs(filtered.table()));
        assertRowsAsWritten(filtered.table());
        assertTrue(filtered.pagesSkipped() >= 3, "skipped " + filtered.pagesSkipped());
        assertTrue(filtered.pagesRead() < whole.pagesRead(), filtered.pagesRead() + " of " + whole.pagesRead());
    }

    @Test
    void andOrAndNullTestsCombinePageRanges() {
        Read either = read(file, ParquetReadOptions.DEFAULT.withFilter(ParquetPredicate.or(ParquetPredicate.lt("x", 600L),
                ParquetPredicate.ge("x", 9500L))));
        List<Long> expected = range(0, 1000);
        expected.addAll(range(9500, ROWS));
        assertEquals(expected, xs(either.table()));
        assertRowsAsWritten(either.table());

        Read both = read(file, ParquetReadOptions.DEFAULT.withFilter(ParquetPredicate.and(ParquetPredicate.ge("x", 1200L),
                ParquetPredicate.lt("x", 1600L))));
        assertEquals(range(1000, 2000), xs(both.table()));

        // the pages of rows 2000-2999 hold only nulls in maybe: IS NULL reads them alone, a comparison never
        Read nulls = read(file, ParquetReadOptions.DEFAULT.withFilter(ParquetPredicate.isNull("maybe")));
        assertEquals(range(2000, 3000), xs(nulls.table()));
        assertRowsAsWritten(nulls.table());
        Read notNull = read(file, ParquetReadOptions.DEFAULT.withRowGroups(0).withFilter(ParquetPredicate.ne("maybe", 5)));
        List<Long> outside = range(0, 2000);
        outside.addAll(range(3000, 4000));
        assertEquals(outside, xs(notNull.table()));
        assertRowsAsWritten(notNull.table());

        Read none = read(file, ParquetReadOptions.DEFAULT.withFilter(ParquetPredicate.and(ParquetPredicate.ge("x", 2100L),
                ParquetPredicate.le("maybe", 2900))));
        assertEquals(0, none.table().rowCount());
    }

    @Test
    void nestedColumnsSkipPagesForARowRange() {
        for (long[] r : new long[][] {{1234, 500}, {0, 1}, {3999, 2}, {7000, 3000}, {9999, 1}, {4000, 4000}, {3777, 1}}) {
            Read part = read(file, ParquetReadOptions.DEFAULT.withColumns("x", "l", "st").withRowRange(r[0], r[1])
                    .withBatchSize(333));
            assertEquals(Optional.empty(), new BatchComparator().compare(List.of(all.select("x", "l", "st").slice(r[0], r[1])),
                    part.table().combineChunks().batches()), "rows " + r[0] + "+" + r[1]);
            if (r[1] < 1000) {
                assertTrue(part.pagesSkipped() > 0, "rows " + r[0] + "+" + r[1]);
            }
        }
    }

    @Test
    void aRowRangeOfANestedColumnNeverReadsThePagesOutsideIt() throws IOException {
        PageLocation damaged;
        try (ParquetFile f = ParquetFile.open(file)) {
            int leaf = f.leafColumns().indexOf(f.leafColumns().stream().filter(p -> p.startsWith("l.")).findFirst()
                    .orElseThrow());
            List<PageLocation> pages = f.offsetIndex(0, leaf).orElseThrow().pageLocations();
            assertTrue(pages.size() >= 8, "pages: " + pages.size());
            damaged = pages.get(1);
        }
        Path broken = dir.resolve("broken.parquet");
        Files.copy(file, broken);
        try (RandomAccessFile raf = new RandomAccessFile(broken.toFile(), "rw")) {
            raf.seek(damaged.offset());
            raf.write(new byte[Math.min(40, damaged.compressedPageSize())]);
        }
        assertThrows(ParquetException.class, () -> read(broken, ParquetReadOptions.DEFAULT.withColumns("l")));
        Read tail = read(broken, ParquetReadOptions.DEFAULT.withColumns("l").withRowRange(2000, 3000));
        assertEquals(Optional.empty(), new BatchComparator().compare(List.of(all.select("l").slice(2000, 3000)),
                tail.table().combineChunks().batches()));
        assertTrue(tail.pagesSkipped() > 0);
    }
}
