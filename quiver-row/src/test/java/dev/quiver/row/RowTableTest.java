// SPDX-License-Identifier: Apache-2.0
package dev.quiver.row;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.QuiverException;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.DictionaryArray;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.ScopedAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Storage, encoder, decoder, comparator and hasher behaviour beyond the spec's vectors. */
class RowTableTest {
    private static final ArrowType DICT = new ArrowType.Dictionary(ArrowType.INT16, ArrowType.UTF8, false);

    private static ArrayData dict(ArrayData dictionary, Integer... indices) {
        ArrayData idx = Cols.of(ArrowType.INT16, (Object[]) indices).data();
        return new ArrayData(DICT, idx.length(), 0, ArrayData.UNKNOWN_NULL_COUNT, idx.buffers(), List.of(), dictionary);
    }

    @Test
    void encodeEmptiesTheTableAndAppendAdds() {
        RowTableMetadata md = RowTableMetadata.of(ArrowType.INT32, ArrowType.UTF8);
        RowTableEncoder encoder = new RowTableEncoder(md);
        RowTable table = new RowTable(md);
        List<ArrayData> columns = List.of(Cols.int32(1, 2), Cols.utf8("a", "b"));
        encoder.append(columns, table);
        encoder.append(columns, table);
        assertEquals(4, table.length());
        encoder.encode(columns, table);
        assertEquals(2, table.length());
        encoder.appendRange(columns, 1, 1, table);
        assertEquals(Cols.of(ArrowType.UTF8, "a", "b", "b"), Array.ofUnchecked(new RowDecoder().decode(table).get(1)));
    }

    @Test
    void reusedMemoryStillHasZeroPadding() {
        RowTableMetadata md = RowTableMetadata.of(ArrowType.UTF8, ArrowType.BOOL);
        RowTableEncoder encoder = new RowTableEncoder(md);
        RowTable reused = new RowTable(md);
        encoder.encode(List.of(Cols.utf8("a long value that fills the buffer", "x".repeat(40)), Cols.bool(true, true)),
                reused);
        List<ArrayData> small = List.of(Cols.utf8("a", null), Cols.bool(null, false));
        encoder.encode(small, reused);
        RowTable fresh = new RowTable(md);
        encoder.encode(small, fresh);
        assertEquals(Cols.hex(fresh.varLengthBuffer()), Cols.hex(reused.varLengthBuffer()));
        assertEquals(Cols.hex(fresh.nullMaskBuffer()), Cols.hex(reused.nullMaskBuffer()));
    }

    @Test
    void recordBatchesEncodeWhole() {
        Schema schema = Schema.of(Field.nullable("a", ArrowType.INT64), Field.nullable("b", ArrowType.UTF8));
        RecordBatch batch = RecordBatch.ofRows(schema, List.of(List.of(1L, "x"), java.util.Arrays.asList(null, "y")));
        RowTableMetadata md = RowTableMetadata.of(ArrowType.INT64, ArrowType.UTF8);
        RowTable table = new RowTable(md);
        new RowTableEncoder(md).append(batch, table);
        assertEquals(2, table.length());
        assertTrue(table.isNull(1, 0));
        assertFalse(table.isNull(1, 1));
        assertTrue(table.hasAnyNulls());
        List<ArrayData> decoded = new RowDecoder().decode(table);
        assertEquals(batch.column(0), Array.ofUnchecked(decoded.get(0)));
        assertEquals(batch.column(1), Array.ofUnchecked(decoded.get(1)));
    }

    @Test
    void columnsMustMatchTheMetadata() {
        RowTableMetadata md = RowTableMetadata.of(ArrowType.INT32, ArrowType.UTF8);
        RowTableEncoder encoder = new RowTableEncoder(md);
        RowTable table = new RowTable(md);
        assertThrows(QuiverException.class, () -> encoder.append(List.of(Cols.int32(1)), table));
        assertThrows(QuiverException.class, () -> encoder.append(List.of(Cols.int64(1L), Cols.utf8("a")), table));
        assertThrows(QuiverException.class, () -> encoder.append(List.of(Cols.int32(1, 2), Cols.utf8("a")), table));
        RowTable other = new RowTable(RowTableMetadata.of(ArrowType.INT64));
        assertThrows(QuiverException.class,
                () -> encoder.append(List.of(Cols.int32(1), Cols.utf8("a")), other));
        assertThrows(IndexOutOfBoundsException.class,
                () -> encoder.appendSelected(List.of(Cols.int32(1), Cols.utf8("a")), new int[] {1}, 1, table));
        assertThrows(IndexOutOfBoundsException.class,
                () -> encoder.appendRange(List.of(Cols.int32(1), Cols.utf8("a")), 1, 1, table));
        assertEquals(0, table.length());
    }

    @Test
    void appendingNeedsCompatibleRows() {
        RowTable a = new RowTable(RowTableMetadata.of(ArrowType.INT32));
        RowTable b = new RowTable(RowTableMetadata.of(ArrowType.INT64));
        assertThrows(QuiverException.class, () -> a.appendFrom(b));
        assertThrows(QuiverException.class, () -> RowComparator.rowsEqual(a, 0, b, 0));
        new RowTableEncoder(a.metadata()).append(List.of(Cols.int32(5, null)), a);
        assertTrue(a.hasAnyNulls());
        RowTable c = new RowTable(RowTableMetadata.of(ArrowType.UINT32));
        c.appendFrom(a, new int[] {0, 0}, 2);
        assertEquals(2, c.length());
        assertFalse(c.hasAnyNulls());
        c.appendFrom(a, new int[] {1}, 1);
        assertTrue(c.hasAnyNulls());
        c.clear();
        assertFalse(c.hasAnyNulls());
        assertThrows(IndexOutOfBoundsException.class, () -> c.appendFrom(a, new int[] {2}, 1));
        assertThrows(IndexOutOfBoundsException.class, () -> a.row(2));
    }

