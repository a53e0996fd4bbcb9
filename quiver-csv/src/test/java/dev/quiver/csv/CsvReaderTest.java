// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.TimeUnit;
import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CsvReaderTest {
    static List<RecordBatch> read(String csv, CsvReadOptions options) {
        return read(csv.getBytes(StandardCharsets.UTF_8), options);
    }

    static List<RecordBatch> read(byte[] csv, CsvReadOptions options) {
        try (CsvReader reader = CsvReader.open(new ByteArrayInputStream(csv), options)) {
            List<RecordBatch> batches = new ArrayList<>();
            reader.forEach(batches::add);
            return batches;
        }
    }

    static Schema schema(String csv, CsvReadOptions options) {
        try (CsvReader reader = CsvReader.open(new ByteArrayInputStream(csv.getBytes(StandardCharsets.UTF_8)),
                options)) {
            return reader.schema();
        }
    }

    static List<Object> column(List<RecordBatch> batches, int c) {
        List<Object> values = new ArrayList<>();
        for (RecordBatch batch : batches) {
            Array a = batch.column(c);
            for (long r = 0; r < a.length(); r++) {
                values.add(a.getObject(r));
            }
        }
        return values;
    }

    @Test
    void infersTheTypesUsersExpect() {
        String csv = "i,f,b,d,ts,tz,t,zip,s,big,none\n"
                + "1,1.5,true,2024-01-02,2024-01-02 03:04:05,2024-01-02T03:04:05Z,12:30:00,02134,x,"
                + "123456789012345678901234,\n"
                + "-2,-5.00,False,2024-02-29,2024-01-02T03:04:05.123456,2024-01-02T05:04:05+02:00,23:59:59,10001,y,1,\n";
        Schema schema = schema(csv, CsvReadOptions.DEFAULT);
        assertEquals(List.of(ArrowType.INT64, ArrowType.FLOAT64, ArrowType.BOOL, new ArrowType.Date(DateUnit.DAY),
                new ArrowType.Timestamp(TimeUnit.MICROSECOND), new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"),
                new ArrowType.Time(TimeUnit.SECOND), ArrowType.UTF8, ArrowType.UTF8, new ArrowType.Decimal(24, 0, 128),
                ArrowType.UTF8), schema.fields().stream().map(Field::type).toList());
        List<RecordBatch> batches = read(csv, CsvReadOptions.DEFAULT);
        assertEquals(List.of(1L, -2L), column(batches, 0));
        assertEquals(List.of("02134", "10001"), column(batches, 7));
        assertEquals(column(batches, 5).get(0), column(batches, 5).get(1));
        assertEquals(LocalDate.of(2024, 2, 29), column(batches, 3).get(1));
    }

    @Test
    void printedDoublesAreFloat64SoLaterExponentsStillRead() {
        // Up to 17 significant digits is how any float64 prints (numpy, pandas, Java); the first block
        // holding none with an exponent must not make a later one fail.
        CsvReadOptions small = CsvReadOptions.DEFAULT.withBlockSize(1024);
        String csv = "x\n0.6235636967859723\n-1.9702089703563541\n0.01234567890123456\n" + "7.5\n".repeat(400)
                + "1.8737639264327575e-07\n";
        assertEquals(ArrowType.FLOAT64, schema(csv, small).field(0).type());
        List<Object> values = column(read(csv, small), 0);
        assertEquals(0.6235636967859723, values.get(0));
        assertEquals(-1.9702089703563541, values.get(1));
        assertEquals(1.8737639264327575e-07, values.getLast());
    }

    @Test
    void decimalsBeyondWhatAFloat64PrintsStayExact() {
        String csv = "x\n0.123456789012345678\n1.5\n";
        assertEquals(new ArrowType.Decimal(19, 18, 128), schema(csv, CsvReadOptions.DEFAULT).field(0).type());
        assertEquals(List.of(new BigDecimal("0.123456789012345678"), new BigDecimal("1.500000000000000000")),
                column(read(csv, CsvReadOptions.DEFAULT), 0));
        String zeros = "x\n0.000000000000000000123\n";
        assertEquals(ArrowType.FLOAT64, schema(zeros, CsvReadOptions.DEFAULT).field(0).type(),
                "leading zeros of a fraction are not significant");
    }

    @Test
    void decimalsWhenAsked() {
        Schema schema = schema("p\n1.50\n-5.00\n12\n", CsvReadOptions.DEFAULT.withInferDecimals(true));
        assertEquals(new ArrowType.Decimal(4, 2, 128), schema.field(0).type());
        List<RecordBatch> batches = read("p\n1.50\n-5.00\n12\n", CsvReadOptions.DEFAULT.withInferDecimals(true));
        assertEquals(List.of(new BigDecimal("1.50"), new BigDecimal("-5.00"), new BigDecimal("12.00")),
                column(batches, 0));
    }

    @Test
    void nullsAndEmptyStrings() {
        String csv = "n,s\nNULL,\"\"\n,\n3,NA\n";
        List<RecordBatch> batches = read(csv, CsvReadOptions.DEFAULT);
        assertEquals(ArrowType.INT64, batches.get(0).schema().field(0).type());
        assertEquals(java.util.Arrays.asList(null, null, 3L), column(batches, 0));
        assertEquals(java.util.Arrays.asList("", null, "NA"), column(batches, 1));
        List<RecordBatch> custom = read(csv, CsvReadOptions.DEFAULT.withNullValues(Set.of("NA", ""))
                .withStringsCanBeNull(true));
        assertEquals(java.util.Arrays.asList("", null, null), column(custom, 1));
    }

    @Test
    void explicitTypesHeaderlessSkipAndSelect() {
        String csv = "# comment line\n1;2024-01-02T03:04:05.5;12.345;a\n2;2024-01-02T03:04:06;-0.5;b\n";
        CsvReadOptions options = CsvReadOptions.DEFAULT.withDelimiter(';').withSkipRows(1)
                .withNoHeader(List.of("id", "ts", "price", "cat"))
                .withIncludeColumns(List.of("price", "ts", "cat"))
                .withTypes(CsvTypes.parseColumns("ts=timestamp[ms, UTC],price=decimal128(10,3),cat=dictionary<utf8>"));
        List<RecordBatch> batches = read(csv, options);
        Schema schema = batches.get(0).schema();
        assertEquals(List.of("price", "ts", "cat"), schema.fields().stream().map(Field::name).toList());
        assertEquals(List.of(new BigDecimal("12.345"), new BigDecimal("-0.500")), column(batches, 0));
        assertEquals(List.of("a", "b"), column(batches, 2));
        assertEquals(new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC"), schema.field(1).type());
    }

    @Test
    void quotedFieldsWithDelimitersQuotesAndNewlines() {
        String csv = "a,b\r\n\"x,\"\"y\"\"\nz\",2\r\n\r\nplain,3\r\n";
        List<RecordBatch> batches = read(csv, CsvReadOptions.DEFAULT);
        assertEquals(List.of("x,\"y\"\nz", "plain"), column(batches, 0));
        assertEquals(List.of(2L, 3L), column(batches, 1));
    }

    @Test
    void tsvByNameAndEscapes() {
        assertEquals('\t', CsvReadOptions.forFile(java.nio.file.Path.of("a.TSV")).delimiter());
        List<RecordBatch> batches = read("a\n\"x\\\"y\"\n", CsvReadOptions.DEFAULT.withEscape('\\'));
        assertEquals(List.of("x\"y"), column(batches, 0));
    }

    @Test
    void raggedRowNamesItsLine() {
        CsvException e = assertThrows(CsvException.class, () -> read("a,b\n1,2\n\"x\ny\",3\n4\n", CsvReadOptions.DEFAULT));
        assertEquals(5, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains("1 field where 2 are expected"), e.getMessage());
    }

    @Test
    void badValueNamesLineColumnAndValue() {
        CsvException e = assertThrows(CsvException.class, () -> read("a,b\n1,2\n3,x4\n",
                CsvReadOptions.DEFAULT.withTypes(Map.of("b", ArrowType.INT32))));
        assertEquals(3, e.line());
        assertEquals("b", e.column());
        assertEquals("x4", e.value());
        assertTrue(e.getMessage().startsWith("<stream>, line 3, column b: 'x4' is not int32"), e.getMessage());
    }

    @Test
    void invalidUtf8IsAClearError() {
        byte[] csv = {'a', '\n', 'o', 'k', '\n', 'b', (byte) 0xC3, (byte) 0x28, '\n'};
        CsvException e = assertThrows(CsvException.class, () -> read(csv, CsvReadOptions.DEFAULT));
        assertEquals(3, e.line());
        assertTrue(e.getMessage().contains("not valid UTF-8: byte 0xC3 at byte offset 6"), e.getMessage());
    }

    @Test
    void unclosedQuoteIsAnError() {
        CsvException e = assertThrows(CsvException.class, () -> read("a\n\"open\n", CsvReadOptions.DEFAULT));
        assertTrue(e.getMessage().contains("never closed"), e.getMessage());
    }

    @Test
    void manyBlocksInOrderOnManyThreads() {
        StringBuilder csv = new StringBuilder("id,name\n");
        for (int i = 0; i < 50_000; i++) {
            csv.append(i).append(",\"n\n").append(i).append("\"\n");
        }
        for (int threads : new int[] {1, 4}) {
            List<RecordBatch> batches = read(csv.toString(),
                    CsvReadOptions.DEFAULT.withBlockSize(4096).withThreads(threads));
            assertTrue(batches.size() > 100);
            List<Object> ids = column(batches, 0);
            assertEquals(50_000, ids.size());
            for (int i = 0; i < ids.size(); i++) {
                assertEquals((long) i, ids.get(i));
            }
            assertEquals("n\n49999", column(batches, 1).get(49_999));
        }
    }

    @Test
    void laterValueThatDoesNotFitTheInferredType() {
        StringBuilder csv = new StringBuilder("v\n");
        for (int i = 0; i < 2000; i++) {
            csv.append(i).append('\n');
        }
        csv.append("oops\n");
        CsvException e = assertThrows(CsvException.class,
                () -> read(csv.toString(), CsvReadOptions.DEFAULT.withBlockSize(1024)));
        assertEquals(2002, e.line());
        assertTrue(e.getMessage().contains("give the column's type"), e.getMessage());
    }

    @Test
    void readsOnlyAsFarAsAsked() {
        StringBuilder csv = new StringBuilder("v\n");
        for (int i = 0; i < 20_000; i++) {
            csv.append(i).append('\n');
        }
        csv.append("1,2,3\n");
        try (CsvReader reader = CsvReader.open(new ByteArrayInputStream(csv.toString().getBytes(StandardCharsets.UTF_8)),
                CsvReadOptions.DEFAULT.withBlockSize(1024).withThreads(1))) {
            assertTrue(reader.readNext().isPresent());
            assertTrue(reader.bytesRead() < 4096, "read " + reader.bytesRead());
        }
    }

    @Test
    void emptyInputHasNoHeader() {
        assertThrows(CsvException.class, () -> read("", CsvReadOptions.DEFAULT));
        assertFalse(read("a,b\n", CsvReadOptions.DEFAULT).iterator().hasNext());
    }
}
