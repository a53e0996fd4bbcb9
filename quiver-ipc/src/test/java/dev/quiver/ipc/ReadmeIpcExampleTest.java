// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.ipc.compression.ZstdCodec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The IPC part of the README's code example, kept compiling and true. */
class ReadmeIpcExampleTest {

    @Test
    void readmeExample(@TempDir Path dir) throws Exception {
        Path path = dir.resolve("example.arrow");
        RecordBatch batch = RecordBatch.ofRows(
                Schema.of(Field.notNull("id", ArrowType.INT64), Field.nullable("score", ArrowType.INT32)),
                List.of(List.of(1L, 10), Arrays.asList(2L, null)));
        try (var writer = IpcFileWriter.open(path, batch.schema(),
                IpcWriteOptions.DEFAULT.withCodec(new ZstdCodec()))) {
            writer.write(batch);
        }
        try (var reader = IpcFileReader.map(path)) {
            RecordBatch first = reader.batch(0);
            assertEquals(batch, first);
            List<RecordBatch> all = new ArrayList<>();
            for (RecordBatch b : reader) {
                all.add(b);
            }
            assertEquals(List.of(batch), all);
        }
        try (var reader = IpcFileReader.map(path)) {
            var nulls = reader.mapBatches(b -> b.column("score").nullCount());
            List<Long> counts = new ArrayList<>();
            while (nulls.hasNext()) {
                counts.add(nulls.next());
            }
            assertEquals(List.of(1L), counts);
        }
    }
}
