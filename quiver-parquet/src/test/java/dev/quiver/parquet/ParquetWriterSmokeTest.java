// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet;

import dev.quiver.core.batch.RecordBatch;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ParquetWriterSmokeTest {
    @Test
    void writes() throws Exception {
        RecordBatch batch = WriteFixtures.allTypes(1000, 1);
        Path p = Path.of("/tmp/pqw/all.parquet");
        try (ParquetWriter w = ParquetWriter.open(p, batch.schema())) {
            w.write(batch);
        }
        try (dev.quiver.ipc.IpcFileWriter w = dev.quiver.ipc.IpcFileWriter.open(Path.of("/tmp/pqw/all.arrow"), batch.schema())) {
            w.write(batch);
        }
    }
}
