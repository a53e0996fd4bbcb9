// SPDX-License-Identifier: Apache-2.0
package dev.quiver.io;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.Table;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.ipc.compression.ZstdCodec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ParquetFrontDoorTest {
    @TempDir
    Path dir;

    @Test
    void parquetIsWrittenByNameAndReadByNameOrContent() throws Exception {
        Schema schema = Schema.of(Field.notNull("id", ArrowType.INT64), Field.nullable("name", ArrowType.UTF8));
        Table table = new Table(schema, List.of(RecordBatch.ofRows(schema, List.of(List.of(1L, "a"),
                Arrays.asList(2L, null)))));
        Path parquet = dir.resolve("t.parquet");
        Arrow.write(table, parquet);
        assertEquals(ArrowFormat.PARQUET, ArrowFormat.byName(parquet));
        Path unnamed = Files.copy(parquet, dir.resolve("t.bin"));
        assertEquals(ArrowFormat.PARQUET, ArrowFormat.of(unnamed));
        assertEquals(table.column(1).chunks().get(0), Arrow.read(parquet).column(1).chunks().get(0));
        assertEquals(table.column(0).chunks().get(0), Arrow.read(unnamed).column(0).chunks().get(0));
        Path zstd = dir.resolve("z.parq");
        Arrow.write(table, zstd, ArrowOptions.DEFAULT.withCodec(new ZstdCodec()));
        assertEquals(2, Arrow.read(zstd).rowCount());
        assertEquals(ArrowFormat.PARQUET, ArrowFormat.named("Parquet"));
    }
}
