// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.builder.DecimalBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A decimal's scale is any 32-bit integer to the Arrow format (Schema.fbs bounds only the precision, and
 * Arrow C++ accepts any scale); its text must not grow with the scale past what its digits justify.
 */
class DecimalScaleTest {
    private static String written(ArrowType.Decimal type, long... unscaled) {
        DecimalBuilder builder = new DecimalBuilder(type, BufferAllocator.managed());
        for (long u : unscaled) {
            builder.appendUnscaled(u);
        }
        Schema schema = new Schema(List.of(Field.nullable("d", type)));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (CsvWriter writer = CsvWriter.open(out, schema, CsvWriteOptions.DEFAULT)) {
            writer.write(new RecordBatch(schema, List.of(builder.build()), unscaled.length));
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void anExtremeScaleIsWrittenInExponentNotation() {
        assertEquals("d\n1.23E-2147418110\n", written(new ArrowType.Decimal(5, 2_147_418_112, 128), 123));
        assertEquals("d\n-1.23E+2147418114\n", written(new ArrowType.Decimal(5, -2_147_418_112, 128), -123));
        assertEquals("d\n1.23E-2147418110\n", written(new ArrowType.Decimal(5, 2_147_418_112, 32), 123));
    }

    @Test
    void scalesWithinThePrecisionBoundsStayPlain() {
        assertEquals("d\n1.23\n-0.05\n", written(new ArrowType.Decimal(5, 2, 128), 123, -5));
        assertEquals("d\n12300\n", written(new ArrowType.Decimal(5, -2, 128), 123));
        assertEquals("d\n0." + "0".repeat(73) + "123\n", written(new ArrowType.Decimal(76, 76, 256), 123));
    }

    @Test
    void readingIntoAnExtremeScaleRefusesWhatItCannotHoldAtOnce() {
        CsvReadOptions options = CsvReadOptions.DEFAULT.withTypes(Map.of("d",
                new ArrowType.Decimal(5, 2_147_418_112, 128)));
        CsvException e = assertThrows(CsvException.class, () -> CsvReaderTest.read("d\n0\n1.5\n", options));
        assertEquals(3, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains("has more digits than"), e.getMessage());
    }
}
