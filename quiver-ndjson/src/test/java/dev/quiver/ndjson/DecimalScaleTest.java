// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ndjson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.builder.DecimalBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A decimal of any scale (Arrow C++ accepts any) is written in bounded text and read back exactly. */
class DecimalScaleTest {
    private static final ArrowType.Decimal EXTREME = new ArrowType.Decimal(5, 2_147_418_112, 128);
    private static final Schema SCHEMA = new Schema(List.of(Field.nullable("d", EXTREME)));

    @Test
    void anExtremeScaleIsWrittenAsAnExponentAndReadBack() {
        DecimalBuilder builder = new DecimalBuilder(EXTREME, BufferAllocator.managed());
        builder.appendUnscaled(123);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (NdjsonWriter writer = NdjsonWriter.open(out, SCHEMA)) {
            writer.write(new RecordBatch(SCHEMA, List.of(builder.build()), 1));
        }
        String text = out.toString(StandardCharsets.UTF_8);
        assertEquals("{\"d\":1.23E-2147418110}\n", text);
        try (NdjsonReader reader = NdjsonReader.open(new ByteArrayInputStream(out.toByteArray()),
                NdjsonReadOptions.DEFAULT.withSchema(SCHEMA))) {
            BigDecimal back = (BigDecimal) reader.readNext().orElseThrow().column(0).getObject(0);
            assertEquals(0, new BigDecimal("1.23E-2147418110").compareTo(back));
        }
    }

    @Test
    void aValueTheScaleCannotHoldIsRefusedAtOnce() {
        NdjsonException e = assertThrows(NdjsonException.class, () -> {
            try (NdjsonReader reader = NdjsonReader.open(new ByteArrayInputStream(
                    "{\"d\":0}\n{\"d\":1.5}\n".getBytes(StandardCharsets.UTF_8)),
                    NdjsonReadOptions.DEFAULT.withSchema(SCHEMA))) {
                reader.forEach(batch -> { });
            }
        });
        assertEquals(2, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains("more digits than the precision"), e.getMessage());
    }
}
