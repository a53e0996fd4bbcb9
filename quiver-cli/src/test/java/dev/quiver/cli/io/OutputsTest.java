// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.io.ArrowFormat;
import dev.quiver.ipc.IpcWriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An output appears once every batch is written; after a failure, nothing appears and nothing is left. */
class OutputsTest {
    private static final Schema SCHEMA = Schema.of(Field.nullable("a", ArrowType.INT32));
    private static final RecordBatch BATCH = RecordBatch.ofRows(SCHEMA, List.of(List.of(1), List.of(2)));
    private static final Map<ArrowFormat, String> NAMES = Map.of(ArrowFormat.FILE, "out.arrow",
            ArrowFormat.STREAM, "out.arrows", ArrowFormat.JSON, "out.json.gz", ArrowFormat.CSV, "out.csv",
            ArrowFormat.TSV, "t.tsv", ArrowFormat.NDJSON, "out.ndjson", ArrowFormat.PARQUET, "out.parquet");

    @TempDir
    Path dir;

    private List<Path> files() throws IOException {
        try (Stream<Path> list = Files.list(dir)) {
            return list.sorted().toList();
        }
    }

    @Test
    void aFailureWhileWritingLeavesNoFileAndAnExistingFileUntouched() throws IOException {
        for (ArrowFormat format : ArrowFormat.values()) {
            Path path = dir.resolve(NAMES.get(format));
            Outputs.Batches failing = writer -> {
                writer.write(BATCH);
                throw new IOException("the input broke");
            };
            assertThrows(IOException.class, () -> Outputs.write(path, format, SCHEMA, IpcWriteOptions.DEFAULT, failing));
            assertFalse(Files.exists(path), format.label());
            byte[] old = {42};
            Files.write(path, old);
            assertThrows(IOException.class, () -> Outputs.write(path, format, SCHEMA, IpcWriteOptions.DEFAULT, failing));
            assertArrayEquals(old, Files.readAllBytes(path), format.label());
            assertEquals(List.of(path), files(), format.label());
            Files.delete(path);
        }
    }

    @Test
    void aWrittenOutputReadsBack() throws IOException {
        for (ArrowFormat format : ArrowFormat.values()) {
            Path path = dir.resolve(NAMES.get(format));
            Outputs.write(path, format, SCHEMA, IpcWriteOptions.DEFAULT, writer -> writer.write(BATCH));
            assertEquals(List.of(path), files(), format.label());
            try (RecordBatchReader source = Inputs.open(path)) {
                assertEquals(2, source.readNext().orElseThrow().rowCount(), format.label());
            }
            Files.delete(path);
        }
    }
}
