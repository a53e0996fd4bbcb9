// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ndjson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Jackson's limits and the reader's own: each an {@link NdjsonException} naming the line and the limit. */
class NdjsonLimitsTest {
    private static final Schema TEXT = new Schema(List.of(Field.nullable("s", ArrowType.UTF8)));

    private static List<RecordBatch> read(String ndjson, NdjsonReadOptions options) {
        List<RecordBatch> batches = new ArrayList<>();
        try (NdjsonReader reader = NdjsonReader.open(
                new ByteArrayInputStream(ndjson.getBytes(StandardCharsets.UTF_8)), options)) {
            reader.forEach(batches::add);
        }
        return batches;
    }

    private static NdjsonException refused(String ndjson, NdjsonReadOptions options, long line, String limit) {
        NdjsonException e = assertThrows(NdjsonException.class, () -> read(ndjson, options));
        assertEquals(line, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains(limit), e.getMessage());
        return e;
    }

    private static String nested(int depth) {
        return "{\"s\":" + "[".repeat(depth - 1) + "]".repeat(depth - 1) + "}\n";
    }

    @Test
    void nestingDeeperThanTheLimitNamesItsLineAndTheLimit() {
        String ndjson = "{\"s\":\"a\"}\n{\"s\":\"b\"}\n" + nested(1001);
        refused(ndjson, NdjsonReadOptions.DEFAULT.withSchema(TEXT), 3, "(1000, NdjsonLimits.withMaxNestingDepth)");
        refused(ndjson, NdjsonReadOptions.DEFAULT, 3, "(1000, NdjsonLimits.withMaxNestingDepth)");
        NdjsonReadOptions shallow = NdjsonReadOptions.DEFAULT.withSchema(TEXT)
                .withLimits(NdjsonLimits.DEFAULT.withMaxNestingDepth(10));
        refused("{\"s\":\"a\"}\n" + nested(11), shallow, 2, "withMaxNestingDepth");
        assertEquals(1, read(nested(10), shallow).getFirst().rowCount());
    }

    @Test
    void longStringsNumbersAndNamesNameTheirLine() {
        NdjsonLimits small = NdjsonLimits.DEFAULT.withMaxStringLength(1000).withMaxNumberLength(20)
                .withMaxNameLength(30);
        NdjsonReadOptions options = NdjsonReadOptions.DEFAULT.withSchema(TEXT).withLimits(small);
        refused("{\"s\":\"a\"}\n{\"s\":\"" + "x".repeat(1001) + "\"}\n", options, 2, "(1000, NdjsonLimits.withMaxStringLength)");
        refused("{\"s\":\"a\"}\n{\"s\":" + "9".repeat(21) + "}\n", options, 2, "(20, NdjsonLimits.withMaxNumberLength)");
        refused("{\"s\":\"a\"}\n\n{\"" + "k".repeat(31) + "\":1}\n", options.withIgnoreUnknownKeys(true), 3,
                "(30, NdjsonLimits.withMaxNameLength)");
        assertEquals("x".repeat(1000), read("{\"s\":\"" + "x".repeat(1000) + "\"}\n", options).getFirst().column(0)
                .getObject(0));
    }

    @Test
    void aLineLongerThanTheLimitIsRefusedBeforeItIsHeld() {
        NdjsonLimits small = NdjsonLimits.DEFAULT.withMaxLineBytes(64 * 1024);
        String ndjson = "{\"s\":\"a\"}\n{\"s\":\"b\"}\n{\"s\":\"" + "x".repeat(100_000) + "\"}\n";
        refused(ndjson, NdjsonReadOptions.DEFAULT.withSchema(TEXT).withLimits(small), 3, "65536 bytes");
        refused(ndjson, NdjsonReadOptions.DEFAULT.withLimits(small), 3, "withMaxLineBytes");
        String late = "{\"s\":\"a\"}\n".repeat(2000) + "{\"s\":\"" + "x".repeat(100_000) + "\"}\n";
        refused(late, NdjsonReadOptions.DEFAULT.withLimits(small), 2001, "65536 bytes");
    }

    @Test
    void moreInferredFieldsThanTheLimitAreRefused() {
        StringBuilder wide = new StringBuilder("{\"a\":1}\n{");
        for (int k = 0; k < 101; k++) {
            wide.append(k == 0 ? "" : ",").append("\"k").append(k).append("\":{\"x\":1}");
        }
        wide.append("}\n");
        refused(wide.toString(), NdjsonReadOptions.DEFAULT.withLimits(NdjsonLimits.DEFAULT.withMaxFields(150)), 2,
                "more than 150 fields");
        StringBuilder beyondDefault = new StringBuilder("{");
        for (int k = 0; k < 20_000; k++) {
            beyondDefault.append(k == 0 ? "" : ",").append("\"k").append(k).append("\":1");
        }
        refused(beyondDefault.append("}\n").toString(), NdjsonReadOptions.DEFAULT, 1, "more than 16384 fields");
    }

    @Test
    void batchesEndAtTheirBytesToo() {
        NdjsonReadOptions options = NdjsonReadOptions.DEFAULT.withSchema(TEXT)
                .withLimits(NdjsonLimits.DEFAULT.withMaxBatchBytes(10_000));
        String row = "{\"s\":\"" + "y".repeat(990) + "\"}\n";
        List<RecordBatch> batches = read(row.repeat(100), options);
        assertTrue(batches.size() >= 9, "batches: " + batches.size());
        assertEquals(100, batches.stream().mapToLong(RecordBatch::rowCount).sum());
        for (RecordBatch batch : batches) {
            assertTrue(batch.rowCount() <= 11, "rows: " + batch.rowCount());
        }
    }

    @Test
    void theInferenceSampleBoundedByBytesEndsAtALine() {
        // Reads of 701 bytes cut lines, and the two bytes of an 'é', anywhere: the sample ends at a line.
        byte[] ndjson = "{\"s\":\"éééééééééé\",\"n\":1}\n".repeat(300).getBytes(StandardCharsets.UTF_8);
        InputStream trickle = new ByteArrayInputStream(ndjson) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, 701));
            }
        };
        NdjsonReadOptions options = NdjsonReadOptions.DEFAULT.withLimits(NdjsonLimits.DEFAULT.withMaxBatchBytes(1024));
        try (NdjsonReader reader = NdjsonReader.open(trickle, options)) {
            assertEquals(List.of(ArrowType.UTF8, ArrowType.INT64),
                    reader.schema().fields().stream().map(Field::type).toList());
            long rows = 0;
            for (RecordBatch batch : reader) {
                rows += batch.rowCount();
            }
            assertEquals(300, rows);
        }
    }

    @Test
    void limitsOutOfRangeAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> NdjsonLimits.DEFAULT.withMaxNestingDepth(0));
        assertThrows(IllegalArgumentException.class, () -> NdjsonLimits.DEFAULT.withMaxLineBytes(100));
        assertThrows(IllegalArgumentException.class, () -> NdjsonLimits.DEFAULT.withMaxFields(0));
        assertEquals(NdjsonLimits.DEFAULT, NdjsonReadOptions.DEFAULT.withBatchSize(5).limits());
    }
}
