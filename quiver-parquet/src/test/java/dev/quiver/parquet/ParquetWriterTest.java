// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.IntervalUnit;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.TimeUnit;
import dev.quiver.core.type.UnionMode;
import dev.quiver.parquet.format.BloomFilterHeader;
import dev.quiver.parquet.format.ColumnChunk;
import dev.quiver.parquet.format.ColumnIndex;
import dev.quiver.parquet.format.CompressionCodec;
import dev.quiver.parquet.format.Encoding;
import dev.quiver.parquet.format.FileMetaData;
import dev.quiver.parquet.format.KeyValue;
import dev.quiver.parquet.format.OffsetIndex;
import dev.quiver.parquet.format.PageHeader;
import dev.quiver.parquet.format.PageLocation;
import dev.quiver.parquet.format.PageType;
import dev.quiver.parquet.thrift.ThriftReader;
import dev.quiver.parquet.write.ArrowSchemaMetadata;
import dev.quiver.parquet.write.SplitBlockBloomFilter;
import dev.quiver.parquet.write.XxHash64;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ParquetWriterTest {
    @TempDir
    Path dir;

    private static RecordBatch ints(int n) {
        Schema schema = Schema.of(Field.notNull("id", ArrowType.INT32), Field.nullable("s", ArrowType.UTF8));
        List<List<?>> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            rows.add(Arrays.asList(i, i % 7 == 0 ? null : "v" + (i % 50)));
        }
        return RecordBatch.ofRows(schema, rows);
    }

    private static FileMetaData footer(byte[] file) {
        MemorySegment s = MemorySegment.ofArray(file);
        assertArrayEquals("PAR1".getBytes(StandardCharsets.US_ASCII), Arrays.copyOfRange(file, 0, 4));
        assertArrayEquals("PAR1".getBytes(StandardCharsets.US_ASCII), Arrays.copyOfRange(file, file.length - 4,
                file.length));
        int length = s.get(LittleEndian.INT, file.length - 8);
        return FileMetaData.read(new ThriftReader(s, file.length - 8 - length, length, "footer"));
    }

    private static Stream<Path> entries(Path dir) throws IOException {
        return Files.list(dir);
    }

    @Test
    void aFailedWriteLeavesNoFileAndKeepsAnExistingOne() throws IOException {
        Path target = dir.resolve("t.parquet");
        Files.writeString(target, "before");
        Schema schema = Schema.of(Field.nullable("t", new ArrowType.Timestamp(TimeUnit.SECOND, null)));
        RecordBatch ok = RecordBatch.ofRows(schema, List.of(List.of(1L)));
        RecordBatch overflowing = RecordBatch.ofRows(schema, List.of(List.of(Long.MAX_VALUE / 10)));
        ParquetWriter writer = ParquetWriter.open(target, schema);
        writer.write(ok);
        ParquetException e = assertThrows(ParquetException.class, () -> writer.write(overflowing));
        assertTrue(e.getMessage().contains("column t"), e.getMessage());
        assertThrows(ParquetException.class, () -> writer.write(ok));
        assertThrows(ParquetException.class, writer::close);
        assertEquals("before", Files.readString(target));
        try (Stream<Path> files = entries(dir)) {
            assertEquals(List.of(target), files.toList());
        }
    }

    @Test
    void typesWithoutAMappingAreRefusedNamingTheColumnBeforeAnyFile() throws IOException {
        Path target = dir.resolve("r.parquet");
        ArrowType union = new ArrowType.Union(UnionMode.SPARSE, List.of(Field.nullable("a", ArrowType.INT32)),
                List.of(0));
        for (Field f : List.of(Field.nullable("iv", new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO)),
                Field.nullable("u", union), Field.nullable("es", new ArrowType.Struct(List.of())),
                Field.nullable("l", new ArrowType.List(Field.nullable("iv", new ArrowType.Interval(IntervalUnit.YEAR_MONTH)))))) {
            ParquetException e = assertThrows(ParquetException.class, () -> ParquetWriter.open(target, Schema.of(f)));
            assertTrue(e.getMessage().startsWith("column " + f.name()), e.getMessage());
        }
        try (Stream<Path> files = entries(dir)) {
            assertEquals(0, files.count());
        }
    }

    @Test
    void optionsThatDoNotFitAreRefused() throws IOException {
        Schema schema = ints(1).schema();
        Path target = dir.resolve("o.parquet");
        ParquetWriteOptions d = ParquetWriteOptions.DEFAULT;
        assertTrue(assertThrows(ParquetException.class, () -> ParquetWriter.open(target, schema,
                d.withCodec(CompressionCodec.BROTLI))).getMessage().contains("BROTLI"));
        assertTrue(assertThrows(ParquetException.class, () -> ParquetWriter.open(target, schema,
                d.withEncoding("s", Encoding.DELTA_BINARY_PACKED))).getMessage().startsWith("column s"));
        assertTrue(assertThrows(ParquetException.class, () -> ParquetWriter.open(target, schema,
                d.withDictionary("nope", false))).getMessage().contains("nope"));
        assertThrows(IllegalArgumentException.class, () -> d.withDataPageVersion(3));
        assertThrows(IllegalArgumentException.class, () -> ParquetWriteOptions.codecNamed("lzo"));
        assertEquals(CompressionCodec.LZ4_RAW, ParquetWriteOptions.codecNamed("LZ4"));
        RecordBatch batch = ints(3);
        try (ParquetWriter writer = ParquetWriter.open(target, schema)) {
            // refused before anything is written: the writer goes on
            assertThrows(ParquetException.class, () -> writer.write(batch, Map.of("k", "v")));
            assertThrows(ParquetException.class, () -> writer.write(ints(2).select(1)));
        }
        assertEquals(0, footer(Files.readAllBytes(target)).numRows());
    }

    @Test
    void footerRowGroupsAndPageIndexDescribeThePages() throws IOException {
        Path target = dir.resolve("p.parquet");
        RecordBatch batch = ints(2500);
        ParquetWriteOptions options = ParquetWriteOptions.DEFAULT.withRowGroupSize(1000).withPageRowLimit(300)
                .withCodec(CompressionCodec.ZSTD);
        try (ParquetWriter writer = ParquetWriter.open(target, batch.schema(), options)) {
            writer.write(batch.slice(0, 1234));
            writer.write(batch.slice(1234, 1266));
        }
        byte[] file = Files.readAllBytes(target);
        MemorySegment s = MemorySegment.ofArray(file);
        FileMetaData meta = footer(file);
        assertEquals(2500, meta.numRows());
        assertEquals(3, meta.rowGroups().size());
        assertEquals(List.of(1000L, 1000L, 500L), meta.rowGroups().stream().map(g -> g.numRows()).toList());
        KeyValue stored = meta.keyValueMetadata().stream().filter(kv -> kv.key().equals(ArrowSchemaMetadata.KEY))
                .findFirst().orElseThrow();
        assertEquals(ArrowSchemaMetadata.encode(batch.schema()), stored.value());
        int firstId = 0;
        for (int g = 0; g < 3; g++) {
            ColumnChunk id = meta.rowGroups().get(g).columns().get(0);
            assertEquals(CompressionCodec.ZSTD, id.metaData().codec());
            OffsetIndex offsets = OffsetIndex.read(new ThriftReader(s, id.offsetIndexOffset(), id.offsetIndexLength(),
                    "offset index"));
            ColumnIndex index = ColumnIndex.read(new ThriftReader(s, id.columnIndexOffset(), id.columnIndexLength(),
                    "column index"));
            List<PageLocation> pages = offsets.pageLocations();
            assertEquals(g == 2 ? 2 : 4, pages.size());
            assertEquals(1, index.boundaryOrder(), "ids ascend");
            long rows = meta.rowGroups().get(g).numRows();
            for (int p = 0; p < pages.size(); p++) {
                PageLocation page = pages.get(p);
                assertEquals(p * 300L, page.firstRowIndex());
                PageHeader header = PageHeader.read(new ThriftReader(s, page.offset(), page.compressedPageSize(),
                        "page"));
                assertEquals(PageType.DATA_PAGE, header.type());
                long pageRows = Math.min(300, rows - p * 300L);
                assertEquals(pageRows, header.dataPageHeader().numValues());
                int min = firstId + p * 300;
                assertEquals(min, MemorySegment.ofArray(index.minValues().get(p)).get(LittleEndian.INT, 0));
                assertEquals(min + pageRows - 1, MemorySegment.ofArray(index.maxValues().get(p)).get(LittleEndian.INT,
                        0));
                assertFalse(index.nullPages()[p]);
                assertEquals(0, index.nullCounts()[p]);
            }
            assertEquals(id.metaData().dataPageOffset(), pages.get(0).offset());
            // distinct ids: a dictionary would not make the first page smaller, so there is none (parquet-java's rule)
            assertNull(id.metaData().dictionaryPageOffset());
            assertEquals(id.metaData().dataPageOffset(), id.fileOffset());
            ColumnChunk strings = meta.rowGroups().get(g).columns().get(1);
            assertEquals(strings.metaData().dictionaryPageOffset(), (Long) strings.fileOffset(),
                    "50 distinct strings: the dictionary page first");
            firstId += (int) rows;
        }
    }

    @Test
    void dictionaryPageComesFirstAndFallbackSwitchesToPlain() throws IOException {
        Path target = dir.resolve("d.parquet");
        RecordBatch batch = ints(3000);
        ParquetWriteOptions options = ParquetWriteOptions.DEFAULT.withDictionaryPageSizeLimit(40).withPageRowLimit(100);
        try (ParquetWriter writer = ParquetWriter.open(target, batch.schema(), options)) {
            writer.write(batch);
        }
        byte[] file = Files.readAllBytes(target);
        MemorySegment s = MemorySegment.ofArray(file);
        ColumnChunk strings = footer(file).rowGroups().get(0).columns().get(1);
        Long dictionaryOffset = strings.metaData().dictionaryPageOffset();
        assertNotNull(dictionaryOffset);
        PageHeader dictionary = PageHeader.read(new ThriftReader(s, dictionaryOffset, file.length - dictionaryOffset,
                "dictionary page"));
        assertEquals(PageType.DICTIONARY_PAGE, dictionary.type());
        int[] encodings = strings.metaData().encodings();
        assertTrue(Arrays.stream(encodings).anyMatch(e -> e == Encoding.RLE_DICTIONARY));
        assertTrue(strings.metaData().encodingStats().stream().anyMatch(p -> p.pageType() == PageType.DATA_PAGE
                && p.encoding() == Encoding.PLAIN), "a fallback to PLAIN after the dictionary passed 40 bytes");
    }

    @Test
    void bloomFilterHoldsTheValuesWritten() throws IOException {
        Path target = dir.resolve("b.parquet");
        RecordBatch batch = ints(1000);
        ParquetWriteOptions options = ParquetWriteOptions.DEFAULT.withBloomFilter("id",
                new ParquetWriteOptions.BloomFilterOptions(1000, 0.01));
        try (ParquetWriter writer = ParquetWriter.open(target, batch.schema(), options)) {
            writer.write(batch);
        }
        byte[] file = Files.readAllBytes(target);
        MemorySegment s = MemorySegment.ofArray(file);
        ColumnChunk id = footer(file).rowGroups().get(0).columns().get(0);
        assertNull(footer(file).rowGroups().get(0).columns().get(1).metaData().bloomFilterOffset());
        long offset = id.metaData().bloomFilterOffset();
        ThriftReader in = new ThriftReader(s, offset, id.metaData().bloomFilterLength(), "bloom filter");
        BloomFilterHeader header = BloomFilterHeader.read(in);
        assertEquals(SplitBlockBloomFilter.optimalBytes(1000, 0.01), header.numBytes());
        long bits = offset + in.bytesRead();
        assertEquals((long) id.metaData().bloomFilterLength(), in.bytesRead() + header.numBytes());
        int blocks = header.numBytes() / 32;
        int misses = 0;
        for (int v = -1000; v < 1000; v++) {
            long hash = XxHash64.hashInt(v);
            boolean maybe = BloomFilters.check(s.asSlice(bits, header.numBytes()), blocks, hash);
            if (v >= 0) {
                assertTrue(maybe, "value " + v);
            } else if (maybe) {
                misses++;
            }
        }
        assertTrue(misses < 50, "false positives " + misses);
    }

    @Test
    void gzipWritesAtTheLevelAskedAndRefusesOthers() throws IOException {
        RecordBatch batch = ints(20_000);
        long[] sizes = new long[2];
        int[] levels = {0, 9};
        for (int k = 0; k < 2; k++) {
            Path target = dir.resolve("gzip" + levels[k] + ".parquet");
            try (ParquetWriter writer = ParquetWriter.open(target, batch.schema(), ParquetWriteOptions.DEFAULT
                    .withCodec(CompressionCodec.GZIP).withCompressionLevel(levels[k]))) {
                writer.write(batch);
            }
            sizes[k] = Files.size(target);
            assertEquals(batch.column(1), PyarrowReading.quiver(target, ParquetReadOptions.DEFAULT).batches().get(0)
                    .column(1));
        }
        assertTrue(sizes[0] > sizes[1], "level 0 stores, level 9 compresses: " + Arrays.toString(sizes));
        Path refused = dir.resolve("gzip10.parquet");
        ParquetException e = assertThrows(ParquetException.class, () -> ParquetWriter.open(refused, batch.schema(),
                ParquetWriteOptions.DEFAULT.withCodec(CompressionCodec.GZIP).withCompressionLevel(10)));
        assertTrue(e.getMessage().contains("0 to 9"), e.getMessage());
        assertFalse(Files.exists(refused));
    }

    @Test
    void dictionariesThatDoNotShrinkTheFirstPageAreDroppedUnlessTheCheckIsOff() throws IOException {
        RecordBatch batch = ints(2500);
        for (boolean check : new boolean[] {true, false}) {
            Path target = dir.resolve("check-" + check + ".parquet");
            try (ParquetWriter writer = ParquetWriter.open(target, batch.schema(), ParquetWriteOptions.DEFAULT
                    .withPageRowLimit(300).withDictionaryFirstPageCheck(check))) {
                writer.write(batch);
            }
            FileMetaData meta = footer(Files.readAllBytes(target));
            ColumnChunk id = meta.rowGroups().get(0).columns().get(0);
            ColumnChunk strings = meta.rowGroups().get(0).columns().get(1);
            // 300 distinct ids: 1200 bytes PLAIN against a 1200-byte dictionary and its indices
            assertEquals(!check, id.metaData().dictionaryPageOffset() != null, "check " + check);
            assertEquals(check, Arrays.stream(id.metaData().encodings()).noneMatch(e -> e == Encoding.RLE_DICTIONARY));
            assertNotNull(strings.metaData().dictionaryPageOffset(), "50 distinct strings keep their dictionary");
            assertEquals(batch.column(0), PyarrowReading.quiver(target, ParquetReadOptions.DEFAULT).batches().get(0)
                    .column(0));
        }
    }
}
