// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Tokenizing on the workers: blocks cut where {@link RecordEnds} finds the last record end, checked by the
 * tokenizer, and the input that fools the quote parity read again on the reading thread, with the same
 * values and the same lines in errors as on one thread.
 */
class CsvParallelTest {
    private static CsvReadOptions options(int threads) {
        return CsvReadOptions.DEFAULT.withBlockSize(2048).withThreads(threads);
    }

    private static void sameOnAnyThreads(String csv, int columns) {
        List<RecordBatch> one = CsvReaderTest.read(csv, options(1));
        for (int threads : new int[] {2, 3, 5}) {
            List<RecordBatch> many = CsvReaderTest.read(csv, options(threads));
            assertEquals(one.getFirst().schema(), many.getFirst().schema());
            for (int c = 0; c < columns; c++) {
                assertEquals(CsvReaderTest.column(one, c), CsvReaderTest.column(many, c), "column " + c);
            }
        }
    }

    private static String randomField(SplittableRandom random) {
        String[] parts = {"a", "b,c", "\"", "\n", "\r\n", "é", "12", ""};
        StringBuilder raw = new StringBuilder();
        for (int k = random.nextInt(4); k > 0; k--) {
            raw.append(parts[random.nextInt(parts.length)]);
        }
        String text = raw.toString();
        boolean needsQuotes = text.contains(",") || text.contains("\"") || text.contains("\n") || text.contains("\r");
        return needsQuotes || random.nextInt(4) == 0 ? '"' + text.replace("\"", "\"\"") + '"' : text;
    }

    @Test
    void quotedLineBreaksDelimitersAndQuotesOnManyThreads() {
        SplittableRandom random = new SplittableRandom(3);
        StringBuilder csv = new StringBuilder("id,a,b\n");
        for (int i = 0; i < 4000; i++) {
            csv.append(i).append(',').append(randomField(random)).append(',').append(randomField(random))
                    .append(random.nextBoolean() ? "\n" : "\r\n");
        }
        sameOnAnyThreads(csv.toString(), 3);
    }

    @Test
    void quotesInsideUnquotedFieldsAreReadAgainOnTheReadingThread() {
        StringBuilder csv = new StringBuilder("id,height,note\n");
        for (int i = 0; i < 5000; i++) {
            csv.append(i).append(",5'").append(i % 12).append("\",\"n\n").append(i).append("\"\n");
        }
        sameOnAnyThreads(csv.toString(), 3);
        List<RecordBatch> batches = CsvReaderTest.read(csv.toString(), options(4));
        assertEquals("5'11\"", CsvReaderTest.column(batches, 1).get(4199));
        assertEquals(4999L, CsvReaderTest.column(batches, 0).get(4999));
    }

    @Test
    void errorsAfterAReadAgainNameTheirLine() {
        StringBuilder csv = new StringBuilder("id,height\n");
        for (int i = 0; i < 3000; i++) {
            csv.append(i).append(i == 100 ? ",5'2\"\n" : ",\"a\nb\"\n");
        }
        csv.append("x,1\n");
        for (int threads : new int[] {1, 2, 4}) {
            CsvException e = assertThrows(CsvException.class, () -> CsvReaderTest.read(csv.toString(),
                    options(threads).withTypes(Map.of("id", ArrowType.INT64))));
            assertEquals(1 + 2 * 2999 + 1 + 1, e.line(), e.getMessage());
            assertEquals("id", e.column());
        }
    }

    @Test
    void raggedRowsAndBadUtf8NameTheirLineOnManyThreads() {
        StringBuilder csv = new StringBuilder("id,name\n");
        for (int i = 0; i < 3000; i++) {
            csv.append(i).append(",\"x\ny\"\n");
        }
        String ragged = csv + "1,2,3\n";
        for (int threads : new int[] {1, 2, 4}) {
            CsvException e = assertThrows(CsvException.class, () -> CsvReaderTest.read(ragged, options(threads)));
            assertEquals(2 + 2 * 3000, e.line(), e.getMessage());
        }
        byte[] prefix = csv.toString().getBytes(StandardCharsets.UTF_8);
        byte[] bad = java.util.Arrays.copyOf(prefix, prefix.length + 5);
        System.arraycopy(new byte[] {'7', ',', (byte) 0xC3, (byte) 0x28, '\n'}, 0, bad, prefix.length, 5);
        for (int threads : new int[] {1, 2, 4}) {
            CsvException e = assertThrows(CsvException.class, () -> CsvReaderTest.read(bad, options(threads)));
            assertEquals(2 + 2 * 3000, e.line(), e.getMessage());
            assertTrue(e.getMessage().contains("not valid UTF-8"), e.getMessage());
        }
    }

    @Test
    void carriageReturnsAloneEndRecordsOnManyThreads() {
        StringBuilder csv = new StringBuilder("id,name\r");
        for (int i = 0; i < 3000; i++) {
            csv.append(i).append(",n").append(i).append('\r');
        }
        sameOnAnyThreads(csv.toString(), 2);
        assertEquals(3000, CsvReaderTest.column(CsvReaderTest.read(csv.toString(), options(3)), 0).size());
    }

    @Test
    void recordEndsAgreeWithTheTokenizer() {
        SplittableRandom random = new SplittableRandom(11);
        Dialect dialect = new Dialect((byte) ',', (byte) '"', (byte) 0);
        for (int round = 0; round < 3000; round++) {
            StringBuilder csv = new StringBuilder();
            int rows = 1 + random.nextInt(12);
            for (int r = 0; r < rows; r++) {
                csv.append(randomField(random)).append(',').append(randomField(random)).append('\n');
            }
            byte[] all = csv.toString().getBytes(StandardCharsets.UTF_8);
            int length = random.nextInt(all.length + 1);
            int found = RecordEnds.lastRecordEnd(all, length, (byte) '"');
            Tokens tokens = Tokens.tokenize(all, 0, length, 2, dialect, Integer.MAX_VALUE, false);
            if (tokens.rows == 0) {
                assertEquals(-1, found, csv.toString());
            } else {
                assertEquals(tokens.end, found, csv.toString());
            }
        }
    }

    @Test
    void reusedArraysLeaveNothingOfTheBlockBefore() {
        StringBuilder csv = new StringBuilder("flag,n,s\n");
        List<Object> flags = new java.util.ArrayList<>();
        List<Object> numbers = new java.util.ArrayList<>();
        List<Object> texts = new java.util.ArrayList<>();
        SplittableRandom random = new SplittableRandom(5);
        for (int i = 0; i < 20_000; i++) {
            int kind = random.nextInt(3);
            boolean flag = i < 10_000 || kind == 0;
            Long n = kind == 1 ? null : (long) random.nextInt(1000);
            String text = kind == 2 ? null : "t" + i;
            flags.add(flag);
            numbers.add(n);
            texts.add(text);
            csv.append(flag).append(',').append(n == null ? "" : n.toString()).append(',')
                    .append(text == null ? "" : text).append('\n');
        }
        for (int threads : new int[] {1, 3}) {
            List<RecordBatch> batches = CsvReaderTest.read(csv.toString(), options(threads));
            assertTrue(batches.size() > 20);
            assertEquals(flags, CsvReaderTest.column(batches, 0));
            assertEquals(numbers, CsvReaderTest.column(batches, 1));
            assertEquals(texts, CsvReaderTest.column(batches, 2));
        }
    }
}
