// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ndjson;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.Schema;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Helpers of the tests: NDJSON text to batches and back, in memory. */
final class Ndjson {
    private Ndjson() {
    }

    static List<RecordBatch> read(String text, NdjsonReadOptions options) {
        return read(text.getBytes(StandardCharsets.UTF_8), options);
    }

    static List<RecordBatch> read(byte[] bytes, NdjsonReadOptions options) {
        try (NdjsonReader reader = NdjsonReader.open(new ByteArrayInputStream(bytes), options)) {
            List<RecordBatch> batches = new ArrayList<>();
            reader.forEach(batches::add);
            return batches;
        }
    }

    /** All rows of the text in one batch. */
    static RecordBatch readOne(String text, NdjsonReadOptions options) {
        List<RecordBatch> batches = read(text, options.withBatchSize(Integer.MAX_VALUE));
        if (batches.size() != 1) {
            throw new AssertionError("expected one batch, got " + batches.size());
        }
        return batches.get(0);
    }

    static Schema schemaOf(String text, NdjsonReadOptions options) {
        try (NdjsonReader reader = NdjsonReader.open(
                new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), options)) {
            return reader.schema();
        }
    }

    static String write(RecordBatch batch) {
        return write(batch.schema(), List.of(batch));
    }

    static String write(Schema schema, List<RecordBatch> batches) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (NdjsonWriter writer = NdjsonWriter.open(out, schema)) {
            for (RecordBatch batch : batches) {
                writer.write(batch);
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
