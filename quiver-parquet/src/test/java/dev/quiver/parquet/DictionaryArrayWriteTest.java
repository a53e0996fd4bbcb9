// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.Table;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.parquet.format.ColumnChunk;
import dev.quiver.parquet.format.ColumnMetaData;
import dev.quiver.parquet.format.RowGroup;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Arrow dictionary arrays of strings are written through their own dictionaries (each value hashed once, the
 * indices mapped): the column chunk must be byte for byte the one the decoded strings give.
 */
class DictionaryArrayWriteTest {
    private static final ArrowType.Dictionary TYPE = new ArrowType.Dictionary(ArrowType.INT32, ArrowType.UTF8, false);
    private static final Schema SCHEMA = Schema.of(Field.nullable("d", TYPE), Field.nullable("s", ArrowType.UTF8));

    @TempDir
    Path dir;

    /**
     * A batch of a dictionary column (random indices, some null, into {@code dictionary}, which may repeat values
     * and hold values no index uses) and the same values decoded as strings.
     */
    private static RecordBatch batch(Random random, int rows, List<String> dictionary) {
        List<List<?>> keyRows = new ArrayList<>();
        List<List<?>> stringRows = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            // the first entries of the dictionary are left unused
            Integer key = random.nextInt(9) == 0 ? null : 2 + random.nextInt(dictionary.size() - 2);
            keyRows.add(Arrays.asList(key));
            stringRows.add(Arrays.asList(key == null ? null : dictionary.get(key)));
        }
        ArrayData keys = RecordBatch.ofRows(Schema.of(Field.nullable("k", ArrowType.INT32)), keyRows).column(0).data();
        ArrayData values = RecordBatch.ofRows(Schema.of(Field.notNull("v", ArrowType.UTF8)),
                dictionary.stream().map(v -> List.of(v)).toList()).column(0).data();
        Array d = Array.of(keys.withType(TYPE).withDictionary(values));
        Array s = RecordBatch.ofRows(Schema.of(Field.nullable("s", ArrowType.UTF8)), stringRows).column(0);
        return new RecordBatch(SCHEMA, List.of(d, s));
    }

    private static List<String> dictionary(Random random, int size) {
        List<String> values = new ArrayList<>(List.of("\u0000unused", "~unused"));
        for (int i = 2; i < size; i++) {
            // repeated values: two Arrow entries become one Parquet entry
            values.add(random.nextInt(4) == 0 && i > 2 ? values.get(2 + random.nextInt(i - 2)) : "w" + random.nextInt(500));
        }
        return values;
    }

    private Path write(ParquetWriteOptions options, RecordBatch... batches) {
        Path file = dir.resolve("d.parquet");
        try (ParquetWriter writer = ParquetWriter.open(file, SCHEMA, options)) {
            for (RecordBatch b : batches) {
                writer.write(b);
            }
        }
        return file;
    }

    private static void assertChunksEqual(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        try (ParquetFile parquet = ParquetFile.open(file)) {
            for (int g = 0; g < parquet.rowGroupCount(); g++) {
                RowGroup group = parquet.rowGroup(g);
                ColumnChunk d = group.columns().get(0);
                ColumnChunk s = group.columns().get(1);
                assertArrayEquals(pages(bytes, s.metaData()), pages(bytes, d.metaData()), "pages of row group " + g);
                assertArrayEquals(s.metaData().encodings(), d.metaData().encodings());
                assertArrayEquals(s.metaData().statistics().minValue(), d.metaData().statistics().minValue());
                assertArrayEquals(s.metaData().statistics().maxValue(), d.metaData().statistics().maxValue());
                assertEquals(s.metaData().statistics().nullCount(), d.metaData().statistics().nullCount());
                assertEquals(s.metaData().sizeStatistics().unencodedByteArrayDataBytes(),
                        d.metaData().sizeStatistics().unencodedByteArrayDataBytes());
                assertArrayEquals(parquet.columnIndex(g, 1).orElseThrow().minValues().toArray(),
                        parquet.columnIndex(g, 0).orElseThrow().minValues().toArray());
                assertArrayEquals(parquet.offsetIndex(g, 1).orElseThrow().unencodedByteArrayDataBytes(),
                        parquet.offsetIndex(g, 0).orElseThrow().unencodedByteArrayDataBytes());
            }
        }
    }

    /** The chunk's pages, the dictionary page first. */
    private static byte[] pages(byte[] file, ColumnMetaData meta) {
        long start = meta.dictionaryPageOffset() != null ? meta.dictionaryPageOffset() : meta.dataPageOffset();
        return Arrays.copyOfRange(file, (int) start, (int) (start + meta.totalCompressedSize()));
    }

    @Test
    void aDictionaryArrayIsWrittenAsItsDecodedValuesWouldBe() throws IOException {
        Random random = new Random(29);
        RecordBatch first = batch(random, 700, dictionary(random, 40));
        RecordBatch second = batch(random, 900, dictionary(random, 60));
        RecordBatch sliced = batch(random, 500, dictionary(random, 30)).slice(37, 400);
        for (ParquetWriteOptions options : new ParquetWriteOptions[] {ParquetWriteOptions.DEFAULT,
            ParquetWriteOptions.DEFAULT.withPageRowLimit(90).withRowGroupSize(800).withDataPageVersion(2),
            ParquetWriteOptions.DEFAULT.withDictionaryPageSizeLimit(100).withPageRowLimit(50)}) {
            Path file = write(options, first, second, sliced);
            assertChunksEqual(file);
            Table read = PyarrowReading.quiver(file, ParquetReadOptions.DEFAULT);
            assertEquals(TYPE, read.schema().field(0).type());
            Array d = read.batches().get(0).column(0);
            Array s = read.batches().get(0).column(1);
            assertEquals(1600L + 400, d.length());
            for (long i = 0; i < d.length(); i++) {
                assertEquals(s.getObject(i), d.getObject(i), "row " + i);
            }
        }
    }

    @Test
    void aDictionaryThatDoesNotPayOnTheFirstPageIsDroppedAndItsPageWrittenFromTheValues() throws IOException {
        Random random = new Random(31);
        List<String> distinct = new ArrayList<>(List.of("\u0000unused", "~unused"));
        for (int i = 0; i < 3000; i++) {
            distinct.add("distinct value " + i);
        }
        for (int version : new int[] {1, 2}) {
            Path file = write(ParquetWriteOptions.DEFAULT.withPageRowLimit(100).withDataPageVersion(version),
                    batch(random, 1000, distinct));
            assertChunksEqual(file);
            try (ParquetFile parquet = ParquetFile.open(file)) {
                ColumnMetaData d = parquet.rowGroup(0).columns().get(0).metaData();
                assertEquals(null, d.dictionaryPageOffset(), "no dictionary page");
                assertTrue(Arrays.stream(d.encodings()).noneMatch(e -> e == dev.quiver.parquet.format.Encoding
                        .RLE_DICTIONARY));
            }
            for (RecordBatch b : PyarrowReading.quiver(file, ParquetReadOptions.DEFAULT).batches()) {
                for (long i = 0; i < b.rowCount(); i++) {
                    assertEquals(b.column(1).getObject(i), b.column(0).getObject(i), "row " + i);
                }
            }
        }
    }

    @Test
    void boundsComeFromTheValuesUsedNotTheWholeDictionary() throws IOException {
        Path file = write(ParquetWriteOptions.DEFAULT, batch(new Random(3), 200, dictionary(new Random(4), 20)));
        try (ParquetFile parquet = ParquetFile.open(file)) {
            byte[] min = parquet.rowGroup(0).columns().get(0).metaData().statistics().minValue();
            byte[] max = parquet.rowGroup(0).columns().get(0).metaData().statistics().maxValue();
            assertEquals('w', min[0], "the unused \\0 entry is not the minimum");
            assertEquals('w', max[0], "the unused ~ entry is not the maximum");
        }
    }

    @Test
    void anIndexPastTheDictionaryIsRefusedNamingTheColumn() {
        ArrayData keys = RecordBatch.ofRows(Schema.of(Field.nullable("k", ArrowType.INT32)),
                List.of(List.of(0), List.of(5))).column(0).data();
        ArrayData values = RecordBatch.ofRows(Schema.of(Field.notNull("v", ArrowType.UTF8)),
                List.of(List.of("a"), List.of("b"))).column(0).data();
        Schema schema = Schema.of(Field.nullable("d", TYPE));
        RecordBatch bad = new RecordBatch(schema, List.of(Array.ofUnchecked(keys.withType(TYPE).withDictionary(values))));
        ParquetException e = assertThrows(ParquetException.class, () -> {
            try (ParquetWriter writer = ParquetWriter.open(dir.resolve("bad.parquet"), schema,
                    ParquetWriteOptions.DEFAULT)) {
                writer.write(bad);
            }
        });
        assertTrue(e.getMessage().contains("column d") && e.getMessage().contains("5"), e.getMessage());
    }
}
