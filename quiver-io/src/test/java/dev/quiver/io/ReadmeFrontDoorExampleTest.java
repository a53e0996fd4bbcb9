// SPDX-License-Identifier: Apache-2.0
package dev.quiver.io;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.Table;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.ipc.IpcFileReader;
import dev.quiver.ipc.compression.ZstdCodec;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The README's "Reading and writing files" example, kept compiling and true. */
class ReadmeFrontDoorExampleTest {
    @Test
    void readmeExample(@TempDir Path dir) {
        Schema schema = Schema.of(Field.notNull("id", ArrowType.INT64));
        Arrow.write(new Table(schema, List.of(RecordBatch.ofRows(schema, List.of(List.of(1L), List.of(2L))))),
                dir.resolve("data.arrow"));

        Table table = Arrow.read(dir.resolve("data.arrow"));
        assertEquals(2, table.rowCount());
        assertEquals(1L, table.column("id").getObject(0));
        Arrow.write(table, dir.resolve("data.arrows"));
        Arrow.write(table, dir.resolve("small.arrow"), ArrowOptions.DEFAULT.withCodec(new ZstdCodec()));
        long rows = 0;
        try (RecordBatchReader reader = Arrow.open(dir.resolve("data.arrows"))) {
            for (RecordBatch batch : reader) {
                rows += batch.rowCount();
            }
        }
        assertEquals(2, rows);
        assertEquals(table, Arrow.read(dir.resolve("small.arrow")));
        try (IpcFileReader small = IpcFileReader.open(dir.resolve("small.arrow"))) {
            assertEquals(table, Table.from(small));
        }
    }
}
