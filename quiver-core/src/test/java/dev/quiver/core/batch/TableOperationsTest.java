// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.QuiverException;
import dev.quiver.core.array.Array;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.SchemaMismatchException;
import dev.quiver.core.type.UnknownFieldException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TableOperationsTest {
    private static final Schema SCHEMA = Schema.of(Field.notNull("id", ArrowType.INT64),
            Field.nullable("name", ArrowType.UTF8), Field.nullable("score", ArrowType.FLOAT64));

    private static RecordBatch batch(int from, int to) {
        List<List<?>> rows = new ArrayList<>();
        for (int i = from; i < to; i++) {
            rows.add(Arrays.asList((long) i, i % 3 == 0 ? null : "n" + i, i * 1.5));
        }
        return RecordBatch.ofRows(SCHEMA, rows);
    }

    /** Rows 0..9 in batches of 3, 5 and 2 rows. */
    private static Table table() {
        return new Table(SCHEMA, List.of(batch(0, 3), batch(3, 8), batch(8, 10)));
    }

    private static Array longs(long... values) {
        ArrayBuilder b = ArrayBuilder.of(ArrowType.INT64);
        for (long v : values) {
            b.appendObject(v);
        }
        return b.build();
    }

    @Test
    void selectByNameAndPositionKeepsTheOrderGivenAndSharesColumns() {
        Table t = table();
        Table picked = t.select("score", "id");
        assertEquals(List.of("score", "id"), picked.schema().names());
        assertEquals(10, picked.rowCount());
        assertSame(t.batches().get(1).column(0), picked.batches().get(1).column(1));
        assertEquals(picked, t.select(2, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> t.select(3));
    }

    @Test
    void unknownNamesFailListingTheNamesThereAre() {
        Table t = table();
        for (Runnable r : List.<Runnable>of(() -> t.select("nope"), () -> t.drop("nope"), () -> t.column("nope"),
                () -> t.field("nope"), () -> t.rename(Map.of("nope", "x")), () -> t.schema().field("nope"),
                () -> t.batches().get(0).column("nope"), () -> t.batches().get(0).row(0).getLong("nope"))) {
            UnknownFieldException e = assertThrows(UnknownFieldException.class, r::run);
            assertEquals("no field named 'nope'; the fields are 'id', 'name', 'score'", e.getMessage());
        }
    }

    @Test
    void rowsAreFoundAcrossBatches() {
        Table t = table();
        assertEquals(4L, t.row(4).getLong("id"));
        assertEquals("n4", t.row(4).getString("name"));
        assertEquals(1, t.row(4).index(), "the row's index in its batch");
        assertEquals(9L, t.row(9).getLong("id"));
        assertThrows(IndexOutOfBoundsException.class, () -> t.row(10));
    }

    @Test
    void dropRemovesTheNamedColumns() {
        Table dropped = table().drop("name");
        assertEquals(List.of("id", "score"), dropped.schema().names());
        assertEquals(table().select("id", "score"), dropped);
    }

    @Test
    void renameByMapOrByAllNames() {
        Table t = table().rename(Map.of("name", "label"));
        assertEquals(List.of("id", "label", "score"), t.schema().names());
        assertEquals("n1", t.column("label").getObject(1));
        assertEquals(List.of("a", "b", "c"), table().rename("a", "b", "c").schema().names());
        assertThrows(IllegalArgumentException.class, () -> table().rename("a", "b"));
    }

    @Test
    void addColumnSplitsAChunkedColumnAtTheBatchBoundaries() {
        Table t = table();
        ChunkedArray extra = new ChunkedArray(ArrowType.INT64, List.of(longs(0, 10, 20, 30), longs(40, 50, 60, 70, 80, 90)));
        Table added = t.addColumn(1, Field.notNull("tens", ArrowType.INT64), extra);
        assertEquals(List.of("id", "tens", "name", "score"), added.schema().names());
        assertEquals(3, added.batches().size());
        for (long i = 0; i < 10; i++) {
            assertEquals(i * 10, added.column("tens").getObject(i));
            assertEquals(i, added.column("id").getObject(i));
        }
        Table appended = t.addColumn(Field.notNull("tens", ArrowType.INT64), extra);
        assertEquals("tens", appended.schema().field(3).name());
        QuiverException shortColumn = assertThrows(QuiverException.class,
                () -> t.addColumn(0, Field.notNull("x", ArrowType.INT64), longs(1, 2)));
        assertTrue(shortColumn.getMessage().contains("2 values for a table of 10 rows"), shortColumn.getMessage());
        assertThrows(SchemaMismatchException.class,
                () -> t.addColumn(0, Field.notNull("x", ArrowType.INT32), extra));
    }

    @Test
    void setColumnReplacesAndRemoveColumnRemoves() {
        Table t = table();
        ChunkedArray ids = new ChunkedArray(ArrowType.INT64, List.of(longs(9, 8, 7, 6, 5, 4, 3, 2, 1, 0)));
        Table set = t.setColumn(0, Field.notNull("rev", ArrowType.INT64), ids);
        assertEquals(List.of("rev", "name", "score"), set.schema().names());
        assertEquals(9L, set.column(0).getObject(0));
        assertEquals(0L, set.column(0).getObject(9));
        Table removed = t.removeColumn(1);
        assertEquals(t.select("id", "score"), removed);
        assertThrows(IndexOutOfBoundsException.class, () -> t.removeColumn(3));
    }

    @Test
    void combineChunksGivesOneBatchOfTheSameValues() {
        Table t = table();
        Table one = t.combineChunks();
        assertEquals(1, one.batches().size());
        assertEquals(t, one);
        one.batches().get(0).validateFull();
        assertSame(one, one.combineChunks());
    }

    /** Fixed-width columns are copied buffer by buffer: slices at odd bit offsets, nulls and all. */
    @Test
    void combineChunksCopiesFixedWidthSlicesWithTheirNulls() {
        Schema schema = Schema.of(Field.nullable("i", ArrowType.INT32), Field.nullable("d",
                new ArrowType.Date(dev.quiver.core.type.DateUnit.DAY)), Field.nullable("m",
                new ArrowType.Decimal(20, 3, 128)), Field.nullable("f", new ArrowType.FixedSizeBinary(3)),
                Field.nullable("b", ArrowType.BOOL));
        List<List<?>> rows = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            boolean nul = i % 7 == 3;
            rows.add(Arrays.asList(nul ? null : i, nul ? null : LocalDate.of(2000, 1, 1).plusDays(i),
                    nul ? null : java.math.BigDecimal.valueOf(i, 3), nul ? null : new byte[] {(byte) i, 1, 2},
                    nul ? null : i % 2 == 0));
        }
        RecordBatch all = RecordBatch.ofRows(schema, rows);
        Table cut = new Table(schema, List.of(all.slice(3, 11), all.slice(14, 0), all.slice(14, 29),
                RecordBatch.ofRows(schema, rows.subList(0, 5))));
        Table one = cut.combineChunks();
        assertEquals(1, one.batches().size());
        one.batches().get(0).validateFull();
        assertEquals(cut, one);
        assertEquals(45, one.rowCount());
        Schema noNulls = Schema.of(Field.notNull("x", ArrowType.INT64));
        Table plain = new Table(noNulls, List.of(RecordBatch.ofRows(noNulls, List.of(List.of(1L))),
                RecordBatch.ofRows(noNulls, List.of(List.of(2L), List.of(3L)))));
        assertEquals(plain, plain.combineChunks());
        assertEquals(0, plain.combineChunks().batches().get(0).column(0).nullCount());
    }

    @Test
    void combineChunksOfDictionaryColumnsGivesOneDictionary() {
        Schema schema = Schema.of(Field.nullable("c", new ArrowType.Dictionary(ArrowType.INT32, ArrowType.UTF8, false)));
        Table t = new Table(schema, List.of(RecordBatch.ofRows(schema, List.of(List.of("a"), List.of("b"))),
                RecordBatch.ofRows(schema, List.of(List.of("b"), List.of("c")))));
        Table one = t.combineChunks();
        assertEquals(t, one);
        assertEquals(3, one.batches().get(0).column(0).data().dictionary().length());
    }

    @Test
    void aBatchWithOtherMetadataIsRefusedNamingTheDifference() {
        Schema plain = Schema.of(Field.notNull("x", ArrowType.INT64));
        Schema tagged = Schema.of(Field.notNull("x", ArrowType.INT64).withMetadata(Map.of("a", "b")));
        RecordBatch batch = RecordBatch.ofRows(tagged, List.of(List.of(1L)));
        SchemaMismatchException e = assertThrows(SchemaMismatchException.class, () -> new Table(plain, List.of(batch)));
        assertEquals("batch 0 has schema schema<x: int64 not null>, not the table's schema<x: int64 not null>: "
                + "field x: metadata {a=b} vs {} (batch vs table)", e.getMessage());
    }

    @Test
    void concatenateRefusesAnotherSchemaNamingTheDifference() {
        Table other = table().rename("id", "name", "points");
        SchemaMismatchException e = assertThrows(SchemaMismatchException.class, () -> Table.concatenate(table(), other));
        assertTrue(e.getMessage().endsWith("field 2: name points vs score"), e.getMessage());
    }

    /** Equality ignores dictionary ids, so concatenation does too (both take the same view of a schema). */
    @Test
    void tablesThatDifferOnlyInDictionaryIdsConcatenateAndAreEqual() {
        ArrowType.Dictionary dict = new ArrowType.Dictionary(ArrowType.INT32, ArrowType.UTF8, false);
        Schema idZero = Schema.of(Field.nullable("c", dict).withDictionaryId(0L));
        Schema idSeven = Schema.of(Field.nullable("c", dict).withDictionaryId(7L));
        Table a = new Table(idZero, List.of(RecordBatch.ofRows(idZero, List.of(List.of("x"), List.of("y")))));
        Table b = new Table(idSeven, List.of(RecordBatch.ofRows(idSeven, List.of(List.of("x"), List.of("y")))));
        assertEquals(a, b);
        Table both = Table.concatenate(a, b);
        assertEquals(4, both.rowCount());
        assertEquals(idZero, both.schema());
    }

    /** IPC.rst: a file's dictionaries may grow by deltas but never be replaced; concatenation unifies them. */
    @Test
    void concatenationUnifiesDictionariesIntoOneGrowingDictionary() {
        ArrowType.Dictionary dict = new ArrowType.Dictionary(ArrowType.INT8, ArrowType.UTF8, false);
        Schema schema = Schema.of(Field.nullable("c", dict));
        Table a = new Table(schema, List.of(RecordBatch.ofRows(schema, List.of(List.of("x"), List.of("y")))));
        Table b = new Table(schema, List.of(RecordBatch.ofRows(schema,
                Arrays.asList(List.of("z"), Arrays.asList((Object) null), List.of("x")))));
        Table both = Table.concatenate(a, b);
        Array first = both.batches().get(0).column(0);
        Array second = both.batches().get(1).column(0);
        assertEquals(List.of("x", "y"), values(first.data().dictionary()));
        assertEquals(List.of("x", "y", "z"), values(second.data().dictionary()));
        assertEquals(Arrays.asList("x", "y", "z", null, "x"), values(both.column(0)));
        assertEquals(Table.concatenate(a, b), new Table(schema, List.of(a.batches().get(0), b.batches().get(0))));
    }

    private static List<Object> values(dev.quiver.core.array.ArrayData data) {
        Array array = Array.ofUnchecked(data);
        List<Object> out = new ArrayList<>();
        for (long i = 0; i < array.length(); i++) {
            out.add(array.getObject(i));
        }
        return out;
    }

    private static List<Object> values(ChunkedArray column) {
        List<Object> out = new ArrayList<>();
        for (long i = 0; i < column.length(); i++) {
            out.add(column.getObject(i));
        }
        return out;
    }

    @Test
    void toStringPrintsAnAlignedTableOfTheFirstRows() {
        Schema schema = Schema.of(Field.notNull("id", ArrowType.INT64), Field.nullable("day",
                new ArrowType.Date(dev.quiver.core.type.DateUnit.DAY)), Field.nullable("tags",
                new ArrowType.List(Field.nullable("item", ArrowType.UTF8))));
        Table t = new Table(schema, List.of(RecordBatch.ofRows(schema, List.of(
                Arrays.asList(1L, LocalDate.of(2024, 2, 29), List.of("a", "b")),
                Arrays.asList(100L, null, null)))));
        assertEquals("""
                Table[2 rows, 1 batch] schema<id: int64 not null, day: date32[day], tags: list<item: utf8>>
                 id  day         tags
                ---  ----------  ----------
                  1  2024-02-29  ["a", "b"]
                100  null        null
                """, t.toString());
        assertEquals("""
                id  day         tags
                --  ----------  ----------
                 1  2024-02-29  ["a", "b"]
                ... 1 more row
                """, t.toPrettyString(1));
    }

    @Test
    void toPrettyStringStopsAtTheLimitAcrossBatches() {
        String text = table().toPrettyString(4);
        List<String> lines = text.lines().toList();
        assertEquals(2 + 4 + 1, lines.size(), text);
        assertEquals("... 6 more rows", lines.get(6));
        assertTrue(lines.get(5).contains("4.5"), text);
        assertThrows(IllegalArgumentException.class, () -> table().toPrettyString(-1));
    }
}
