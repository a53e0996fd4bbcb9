// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.SchemaMismatchException;
import dev.quiver.core.type.UnknownFieldException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class TableTest {
    private static final Schema SCHEMA = Schema.of(Field.notNull("id", ArrowType.INT64),
            Field.nullable("name", ArrowType.UTF8));

    private static List<List<?>> rows(int from, int to) {
        List<List<?>> rows = new ArrayList<>();
        for (int i = from; i < to; i++) {
            rows.add(Arrays.asList((long) i, i % 3 == 0 ? null : "n" + i));
        }
        return rows;
    }

    private static RecordBatch batch(int from, int to) {
        return RecordBatch.ofRows(SCHEMA, rows(from, to));
    }

    /** Rows 0..9 as batches of 3, 0 (empty), 5 and 2 rows. */
    private static Table table() {
        return new Table(SCHEMA, List.of(batch(0, 3), batch(3, 3), batch(3, 8), batch(8, 10)));
    }

    @Test
    void columnsSpanTheBatchesWithoutCopying() {
        Table t = table();
        assertEquals(10, t.rowCount());
        assertEquals(2, t.columnCount());
        ChunkedArray ids = t.column("id");
        assertEquals(4, ids.chunks().size());
        assertTrue(ids.chunks().get(2) == t.batches().get(2).column(0), "the batch's own array");
        for (long i = 0; i < 10; i++) {
            assertEquals(i, ids.getObject(i));
            assertEquals(i % 3 == 0 ? null : "n" + i, t.column(1).getObject(i));
        }
        assertEquals(4, t.column("name").nullCount());
        assertThrows(IndexOutOfBoundsException.class, () -> ids.getObject(10));
        assertThrows(UnknownFieldException.class, () -> t.column("missing"));
    }

    @Test
    void equalityIgnoresHowRowsAreCutIntoBatches() {
        Table oneBatch = new Table(SCHEMA, List.of(batch(0, 10)));
        assertEquals(oneBatch, table());
        assertEquals(oneBatch.hashCode(), table().hashCode());
        assertEquals(table(), oneBatch);
        Table changed = new Table(SCHEMA, List.of(batch(0, 9), RecordBatch.ofRows(SCHEMA,
                List.of(Arrays.asList(9L, "other")))));
        assertNotEquals(oneBatch, changed);
        assertNotEquals(oneBatch, oneBatch.slice(0, 9));
    }

    @Test
    void sliceCutsAcrossBatches() {
        Table t = table().slice(2, 5);
        assertEquals(5, t.rowCount());
        assertEquals(new Table(SCHEMA, List.of(batch(2, 7))), t);
        assertEquals(List.of(1L, 4L), t.batches().stream().map(RecordBatch::rowCount).map(Number::longValue)
                .toList(), "the empty batch is dropped, the others sliced");
        assertEquals(0, table().slice(10, 0).rowCount());
        assertThrows(IndexOutOfBoundsException.class, () -> table().slice(8, 3));
    }

    @Test
    void concatenateAppendsBatchesOfTheSameSchema() {
        Table both = Table.concatenate(table(), new Table(SCHEMA, List.of(batch(10, 12))));
        assertEquals(new Table(SCHEMA, List.of(batch(0, 12))), both);
        Table other = new Table(Schema.of(Field.notNull("x", ArrowType.INT64)), List.of());
        assertThrows(SchemaMismatchException.class, () -> Table.concatenate(table(), other));
        assertThrows(SchemaMismatchException.class, () -> new Table(other.schema(), List.of(batch(0, 1))));
    }

    @Test
    void fromAReaderAndBackToOne() {
        Table t = table();
        Table copy = Table.from(t.reader());
        assertEquals(t.batches(), copy.batches());
        assertEquals(SCHEMA, copy.schema());
    }

    @Test
    void toStringShowsSizeSchemaAndFirstRows() {
        String text = table().toString();
        assertTrue(text.startsWith("Table[10 rows, 4 batches] schema<id: int64 not null, name: utf8>\n"), text);
        assertTrue(text.contains("\n 0  null\n 1  n1\n"), text);
        assertTrue(text.endsWith("\n 8  n8\n 9  null\n"), text);
    }

    @Test
    void chunkedArraySliceAndEquality() {
        ChunkedArray ids = table().column(0);
        ChunkedArray middle = ids.slice(2, 4);
        assertEquals(List.of(2L, 3L, 4L, 5L), List.of(middle.getObject(0), middle.getObject(1), middle.getObject(2),
                middle.getObject(3)));
        assertEquals(new Table(SCHEMA, List.of(batch(2, 6))).column(0), middle);
        assertNull(table().column(1).getObject(0));
        assertEquals("[2, 3, 4, 5] (2 chunks)", middle.toString());
        assertThrows(SchemaMismatchException.class, () -> new ChunkedArray(ArrowType.INT32, ids.chunks()));
    }

    /** Dictionary ids only pair IPC dictionaries with fields: writers number them differently. */
    @Test
    void equalityIgnoresDictionaryIds() {
        ArrowType.Dictionary strings = new ArrowType.Dictionary(ArrowType.INT8, ArrowType.UTF8, false);
        Schema a = Schema.of(Field.nullable("s", ArrowType.Struct.of(new Field("d", strings, true, 0L, null))));
        Schema b = Schema.of(Field.nullable("s", ArrowType.Struct.of(new Field("d", strings, true, 7L, null))));
        java.util.Map<String, Object> row = java.util.Map.of("d", "x");
        Table ta = new Table(a, List.of(RecordBatch.ofRows(a, List.of(List.of(row)))));
        Table tb = new Table(b, List.of(RecordBatch.ofRows(b, List.of(List.of(row)))));
        assertNotEquals(a, b);
        assertTrue(a.equalsIgnoringDictionaryIds(b));
        assertEquals(ta, tb);
        assertEquals(ta.hashCode(), tb.hashCode());
        assertEquals(ta.batches().get(0), tb.batches().get(0));
        assertEquals(ta.batches().get(0).hashCode(), tb.batches().get(0).hashCode());
        Table other = new Table(b, List.of(RecordBatch.ofRows(b, List.of(List.of(java.util.Map.of("d", "y"))))));
        assertNotEquals(ta, other);
    }
}
