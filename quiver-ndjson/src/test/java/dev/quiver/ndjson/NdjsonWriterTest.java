// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ndjson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NdjsonWriterTest {
    private static final Schema SCHEMA = Schema.of(Field.nullable("a", ArrowType.INT64),
            Field.nullable("b", ArrowType.UTF8));
    private static final RecordBatch BATCH = RecordBatch.ofRows(SCHEMA, List.of(List.of(1L, "x"),
            java.util.Arrays.asList(null, "y\n")));

    @TempDir
    Path dir;

    @Test
    void aPathAppearsWholeOnClose() throws IOException {
        Path out = dir.resolve("out.ndjson");
        try (NdjsonWriter writer = NdjsonWriter.open(out, SCHEMA)) {
            writer.write(BATCH);
            writer.write(BATCH.slice(1, 1));
            assertFalse(Files.exists(out));
        }
        assertEquals("{\"a\":1,\"b\":\"x\"}\n{\"a\":null,\"b\":\"y\\n\"}\n{\"a\":null,\"b\":\"y\\n\"}\n",
                Files.readString(out));
        try (NdjsonReader reader = NdjsonReader.open(out)) {
            assertEquals(SCHEMA, reader.schema());
            assertEquals(BATCH, reader.readNext().orElseThrow().slice(0, 2));
        }
    }

    @Test
    void aFailedWriteLeavesTheTargetAsItWas() throws IOException {
        Path out = dir.resolve("out.ndjson");
        Files.writeString(out, "before\n");
        Schema other = Schema.of(Field.nullable("a", ArrowType.INT32));
        NdjsonWriter writer = NdjsonWriter.open(out, SCHEMA);
        writer.write(BATCH);
        NdjsonException e = assertThrows(NdjsonException.class,
                () -> writer.write(RecordBatch.ofRows(other, List.of(List.of(1)))));
        assertTrue(e.getMessage().contains("is not the writer's"), e.getMessage());
        e = assertThrows(NdjsonException.class, () -> writer.write(BATCH));
        assertEquals("an earlier write failed", e.getMessage());
        e = assertThrows(NdjsonException.class, writer::close);
        assertTrue(e.getMessage().contains("left as it was"), e.getMessage());
        assertEquals("before\n", Files.readString(out));
        try (var files = Files.list(dir)) {
            assertEquals(List.of(out), files.toList());
        }
    }

    @Test
    void batchMetadataIsRefused() {
        NdjsonWriter writer = NdjsonWriter.open(new java.io.ByteArrayOutputStream(), SCHEMA);
        NdjsonException e = assertThrows(NdjsonException.class, () -> writer.write(BATCH, Map.of("k", "v")));
        assertTrue(e.getMessage().contains("no place for batch metadata"), e.getMessage());
        assertThrows(NdjsonException.class, writer::close);
    }
}
