// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.builder.DecimalBuilder;
import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.TimeUnit;
import dev.quiver.ipc.IpcFileWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Files that validate print with cat and convert to CSV, whatever bit patterns their types allow. */
class CatAnyValueTest {
    @TempDir
    Path dir;

    private Path write(String name, Schema schema, List<Array> columns) throws IOException {
        Path path = dir.resolve(name);
        try (IpcFileWriter writer = IpcFileWriter.open(path, schema)) {
            writer.write(new RecordBatch(schema, columns));
        }
        assertEquals(0, Cli.run("validate", path).exit());
        return path;
    }

    @Test
    void aNullDictionaryValuePrintsAsNull() throws IOException {
        // A dictionary may hold nulls: a valid index then points at a null value (Columnar.rst, dictionary encoding).
        ArrowType.Dictionary type = new ArrowType.Dictionary(ArrowType.INT32, ArrowType.UTF8, false);
        IntBuilder<?> indices = IntBuilder.int32(BufferAllocator.managed());
        indices.appendObject(0).appendObject(1).appendNull();
        ArrayBuilder values = ArrayBuilder.of(ArrowType.UTF8);
        values.appendObject("a").appendObject(null);
        Array column = Array.of(ArrayData.dictionaryEncoded(type, 3, indices.build().data().buffers(),
                values.build().data()));
        Schema schema = Schema.of(Field.dictionary("d", ArrowType.INT32, ArrowType.UTF8, false, 0, true));
        Path arrow = write("dict.arrow", schema, List.of(column));

        Cli.Result cat = Cli.run("cat", arrow);
        assertEquals(0, cat.exit(), cat.err());
        assertEquals(List.of("d", "----", "a", "null", "null"), cat.out().lines().toList());

        Path csv = dir.resolve("dict.csv");
        assertEquals(0, Cli.run("convert", arrow, csv).exit());
        assertEquals(List.of("d", "a", "", ""), Files.readAllLines(csv));
    }

    @Test
    void decimalsOfExtremeScalesPrint() throws IOException {
        List<Array> columns = new java.util.ArrayList<>();
        List<Field> fields = new java.util.ArrayList<>();
        for (int scale : new int[] {Integer.MAX_VALUE, Integer.MIN_VALUE}) {
            ArrowType.Decimal type = new ArrowType.Decimal(10, scale, 128);
            DecimalBuilder builder = new DecimalBuilder(type, BufferAllocator.managed());
            columns.add(builder.appendUnscaled(-125).build());
            fields.add(Field.nullable("s" + scale, type));
        }
        Path arrow = write("decimals.arrow", new Schema(fields), columns);
        Cli.Result cat = Cli.run("cat", arrow);
        assertEquals(0, cat.exit(), cat.err());
        assertEquals("-1.25E-2147483645  -1.25E+2147483650", cat.out().lines().toList().get(2));
    }

    @Test
    void timestampsBeyondJavaTimePrintTheirCount() throws IOException {
        ArrowType type = new ArrowType.Timestamp(TimeUnit.SECOND, "UTC");
        ArrayBuilder builder = ArrayBuilder.of(type);
        builder.appendObject(Long.MIN_VALUE).appendObject(0L);
        Path arrow = write("ts.arrow", Schema.of(Field.nullable("t", type)), List.of(builder.build()));
        Cli.Result cat = Cli.run("cat", arrow);
        assertEquals(0, cat.exit(), cat.err());
        assertTrue(cat.out().contains("-9223372036854775808 s since epoch"), cat.out());
        assertTrue(cat.out().contains("1970-01-01T00:00:00Z"), cat.out());
    }
}
