// SPDX-License-Identifier: Apache-2.0
package dev.quiver.io;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.Table;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.csv.CsvReadOptions;
import dev.quiver.ipc.IpcFileReader;
import dev.quiver.ipc.compression.ZstdCodec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The README's "Reading and writing files" example, kept compiling and true. */
class ReadmeFrontDoorExampleTest {
    @Test
    void readmeExample(@TempDir Path dir) throws IOException {
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

        Files.writeString(dir.resolve("sales.csv"), "id\n1\n2\n");
        Table sales = Arrow.read(dir.resolve("sales.csv"));
        assertEquals(Schema.of(Field.nullable("id", ArrowType.INT64)), sales.schema());
        Arrow.write(table, dir.resolve("data.csv"));
        assertEquals("id\n1\n2\n", Files.readString(dir.resolve("data.csv")));
        Files.writeString(dir.resolve("semi.txt"), "id;name\n1;a\n");
        Table semi = Arrow.read(dir.resolve("semi.txt"), ArrowOptions.DEFAULT.withFormat(ArrowFormat.CSV)
                .withCsvRead(CsvReadOptions.DEFAULT.withDelimiter(';')));
        assertEquals("a", semi.column("name").getObject(0));
        try (IpcFileReader small = IpcFileReader.open(dir.resolve("small.arrow"))) {
            assertEquals(table, Table.from(small));
        }
    }
}
