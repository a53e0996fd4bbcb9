// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.ipc.IpcWriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A sink's file appears when it finishes; closed unfinished, nothing appears and nothing is left. */
class OutputsTest {
    private static final Schema SCHEMA = Schema.of(Field.nullable("a", ArrowType.INT32));
    private static final RecordBatch BATCH = RecordBatch.ofRows(SCHEMA, List.of(List.of(1), List.of(2)));
    private static final Map<DataFormat, String> NAMES = Map.of(DataFormat.ARROW_FILE, "out.arrow",
            DataFormat.ARROW_STREAM, "out.arrows", DataFormat.JSON, "out.json.gz", DataFormat.CSV, "out.csv");

    @TempDir
    Path dir;

    private List<Path> files() throws IOException {
        try (Stream<Path> list = Files.list(dir)) {
            return list.sorted().toList();
        }
    }

    @Test
    void anUnfinishedSinkLeavesNoFileAndAnExistingFileUntouched() throws IOException {
        for (DataFormat format : DataFormat.values()) {
            Path path = dir.resolve(NAMES.get(format));
            try (BatchSink sink = Outputs.create(path, format, SCHEMA, IpcWriteOptions.DEFAULT)) {
                sink.write(BATCH);
            }
            assertFalse(Files.exists(path), format.label());
            byte[] old = {42};
            Files.write(path, old);
            try (BatchSink sink = Outputs.create(path, format, SCHEMA, IpcWriteOptions.DEFAULT)) {
                sink.write(BATCH);
            }
            assertArrayEquals(old, Files.readAllBytes(path), format.label());
            assertEquals(List.of(path), files(), format.label());
            Files.delete(path);
        }
    }

    @Test
    void aFinishedSinkReadsBack() throws IOException {
        for (DataFormat format : DataFormat.values()) {
            Path path = dir.resolve(NAMES.get(format));
            try (BatchSink sink = Outputs.create(path, format, SCHEMA, IpcWriteOptions.DEFAULT)) {
                sink.write(BATCH);
                sink.finish();
            }
            assertEquals(List.of(path), files(), format.label());
            try (BatchSource source = Inputs.open(path)) {
                assertEquals(2, source.next().rowCount(), format.label());
            }
            Files.delete(path);
        }
    }
}
