// SPDX-License-Identifier: Apache-2.0
package dev.quiver.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.QuiverException;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.RecordBatchWriter;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.ipc.IpcFileReader;
import dev.quiver.ipc.IpcFileWriter;
import dev.quiver.ipc.IpcStreamReader;
import dev.quiver.ipc.IpcStreamWriter;
import dev.quiver.json.IntegrationJsonReader;
import dev.quiver.json.IntegrationJsonWriter;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each IPC and JSON reader and writer used through {@link RecordBatchReader} and {@link RecordBatchWriter}
 * alone, opened every way there is: written batch by batch (with per-batch metadata where the format
 * keeps it), read back equal by a for-each loop.
 */
class ReadersAndWritersThroughTheInterfacesTest {
    private static final Schema SCHEMA = Schema.of(Field.nullable("id", ArrowType.INT64),
            Field.nullable("name", ArrowType.UTF8));
    private static final List<RecordBatch> BATCHES = List.of(
            RecordBatch.ofRows(SCHEMA, List.of(List.of(1L, "one"), List.of(2L, "two"))),
            RecordBatch.ofRows(SCHEMA, List.of(List.of(3L, "three"))),
            RecordBatch.ofRows(SCHEMA, List.of()));

    @TempDir
    Path dir;

    /** One format: how a writer and a reader open on a path, on streams, and whether batch metadata is kept. */
    private record Format(String name, BiFunction<Path, Schema, RecordBatchWriter> pathWriter,
            Function<Path, RecordBatchReader> pathReader, BiFunction<OutputStream, Schema, RecordBatchWriter> streamWriter,
            Function<InputStream, RecordBatchReader> streamReader, Function<MemorySegment, RecordBatchReader> segmentReader,
            boolean keepsBatchMetadata) {
    }

    private static final List<Format> FORMATS = List.of(
            new Format("IPC file", IpcFileWriter::open, IpcFileReader::open, IpcFileWriter::open, IpcFileReader::open,
                    IpcFileReader::open, true),
            new Format("IPC stream", IpcStreamWriter::open, IpcStreamReader::open, IpcStreamWriter::open,
                    IpcStreamReader::open, IpcStreamReader::open, true),
            new Format("integration JSON", IntegrationJsonWriter::open, IntegrationJsonReader::open,
                    IntegrationJsonWriter::open, IntegrationJsonReader::open, IntegrationJsonReader::open, false));

    private static Map<String, String> metadata(int k) {
        return Map.of("batch", Integer.toString(k));
    }

    private static void writeAll(RecordBatchWriter writer, boolean withMetadata) {
        try (writer) {
            assertEquals(SCHEMA, writer.schema());
            for (int k = 0; k < BATCHES.size(); k++) {
                writer.write(BATCHES.get(k), withMetadata ? metadata(k) : Map.of());
            }
        }
    }

    private static void assertReadsBack(RecordBatchReader reader, boolean withMetadata, String what) {
        try (reader) {
            assertEquals(SCHEMA, reader.schema(), what);
            List<RecordBatch> read = new ArrayList<>();
            for (RecordBatch batch : reader) {
                assertEquals(withMetadata ? metadata(read.size()) : Map.of(), reader.batchMetadata(), what);
                read.add(batch);
            }
            assertEquals(BATCHES, read, what);
            assertTrue(reader.readNext().isEmpty(), what + ": the end stays the end");
        }
    }

    @Test
    void everyReaderAndWriterWorksThroughTheInterfacesAlone() throws IOException {
        for (Format f : FORMATS) {
            Path path = dir.resolve("data");
            writeAll(f.pathWriter().apply(path, SCHEMA), f.keepsBatchMetadata());
            assertReadsBack(f.pathReader().apply(path), f.keepsBatchMetadata(), f.name() + " from a path");
            try (FileChannel channel = FileChannel.open(path)) {
                assertReadsBack(f.streamReader().apply(Channels.newInputStream(channel)), f.keepsBatchMetadata(),
                        f.name() + " from an input stream");
            }
            try (Arena arena = Arena.ofConfined()) {
                byte[] bytes = Files.readAllBytes(path);
                MemorySegment segment = arena.allocate(bytes.length);
                MemorySegment.copy(MemorySegment.ofArray(bytes), 0, segment, 0, bytes.length);
                assertReadsBack(f.segmentReader().apply(segment), f.keepsBatchMetadata(), f.name() + " from memory");
            }

            ByteArrayOutputStream out = new ByteArrayOutputStream();
            writeAll(f.streamWriter().apply(out, SCHEMA), false);
            assertReadsBack(f.streamReader().apply(new ByteArrayInputStream(out.toByteArray())), false,
                    f.name() + " through streams");
            Files.delete(path);
        }
    }

    @Test
    void integrationJsonRefusesBatchMetadataItCannotKeepAndStaysUsable() {
        Path path = dir.resolve("data.json");
        try (RecordBatchWriter writer = IntegrationJsonWriter.open(path, SCHEMA)) {
            assertThrows(QuiverException.class, () -> writer.write(BATCHES.get(0), metadata(0)));
            assertFalse(Files.exists(path), "nothing appears before close");
            writer.write(BATCHES.get(1));
        }
        try (RecordBatchReader reader = IntegrationJsonReader.open(path)) {
            assertEquals(List.of(BATCHES.get(1)), reader.stream().toList());
        }
    }
}
