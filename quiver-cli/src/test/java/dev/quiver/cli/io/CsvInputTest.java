// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quiver.cli.CliException;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvInputTest {
    @TempDir
    Path dir;

    private Path csv(String text) throws IOException {
        return Files.writeString(dir.resolve("in.csv"), text);
    }

    private static RecordBatch read(Path path) throws IOException {
        try (RecordBatchReader source = CsvInput.read(path, Map.of())) {
            return source.readNext().orElseThrow();
        }
    }

    private static List<ArrowType> types(RecordBatch batch) {
        return batch.schema().fields().stream().map(Field::type).toList();
    }

    @Test
    void invalidUtf8IsAnErrorNamingLineAndColumn() throws IOException {
        Path path = Files.write(dir.resolve("bad.csv"), new byte[] {'a', ',', 'b', '\n', 'x', ',', 'y', (byte) 0xFF, 'z',
            '\n'});
        CliException e = assertThrows(CliException.class, () -> read(path));
        assertEquals(path + ", line 2, column 4: not valid UTF-8 (byte 0xFF)", e.getMessage());
    }

    @Test
    void invalidUtf8FarIntoTheFileIsPlacedExactly() throws IOException {
        // Past the decoder's buffer, after CR LF line ends, a multi-byte character and a quoted line break.
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.writeBytes("id,text\r\n".getBytes(StandardCharsets.UTF_8));
        for (int line = 2; line <= 3000; line++) {
            bytes.writeBytes((line + ",\"é€\n" + "x".repeat(40) + "\"\r\n").getBytes(StandardCharsets.UTF_8));
        }
        bytes.writeBytes("9,é".getBytes(StandardCharsets.UTF_8));
        bytes.write(0xC3);
        bytes.write('(');
        Path path = Files.write(dir.resolve("far.csv"), bytes.toByteArray());
        CliException e = assertThrows(CliException.class, () -> read(path));
        // Lines 2..3000 each hold a quoted line break: the bad byte is on physical line 1 + 2 * 2999 + 1.
        assertEquals(path + ", line 6000, column 4: not valid UTF-8 (byte 0xC3)", e.getMessage());
    }

    @Test
    void aByteOrderMarkAtTheStartIsDropped() throws IOException {
        RecordBatch batch = read(csv("\uFEFFid,name\n1,\uFEFFa\n"));
        assertEquals("id", batch.schema().field(0).name());
        assertEquals(1L, batch.column(0).getObject(0));
        assertEquals("\uFEFFa", batch.column(1).getObject(0), "only the mark at the start of the file is dropped");
    }

    @Test
    void integersBeyondInt64BecomeDecimalsNeverFloats() throws IOException {
        RecordBatch batch = read(csv("""
                big,mixed,wide,float,long,text
                12345678901234567891,1.5,1234567890123456789012345678901234567890,9007199254740993,1,1e5
                -5,12345678901234567891,1,1.5,9223372036854775807,12345678901234567891
                """));
        assertEquals(List.of(new ArrowType.Decimal(20, 0, 128), new ArrowType.Decimal(21, 1, 128), ArrowType.UTF8,
                new ArrowType.Decimal(17, 1, 128), ArrowType.INT64, ArrowType.UTF8), types(batch));
        assertEquals(new BigDecimal("12345678901234567891"), batch.column(0).getObject(0));
        assertEquals(new BigDecimal("-5"), batch.column(0).getObject(1));
        assertEquals(new BigDecimal("1.5"), batch.column(1).getObject(0));
        assertEquals(new BigDecimal("12345678901234567891.0"), batch.column(1).getObject(1));
        assertEquals("1234567890123456789012345678901234567890", batch.column(2).getObject(0));
        assertEquals(new BigDecimal("9007199254740993.0"), batch.column(3).getObject(0));
        assertEquals("12345678901234567891", batch.column(5).getObject(1));
    }

    @Test
    void floatsAndOtherTypesAreInferredAsBefore() throws IOException {
        RecordBatch batch = read(csv("""
                f,g,b,s,e
                1.5,-Infinity,true,1x,
                2,.5e-3,FALSE,,
                -1e3,NaN,,,
                """));
        assertEquals(List.of(ArrowType.FLOAT64, ArrowType.FLOAT64, ArrowType.BOOL, ArrowType.UTF8, ArrowType.UTF8),
                types(batch));
    }

    @Test
    void inferenceIsLinearInTheFieldLength() throws IOException {
        // A backtracking pattern such as \d+\.?\d* takes quadratic time on a long run of digits that ends
        // in a non-digit: at a million digits that is about 10^12 steps.
        String digits = "7".repeat(1_000_000);
        RecordBatch batch = read(csv("a,b,c,d\n" + digits + "x," + digits + "," + digits + ".5e," + "0".repeat(1_000_000)
                + "1\n"));
        assertEquals(List.of(ArrowType.UTF8, ArrowType.UTF8, ArrowType.UTF8, ArrowType.INT64), types(batch));
        assertEquals(digits, batch.column(1).getObject(0));
        assertEquals(1L, batch.column(3).getObject(0));
    }

    @Test
    void aLongFieldThatIsNotTheGivenTypeIsQuotedShort() throws IOException {
        Path path = csv("a\n" + "9".repeat(1_000_000) + "\n");
        CliException e = assertThrows(CliException.class, () -> CsvInput.read(path, Map.of("a", ArrowType.INT64)));
        assertEquals(path + ", line 2, column a: '" + "9".repeat(40) + "…' is not a int64", e.getMessage());
    }

    @Test
    void numbersAreScannedByTheirShape() {
        assertEquals(new CsvInference.Number(CsvInference.Number.Kind.INTEGER, 3, 0),
                CsvInference.Number.scan("+00123"));
        assertEquals(new CsvInference.Number(CsvInference.Number.Kind.DECIMAL, 0, 2), CsvInference.Number.scan("-.05"));
        assertEquals(new CsvInference.Number(CsvInference.Number.Kind.DECIMAL, 1, 0), CsvInference.Number.scan("5."));
        assertEquals(CsvInference.Number.Kind.FLOAT, CsvInference.Number.scan("1.e+5").kind());
        assertEquals(CsvInference.Number.Kind.FLOAT, CsvInference.Number.scan("-NaN").kind());
        for (String not : List.of("", "+", ".", "-.", "1e", "1e+", "e5", "1.2.3", "NaNa", "Inf", "1 2", "0x10", "１")) {
            assertEquals(null, CsvInference.Number.scan(not), not);
        }
    }
}
