// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/** Random text with delimiters, quotes and line breaks, random block sizes and threads: what is written is read. */
class CsvPropertiesTest {
    @Provide
    Arbitrary<String> fields() {
        return Arbitraries.strings().withChars("ab,\"\n\r;\t é✓").ofMinLength(0).ofMaxLength(12).injectNull(0.1);
    }

    @Property(tries = 200)
    void textSurvivesAnyQuoting(@ForAll("rows") List<List<String>> rows, @ForAll @IntRange(min = 1, max = 4) int threads,
            @ForAll @IntRange(min = 1024, max = 4096) int blockSize, @ForAll boolean semicolon) {
        Schema schema = new Schema(List.of(Field.nullable("a", ArrowType.UTF8), Field.nullable("b", ArrowType.UTF8),
                Field.nullable("c", ArrowType.UTF8)));
        List<List<?>> values = new ArrayList<>(rows);
        RecordBatch batch = RecordBatch.ofRows(schema, values);
        char delimiter = semicolon ? ';' : ',';
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (CsvWriter writer = CsvWriter.open(out, schema, CsvWriteOptions.DEFAULT.withDelimiter(delimiter))) {
            writer.write(batch);
        }
        List<RecordBatch> back = CsvReaderTest.read(out.toByteArray(), CsvReadOptions.DEFAULT.withDelimiter(delimiter)
                .withTypes(Map.of("a", ArrowType.UTF8, "b", ArrowType.UTF8, "c", ArrowType.UTF8))
                .withThreads(threads).withBlockSize(blockSize));
        for (int c = 0; c < 3; c++) {
            assertEquals(CsvReaderTest.column(List.of(batch), c), CsvReaderTest.column(back, c));
        }
    }

    @Provide
    Arbitrary<List<List<String>>> rows() {
        return fields().list().ofSize(3).list().ofMinSize(0).ofMaxSize(300)
                .filter(rows -> rows.stream().noneMatch(r -> r.equals(Collections.nCopies(3, null))));
    }

    @Property(tries = 100)
    void raggedRowIsNamedByItsLine(@ForAll @IntRange(min = 0, max = 500) int good, @ForAll boolean more) {
        StringBuilder csv = new StringBuilder("x,y\n");
        for (int i = 0; i < good; i++) {
            csv.append(i).append(",\"q\nq\"\n");
        }
        csv.append(more ? "1,2,3\n" : "1\n");
        CsvException e = org.junit.jupiter.api.Assertions.assertThrows(CsvException.class,
                () -> CsvReaderTest.read(csv.toString(), CsvReadOptions.DEFAULT.withBlockSize(1024).withThreads(2)));
        assertEquals(2 + 2L * good, e.line(), e.getMessage());
    }

    @Property(tries = 100)
    void invalidUtf8IsAlwaysCaught(@ForAll @IntRange(min = 0, max = 300) int before,
            @ForAll("badBytes") byte bad) {
        StringBuilder csv = new StringBuilder("s\n");
        for (int i = 0; i < before; i++) {
            csv.append("ok").append(i).append('\n');
        }
        byte[] head = csv.toString().getBytes(StandardCharsets.UTF_8);
        byte[] input = new byte[head.length + 3];
        System.arraycopy(head, 0, input, 0, head.length);
        input[head.length] = 'x';
        input[head.length + 1] = bad;
        input[head.length + 2] = '\n';
        CsvException e = org.junit.jupiter.api.Assertions.assertThrows(CsvException.class,
                () -> CsvReaderTest.read(input, CsvReadOptions.DEFAULT.withBlockSize(1024)));
        assertEquals(2 + before, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains("not valid UTF-8"), e.getMessage());
    }

    @Provide
    Arbitrary<Byte> badBytes() {
        return Arbitraries.of((byte) 0x80, (byte) 0xBF, (byte) 0xC0, (byte) 0xC3, (byte) 0xF5, (byte) 0xFF);
    }
}
