// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The limits that keep a reader's memory in proportion to the block size: columns and a record's bytes. */
class CsvLimitsTest {
    private static final CsvReadOptions SMALL = CsvReadOptions.DEFAULT.withBlockSize(1024);

    private static String header(int columns) {
        StringBuilder out = new StringBuilder();
        for (int c = 0; c < columns; c++) {
            out.append(c == 0 ? "" : ",").append('c').append(c);
        }
        return out.append('\n').toString();
    }

    @Test
    void moreColumnsThanTheLimitAreRefusedWhenTheReaderOpens() {
        String csv = "skipped\n" + header(101) + "1".repeat(1) + ",2".repeat(100) + "\n";
        CsvException e = assertThrows(CsvException.class,
                () -> CsvReaderTest.read(csv, SMALL.withSkipRows(1).withMaxColumns(100)));
        assertEquals(2, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains("101 fields, more than the 100 columns"), e.getMessage());
        assertEquals(101, CsvReaderTest.read(csv, SMALL.withSkipRows(1).withMaxColumns(101)).getFirst()
                .schema().fields().size());
        assertThrows(CsvException.class, () -> CsvReaderTest.read("1,2,3\n",
                SMALL.withNoHeader(List.of("a", "b", "c")).withMaxColumns(2)));
    }

    @Test
    void theDefaultRefusesAMillionColumnHeaderAtOnce() {
        byte[] csv = header(1_000_000).getBytes(StandardCharsets.US_ASCII);
        CsvException e = assertThrows(CsvException.class,
                () -> CsvReader.open(new ByteArrayInputStream(csv), CsvReadOptions.DEFAULT).close());
        assertTrue(e.getMessage().contains("1000000 fields, more than the 16384 columns"), e.getMessage());
    }

    @Test
    void aRecordLongerThanTheLimitIsRefusedBeforeItIsHeld() {
        CsvReadOptions limited = SMALL.withMaxRecordBytes(64 * 1024);
        String longLine = "a,b\n1,2\n3," + "x".repeat(100_000) + "\n5,6\n";
        for (int threads : new int[] {1, 3}) {
            CsvException e = assertThrows(CsvException.class,
                    () -> CsvReaderTest.read(longLine, limited.withThreads(threads)));
            assertTrue(e.getMessage().contains("no record ends within 65536 bytes from byte offset 8"),
                    e.getMessage());
        }
        String unclosed = "a,b\n1,\"" + "x\n".repeat(50_000);
        CsvException e = assertThrows(CsvException.class, () -> CsvReaderTest.read(unclosed, limited));
        assertTrue(e.getMessage().contains("is a quote never closed?"), e.getMessage());
        String within = "a,b\n3," + "x".repeat(60_000) + "\n5,6\n";
        assertEquals(List.of("x".repeat(60_000), "6"), CsvReaderTest.column(CsvReaderTest.read(within, limited), 1));
        CsvException header = assertThrows(CsvException.class,
                () -> CsvReaderTest.read("a," + "h".repeat(70_000) + "\n1,2\n", limited));
        assertTrue(header.getMessage().contains("byte offset 0"), header.getMessage());
    }

    @Test
    void limitsOutOfRangeAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> CsvReadOptions.DEFAULT.withMaxColumns(0));
        assertThrows(IllegalArgumentException.class, () -> CsvReadOptions.DEFAULT.withMaxRecordBytes(1023));
        assertEquals(CsvReadOptions.DEFAULT_MAX_COLUMNS, CsvReadOptions.DEFAULT.withThreads(2).maxColumns());
        assertEquals(5000, CsvReadOptions.DEFAULT.withMaxRecordBytes(5000).withDelimiter(';').maxRecordBytes());
    }
}
