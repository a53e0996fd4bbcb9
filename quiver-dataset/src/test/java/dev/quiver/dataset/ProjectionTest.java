// SPDX-License-Identifier: Apache-2.0
package dev.quiver.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.StructArray;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.Table;
import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.builder.VarBinaryBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.csv.CsvReadOptions;
import dev.quiver.io.Arrow;
import dev.quiver.io.ArrowOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Projection: nested field paths, and columns of Arrow, CSV and NDJSON files left unread. */
class ProjectionTest {
    private static final ArrowType.Struct INNER = new ArrowType.Struct(List.of(Field.nullable("b", ArrowType.UTF8)));
    private static final ArrowType.Struct OUTER = new ArrowType.Struct(List.of(Field.nullable("a", ArrowType.INT32),
            Field.nullable("inner", INNER)));
    private static final Schema NESTED = Schema.of(Field.notNull("id", ArrowType.INT64), Field.nullable("s", OUTER),
            Field.nullable("a.b", ArrowType.INT64));

    @TempDir
    Path dir;

    /** Three rows; the struct of row 1 is null while its children hold valid values (a null struct may). */
    private static Table nested() {
        BufferAllocator memory = BufferAllocator.managed();
        Array ids = IntBuilder.int64(memory).append(0).append(1).append(2).build();
        Array a = IntBuilder.int32(memory).append(10).append(11).appendNull().build();
        Array b = VarBinaryBuilder.utf8(memory).append("x").append("y").append("z").build();
        StructArray inner = StructArray.of(INNER, new boolean[] {true, true, false}, List.of(b));
        StructArray s = StructArray.of(OUTER, new boolean[] {true, false, true}, List.of(a, inner));
        Array dotted = IntBuilder.int64(memory).append(7).append(8).append(9).build();
        return new Table(NESTED, List.of(new RecordBatch(NESTED, List.of(ids, s, dotted), 3)));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"arrow", "parquet"})
    void nestedPathsSelectStructFieldsNullWhereAStructAboveIsNull(String extension) {
        Arrow.write(nested(), dir.resolve("part-0." + extension));
        Dataset dataset = Dataset.open(dir);
        Table table = dataset.scanner().columns("s.inner.b", "id", "s.a", "a.b").threads(1).toTable();
        assertEquals(List.of("s.inner.b", "id", "s.a", "a.b"), table.schema().names());
        assertEquals(ArrowType.UTF8, table.schema().field("s.inner.b").type());
        assertEquals(ArrowType.INT32, table.schema().field("s.a").type());
        // Arrow's flattened field: null where the field, or any struct above it, is null.
        assertEquals(Arrays.asList("x", null, null), DatasetTest.column(table, "s.inner.b"));
        assertEquals(Arrays.asList(10, null, null), DatasetTest.column(table, "s.a"));
        assertEquals(List.of(7L, 8L, 9L), DatasetTest.column(table, "a.b"), "a column named a.b is that column");
        Table filtered = dataset.scanner().columns("s.a").filter("id >= 1").toTable();
        assertEquals(Arrays.asList(null, null), DatasetTest.column(filtered, "s.a"));
    }

    @Test
    void unknownPathsAreClearErrors() {
        Arrow.write(nested(), dir.resolve("part-0.arrow"));
        Dataset dataset = Dataset.open(dir);
        DatasetException e = assertThrows(DatasetException.class, () -> dataset.scanner().columns("s.nope"));
        assertTrue(e.getMessage().contains("s.nope"), e.getMessage());
        assertThrows(DatasetException.class, () -> dataset.scanner().columns("id.x"));
        assertThrows(DatasetException.class, () -> dataset.scanner().columns("s.a.c"));
        assertThrows(DatasetException.class, () -> dataset.scanner().columns("nope"));
    }

    @Test
    void ndjsonProjectionParsesOnlyTheNeededKeys() throws IOException {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 1500; i++) {
            text.append("{\"id\": ").append(i).append(", \"n\": ").append(i == 1400 ? "\"oops\"" : i).append("}\n");
        }
        Files.writeString(dir.resolve("a.ndjson"), text);
        Dataset dataset = Dataset.open(dir);
        DatasetException whole = assertThrows(DatasetException.class, dataset::toTable);
        assertTrue(whole.getMessage().contains("a.ndjson"), whole.getMessage());
        Table ids = dataset.scanner().columns("id").toTable();
        assertEquals(1500, ids.rowCount());
        assertEquals(1399L, DatasetTest.column(ids, "id").get(1399));
        assertEquals(1500, dataset.countRows());
    }

    @Test
    void csvProjectionParsesOnlyTheNeededColumns() throws IOException {
        StringBuilder text = new StringBuilder("id,n,name\n");
        for (int i = 0; i < 5000; i++) {
            text.append(i).append(',').append(i == 4900 ? "oops" : Integer.toString(i)).append(",n").append(i % 7)
                    .append('\n');
        }
        Files.writeString(dir.resolve("a.csv"), text);
        DatasetOptions options = DatasetOptions.DEFAULT.withRead(ArrowOptions.DEFAULT.withCsvRead(
                CsvReadOptions.DEFAULT.withBlockSize(4096)));
        Dataset dataset = Dataset.open(dir, options);
        assertEquals(ArrowType.INT64, dataset.schema().field("n").type(), "inferred from the first block");
        assertThrows(DatasetException.class, dataset::toTable);
        Table table = dataset.scanner().columns("name", "id").toTable();
        assertEquals(5000, table.rowCount());
        assertEquals("n0", DatasetTest.column(table, "name").get(4900));
        assertEquals(4900L, DatasetTest.column(table, "id").get(4900));
    }

    @Test
    void arrowFileProjectionValidatesOnlyTheColumnsRead() {
        Schema schema = Schema.of(Field.notNull("id", ArrowType.INT64), Field.nullable("bad", ArrowType.UTF8));
        BufferAllocator memory = BufferAllocator.managed();
        Array ids = IntBuilder.int64(memory).append(1).append(2).build();
        Array bytes = VarBinaryBuilder.binary(memory).append("ok".getBytes(StandardCharsets.UTF_8))
                .append(new byte[] {(byte) 0xC3, (byte) 0x28}).build();
        Array badUtf8 = Array.ofUnchecked(new ArrayData(ArrowType.UTF8, 2, 0, ArrayData.UNKNOWN_NULL_COUNT,
                bytes.data().buffers(), List.of(), null));
        Arrow.write(new Table(schema, List.of(new RecordBatch(schema, List.of(ids, badUtf8), 2))),
                dir.resolve("a.arrow"));
        Dataset dataset = Dataset.open(dir);
        DatasetException whole = assertThrows(DatasetException.class, dataset::toTable);
        assertTrue(whole.getMessage().contains("a.arrow"), whole.getMessage());
        assertEquals(List.of(1L, 2L), DatasetTest.column(dataset.scanner().columns("id").toTable(), "id"));
        assertThrows(DatasetException.class, () -> dataset.scanner().columns("id").filter("bad = 'ok'").toTable(),
                "a column the filter reads is validated too");
    }
}