    @Test
    void dictionaryColumnsStoreIndicesAndKeepTheDictionary() {
        ArrayData dictionary = Cols.utf8("red", "green", "blue");
        RowTableMetadata md = RowTableMetadata.of(DICT, ArrowType.INT8);
        assertEquals(2, md.column(0).fixedLength());
        RowTable table = new RowTable(md);
        RowTableEncoder encoder = new RowTableEncoder(md);
        ArrayData first = dict(dictionary, 2, null, 0);
        encoder.append(List.of(first, Cols.ints(ArrowType.INT8, 1L, 2L, 3L)), table);
        assertEquals("02 00 01 00 00 00 00 00", Cols.hex(table.row(0)));
        ArrayData sameValues = dict(Cols.utf8("red", "green", "blue"), 1);
        encoder.append(List.of(sameValues, Cols.ints(ArrowType.INT8, 4L)), table);
        List<ArrayData> decoded = new RowDecoder().decode(table);
        Array keys = Array.ofUnchecked(decoded.get(0));
        assertInstanceOf(DictionaryArray.class, keys);
        assertEquals(dictionary, keys.data().dictionary());
        assertEquals(java.util.Arrays.asList("blue", null, "red", "green"),
                java.util.stream.LongStream.range(0, 4).mapToObj(keys::getObject).toList());
        ArrayData otherDictionary = dict(Cols.utf8("blue", "red"), 0);
        QuiverException e = assertThrows(QuiverException.class,
                () -> encoder.append(List.of(otherDictionary, Cols.ints(ArrowType.INT8, 0L)), table));
        assertTrue(e.getMessage().contains("dictionary"), e.getMessage());
        assertThrows(QuiverException.class, () -> new RowComparator(md).compareColumnsToRows(
                List.of(otherDictionary, Cols.ints(ArrowType.INT8, 0L)), null, 1, table, new long[] {0}, new int[1]));
        table.clear();
        assertEquals(null, table.dictionary(0));
    }

    @Test
    void extensionColumnsRoundTripWithTheirType() {
        ArrowType uuid = new ArrowType.Extension("test.uuid", new ArrowType.FixedSizeBinary(16), "");
        ArrayData storage = Cols.fsb(16, "0123456789abcdef", null, "fedcba9876543210");
        ArrayData column = storage.withType(uuid);
        RowTableMetadata md = RowTableMetadata.of(uuid);
        RowTable table = new RowTable(md);
        new RowTableEncoder(md).append(List.of(column), table);
        ArrayData decoded = new RowDecoder().decode(table).get(0);
        assertEquals(uuid, decoded.type());
        assertEquals(Array.ofUnchecked(column), Array.ofUnchecked(decoded));
    }

    @Test
    void selectedDecodeAndHashOfSelectedColumns() {
        RowTableMetadata md = RowTableMetadata.of(ArrowType.UTF8, ArrowType.INT16);
        List<ArrayData> columns = List.of(Cols.utf8("a", "bb", null, "a"), Cols.ints(ArrowType.INT16, 1L, 2L, 3L, 1L));
        RowTable table = new RowTable(md);
        new RowTableEncoder(md).append(columns, table);
        List<ArrayData> decoded = new RowDecoder().decodeSelected(table, new int[] {3, 2, 2}, 3);
        assertEquals(Cols.of(ArrowType.UTF8, "a", null, null), Array.ofUnchecked(decoded.get(0)));
        assertEquals(Cols.of(ArrowType.INT16, 1, 3, 3), Array.ofUnchecked(decoded.get(1)));
        assertThrows(IndexOutOfBoundsException.class, () -> new RowDecoder().decodeSelected(table, new int[] {4}, 1));
        long[] rows = new long[4];
        RowHasher.hashRows(table, 0, 4, rows);
        assertEquals(rows[0], rows[3]);
        long[] selected = new long[2];
        new RowHasher(md).hashColumnsSelected(columns, new int[] {2, 1}, 2, selected);
        assertArrayEquals(new long[] {rows[2], rows[1]}, selected);
        assertTrue(new RowComparator(md).columnsEqualRow(columns, 0, table, 3));
        assertFalse(new RowComparator(md).columnsEqualRow(columns, 0, table, 1));
    }

    @Test
    void tablesOnAScopedAllocatorReleaseTheirMemory() {
        try (ScopedAllocator allocator = BufferAllocator.scoped()) {
            RowTableMetadata md = RowTableMetadata.of(ArrowType.UTF8);
            RowTable table = new RowTable(md, allocator);
            String[] values = new String[100_000];
            java.util.Arrays.setAll(values, i -> "value " + i);
            new RowTableEncoder(md).append(List.of(Cols.utf8(values)), table);
            assertEquals(100_000, table.length());
            assertEquals("value 99999", Array.ofUnchecked(new RowDecoder().decode(table).get(0)).getObject(99_999));
            assertTrue(allocator.allocatedBytes() > 0);
            table.close();
            assertEquals(0, allocator.allocatedBytes());
        }
    }
}
