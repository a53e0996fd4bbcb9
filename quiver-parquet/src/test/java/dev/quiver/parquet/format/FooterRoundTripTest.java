// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.parquet.ParquetException;
import dev.quiver.parquet.thrift.ThriftReader;
import dev.quiver.parquet.thrift.ThriftWriter;
import dev.quiver.testkit.TestData;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

class FooterRoundTripTest {
    static Path parquetTesting() {
        return TestData.root().resolveSibling("parquet-testing");
    }

    static byte[] footer(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        int length = ByteBuffer.wrap(bytes, bytes.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
        return Arrays.copyOfRange(bytes, bytes.length - 8 - length, bytes.length - 8);
    }

    /** Every plaintext footer of parquet-testing's data/ reads, and writing what was read reads back the same. */
    @TestFactory
    Stream<DynamicTest> footersOfParquetTestingReadAndRewrite() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(parquetTesting().resolve("data"))) {
            files = s.filter(p -> p.toString().endsWith(".parquet")).sorted().toList();
        }
        assertTrue(files.size() > 50, "parquet-testing data files: " + files.size());
        return files.stream().map(file -> DynamicTest.dynamicTest(file.getFileName().toString(), () -> {
            byte[] bytes = Files.readAllBytes(file);
            if (new String(bytes, bytes.length - 4, 4, java.nio.charset.StandardCharsets.US_ASCII).equals("PARE")) {
                return; // encrypted footer: the reader refuses these files (ParquetReader's tests)
            }
            FileMetaData meta = FileMetaData.read(new ThriftReader(footer(file), file.getFileName().toString()));
            assertTrue(meta.schema().size() >= 1);
            ThriftWriter out = new ThriftWriter();
            meta.write(out);
            byte[] once = out.toByteArray();
            FileMetaData again = FileMetaData.read(new ThriftReader(once, "rewritten"));
            ThriftWriter out2 = new ThriftWriter();
            again.write(out2);
            assertArrayEquals(once, out2.toByteArray());
            assertEquals(meta.numRows(), again.numRows());
            assertEquals(meta.schema(), again.schema());
        }));
    }

    @Test
    void pageHeadersRoundTrip() {
        Statistics stats = new Statistics(null, null, 3L, null, new byte[] {9}, new byte[] {1}, true, null, 0L);
        PageHeader v1 = new PageHeader(PageType.DATA_PAGE, 100, 50, 1234,
                new DataPageHeader(10, Encoding.PLAIN, Encoding.RLE, Encoding.RLE, stats), null, null, null);
        PageHeader v2 = new PageHeader(PageType.DATA_PAGE_V2, 100, 50, null, null, null, null,
                new DataPageHeaderV2(10, 2, 5, Encoding.DELTA_BINARY_PACKED, 4, 3, false, null));
        PageHeader dict = new PageHeader(PageType.DICTIONARY_PAGE, 10, 10, null, null, null,
                new DictionaryPageHeader(3, Encoding.PLAIN, true), null);
        for (PageHeader h : List.of(v1, v2, dict)) {
            ThriftWriter out = new ThriftWriter();
            h.write(out);
            byte[] bytes = out.toByteArray();
            ThriftReader in = new ThriftReader(bytes, "page header");
            PageHeader back = PageHeader.read(in);
            assertEquals(bytes.length, in.bytesRead());
            ThriftWriter out2 = new ThriftWriter();
            back.write(out2);
            assertArrayEquals(bytes, out2.toByteArray());
            assertEquals(h.type(), back.type());
            assertEquals(h.crc(), back.crc());
        }
    }

    @Test
    void indexesAndBloomHeaderRoundTrip() {
        ColumnIndex ci = new ColumnIndex(new boolean[] {false, true}, List.of(new byte[] {1}, new byte[0]),
                List.of(new byte[] {5}, new byte[0]), 1, new long[] {0, 7}, null, null, null);
        ThriftWriter out = new ThriftWriter();
        ci.write(out);
        ColumnIndex ciBack = ColumnIndex.read(new ThriftReader(out.toByteArray(), "ci"));
        assertArrayEquals(ci.nullPages(), ciBack.nullPages());
        assertArrayEquals(ci.nullCounts(), ciBack.nullCounts());
        assertArrayEquals(ci.maxValues().get(0), ciBack.maxValues().get(0));

        OffsetIndex oi = new OffsetIndex(List.of(new PageLocation(4, 100, 0), new PageLocation(104, 90, 1000)), null);
        out = new ThriftWriter();
        oi.write(out);
        assertEquals(oi.pageLocations(), OffsetIndex.read(new ThriftReader(out.toByteArray(), "oi")).pageLocations());

        BloomFilterHeader bf = new BloomFilterHeader(1024, 1, 1, 1);
        out = new ThriftWriter();
        bf.write(out);
        assertEquals(bf, BloomFilterHeader.read(new ThriftReader(out.toByteArray(), "bf")));
    }

    @Test
    void logicalTypesRoundTrip() {
        for (LogicalType t : List.of(LogicalType.of(LogicalType.STRING), LogicalType.decimal(38, 9),
                LogicalType.temporal(LogicalType.TIMESTAMP, true, LogicalType.NANOS),
                LogicalType.temporal(LogicalType.TIME, false, LogicalType.MILLIS), LogicalType.integer(16, false),
                LogicalType.of(LogicalType.FLOAT16), LogicalType.of(LogicalType.UUID))) {
            ThriftWriter out = new ThriftWriter();
            t.write(out);
            assertEquals(t, LogicalType.read(new ThriftReader(out.toByteArray(), "logical type")));
        }
    }

    @Test
    void missingRequiredFieldsAreNamed() {
        ThriftWriter out = new ThriftWriter();
        out.beginStruct();
        out.i32Field(1, 1);
        out.endStruct();
        ParquetException e = assertThrows(ParquetException.class,
                () -> FileMetaData.read(new ThriftReader(out.toByteArray(), "the footer")));
        assertTrue(e.getMessage().contains("FileMetaData has no schema"), e.getMessage());
    }
}
