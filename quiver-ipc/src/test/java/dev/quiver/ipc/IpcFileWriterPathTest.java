// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.io.AtomicFileOutput;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The writer of a path makes the file appear whole on close, or not at all. */
class IpcFileWriterPathTest {
    private static final Schema SCHEMA = Schema.of(Field.nullable("a", ArrowType.INT32));

    @TempDir
    Path dir;

    private List<Path> files() throws IOException {
        try (Stream<Path> list = Files.list(dir)) {
            return list.sorted().toList();
        }
    }

    @Test
    void theFileAppearsOnlyOnClose() throws IOException {
        Path file = dir.resolve("out.arrow");
        try (IpcFileWriter writer = IpcFileWriter.open(file, SCHEMA)) {
            writer.write(RecordBatch.ofRows(SCHEMA, List.of(List.of(1), List.of(2))));
            assertFalse(Files.exists(file));
        }
        assertEquals(List.of(file), files());
        try (IpcFileReader reader = IpcFileReader.map(file)) {
            assertEquals(1, reader.batchCount());
            assertEquals(2, reader.batch(0).rowCount());
        }
    }

    @Test
    void aWriterThatCannotStartLeavesAnExistingFileUntouched() throws IOException {
        byte[] old = {1, 2, 3};
        Path file = Files.write(dir.resolve("out.arrow"), old);
        // One dictionary id for values of two types: no IPC file can say that.
        Schema clash = Schema.of(
                new Field("d", new ArrowType.Dictionary(ArrowType.INT32, ArrowType.UTF8, false), true, 0L, Map.of()),
                new Field("e", new ArrowType.Dictionary(ArrowType.INT32, ArrowType.INT64, false), true, 0L, Map.of()));
        assertThrows(IpcException.class, () -> IpcFileWriter.open(file, clash));
        assertArrayEquals(old, Files.readAllBytes(file));
        assertEquals(List.of(file), files());
    }

    @Test
    void theChannelFormWritesThroughAnAtomicOutputWithSync() throws IOException {
        Path file = dir.resolve("synced.arrow");
        try (AtomicFileOutput output = AtomicFileOutput.create(file, true)) {
            try (IpcFileWriter writer = IpcFileWriter.open(output.channel(), SCHEMA, IpcWriteOptions.DEFAULT)) {
                writer.write(RecordBatch.ofRows(SCHEMA, List.of(List.of(7))));
            }
            output.commit();
        }
        try (IpcFileReader reader = IpcFileReader.map(file)) {
            assertEquals(7, reader.batch(0).column(0).getObject(0));
        }
        assertEquals(List.of(file), files());
    }
}
