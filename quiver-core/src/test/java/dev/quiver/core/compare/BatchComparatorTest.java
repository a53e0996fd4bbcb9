// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.compare;

import static dev.quiver.core.compare.TestArrays.batch;
import static dev.quiver.core.compare.TestArrays.int32;
import static dev.quiver.core.compare.TestArrays.int32s;
import static dev.quiver.core.compare.TestArrays.list;
import static dev.quiver.core.compare.TestArrays.struct;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.UnionMode;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The first difference between batches, and what is no difference (as in the C++ implementation). */
class BatchComparatorTest {
    private final BatchComparator comparator = new BatchComparator();
    private static final List<Field> ONE_INT = List.of(Field.nullable("a", ArrowType.INT32));

    private Difference difference(RecordBatch left, RecordBatch right) {
        Optional<Difference> d = comparator.compare(List.of(left), List.of(right));
        assertTrue(d.isPresent(), "a difference is expected");
        return d.get();
    }

    private void assertSame(RecordBatch left, RecordBatch right) {
        assertEquals(Optional.empty(), comparator.compare(List.of(left), List.of(right)));
    }

    @Test
    void equalBatchesHaveNoDifference() {
        assertSame(batch(ONE_INT, int32(1, null, 3)), batch(ONE_INT, int32(1, null, 3)));
    }

    @Test
    void aDifferentValueIsReportedWithItsPlaceAndBothValues() {
        Difference d = difference(batch(ONE_INT, int32(1, 2, 3)), batch(ONE_INT, int32(1, 2, 4)));
        assertEquals(new Difference(0, "a", 2, 2, "3", "4", "values differ"), d);
        assertEquals("batch 0, column a, row 2, index 2: values differ: 3 vs 4", d.message());
    }

    @Test
    void aNullAgainstAValueIsADifference() {
        Difference d = difference(batch(ONE_INT, int32(1, null)), batch(ONE_INT, int32(1, 7)));
        assertEquals("null", d.left());
        assertEquals("7", d.right());
        assertEquals("nullness differs", d.what());
    }

    @Test
    void bytesUnderNullsAndOffsetsDoNotMatter() {
        ArrayData a = ArrayData.of(ArrowType.INT32, 2, Arrays.asList(TestArrays.bits(1, 0), int32s(5, 99)), List.of());
        ArrayData sliced = int32(0, 0, 5, null, 0).slice(2, 2);
        assertSame(batch(ONE_INT, a), batch(ONE_INT, sliced));
    }

    @Test
    void laterBatchesAndBatchCountsAreCompared() {
        RecordBatch one = batch(ONE_INT, int32(1));
        RecordBatch two = batch(ONE_INT, int32(2));
        Difference d = comparator.compare(List.of(one, one), List.of(one, two)).orElseThrow();
        assertEquals(1, d.batch());
        Difference count = comparator.compare(List.of(one), List.of(one, one)).orElseThrow();
        assertEquals("numbers of batches differ", count.what());
        assertEquals("row counts differ", difference(one, batch(ONE_INT, int32(1, 2))).what());
    }

    @Test
    void structChildrenAreComparedAtTheParentsSlots() {
        List<Field> fields = List.of(Field.nullable("x", ArrowType.INT32), Field.nullable("y", ArrowType.INT32));
        List<Field> schema = List.of(Field.nullable("s", new ArrowType.Struct(fields)));
        ArrayData left = struct(fields, int32(1, 2, 3), int32(4, 5, 6));
        ArrayData right = struct(fields, int32(0, 1, 2, 3), int32(0, 4, 5, 7)).slice(1, 3);
        Difference d = difference(batch(schema, left), batch(schema, right));
        assertEquals("s.y", d.path());
        assertEquals(2, d.row());
        assertEquals("6", d.left());
        assertEquals("7", d.right());
    }

    @Test
    void structFieldNamesMatter() {
        ArrowType.Struct xy = new ArrowType.Struct(List.of(Field.nullable("x", ArrowType.INT32)));
        ArrowType.Struct z = new ArrowType.Struct(List.of(Field.nullable("z", ArrowType.INT32)));
        Difference d = difference(batch(List.of(Field.nullable("s", xy)), struct(xy.fields(), int32(1))),
                batch(List.of(Field.nullable("s", z)), struct(z.fields(), int32(1))));
        assertEquals("field names differ", d.what());
        assertEquals(-1, d.row());
    }

    @Test
    void listItemNamesDoNotMatterButTheirNullabilityDoes() {
        ArrowType.List item = new ArrowType.List(Field.nullable("item", ArrowType.INT32));
        ArrowType.List element = new ArrowType.List(Field.nullable("element", ArrowType.INT32));
        ArrowType.List notNull = new ArrowType.List(Field.notNull("item", ArrowType.INT32));
        int[] offsets = {0, 2, 3};
        RecordBatch left = batch(List.of(Field.nullable("l", item)), list(item, offsets, int32(1, 2, 3)));
        assertSame(left, batch(List.of(Field.nullable("l", element)), list(element, offsets, int32(1, 2, 3))));
        assertEquals("item nullability differs",
                difference(left, batch(List.of(Field.nullable("l", notNull)), list(notNull, offsets, int32(1, 2, 3))))
                        .what());
    }

    @Test
    void listElementsAndLengthsAreCompared() {
        ArrowType.List type = ArrowType.List.of(ArrowType.INT32);
        List<Field> schema = List.of(Field.nullable("l", type));
        RecordBatch left = batch(schema, list(type, new int[] {0, 2, 3}, int32(1, 2, 3)));
        Difference element = difference(left, batch(schema, list(type, new int[] {1, 3, 4}, int32(9, 1, 2, 4))));
        assertEquals("l.item", element.path());
        assertEquals(1, element.row());
        assertEquals(2, element.index(), "the index in the left side's child");
        Difference length = difference(left, batch(schema, list(type, new int[] {0, 1, 3}, int32(1, 2, 3))));
        assertEquals("list lengths differ", length.what());
        assertEquals(0, length.row());
    }

    @Test
    void mapEntryKeyAndValueNamesDoNotMatter() {
        ArrowType.Map canonical = ArrowType.Map.of(ArrowType.INT32, ArrowType.INT32, false);
        ArrowType.Map other = new ArrowType.Map(Field.notNull("some_entries", ArrowType.Struct.of(
                Field.notNull("some_key", ArrowType.INT32), Field.nullable("some_value", ArrowType.INT32))), false);
        RecordBatch left = batch(List.of(Field.nullable("m", canonical)), map(canonical, 1, 2));
        assertSame(left, batch(List.of(Field.nullable("m", other)), map(other, 1, 2)));
        Difference d = difference(left, batch(List.of(Field.nullable("m", other)), map(other, 1, 3)));
        assertEquals("m.entries.value", d.path());
        ArrowType.Map sorted = ArrowType.Map.of(ArrowType.INT32, ArrowType.INT32, true);
        assertEquals("keysSorted differs",
                difference(left, batch(List.of(Field.nullable("m", sorted)), map(sorted, 1, 2))).what());
    }

    private static ArrayData map(ArrowType.Map type, int key, int value) {
        ArrayData entries = struct(type.entries().type().children(), int32(key), int32(value));
        return ArrayData.of(type, 1, Arrays.asList(null, int32s(0, 1)), List.of(entries));
    }

    @Test
    void dictionariesAndIndicesAreCompared() {
        ArrowType.Dictionary type = new ArrowType.Dictionary(ArrowType.INT32, ArrowType.INT32, false);
        List<Field> schema = List.of(Field.dictionary("d", ArrowType.INT32, ArrowType.INT32, false, 0, true));
        RecordBatch left = batch(schema, encoded(type, int32(10, 20), 0, 1));
        assertSame(left, batch(schema, encoded(type, int32(10, 20), 0, 1)));
        Difference d = difference(left, batch(schema, encoded(type, int32(10, 21), 0, 1)));
        assertEquals("d.<dictionary>", d.path());
        assertEquals(1, d.index());
        assertEquals("d", difference(left, batch(schema, encoded(type, int32(10, 20), 1, 1))).path());
    }

    private static ArrayData encoded(ArrowType.Dictionary type, ArrayData dictionary, int... indices) {
        return ArrayData.dictionaryEncoded(type, indices.length, Arrays.asList(null, int32s(indices)), dictionary);
    }

    @Test
    void denseUnionsCompareTheSelectedValues() {
        ArrowType.Union type = new ArrowType.Union(UnionMode.DENSE,
                List.of(Field.nullable("i", ArrowType.INT32), Field.nullable("j", ArrowType.INT32)), List.of(3, 4));
        List<Field> schema = List.of(Field.nullable("u", type));
        ArrayData left = union(type, new byte[] {3, 4}, int32s(0, 0), int32(7), int32(8));
        ArrayData right = union(type, new byte[] {3, 4}, int32s(1, 0), int32(0, 7), int32(8));
        assertSame(batch(schema, left), batch(schema, right));
        Difference d = difference(batch(schema, left),
                batch(schema, union(type, new byte[] {4, 4}, int32s(0, 0), int32(7), int32(8))));
        assertEquals("union type ids differ", d.what());
        assertEquals("type id 3", d.left());
    }

    private static ArrayData union(ArrowType.Union type, byte[] ids, ArrowBuffer offsets, ArrayData... children) {
        return ArrayData.of(type, ids.length, List.of(ArrowBuffer.wrap(ids), offsets), List.of(children));
    }

    @Test
    void runEndEncodedDataComparesLogically() {
        ArrowType.RunEndEncoded type = ArrowType.RunEndEncoded.of(ArrowType.INT32, ArrowType.INT32);
        List<Field> schema = List.of(Field.nullable("r", type));
        ArrayData twoRuns = ArrayData.of(type, 4, List.of(), List.of(int32(2, 4), int32(5, 6)));
        ArrayData threeRuns = ArrayData.of(type, 4, List.of(), List.of(int32(1, 2, 4), int32(5, 5, 6)));
        assertSame(batch(schema, twoRuns), batch(schema, threeRuns));
        ArrayData other = ArrayData.of(type, 4, List.of(), List.of(int32(3, 4), int32(5, 6)));
        Difference d = difference(batch(schema, twoRuns), batch(schema, other));
        assertEquals("r.values", d.path());
        assertEquals(2, d.row());
    }

    /** Run-end encoded int32 data of {@code length} slots: run ends (int32) and the runs' values. */
    private static ArrayData runs(long length, int[] ends, Integer... values) {
        ArrowType.RunEndEncoded type = ArrowType.RunEndEncoded.of(ArrowType.INT32, ArrowType.INT32);
        return ArrayData.of(type, length, List.of(), List.of(
                ArrayData.of(ArrowType.INT32, ends.length, Arrays.asList(null, int32s(ends)), List.of()),
                int32(values)));
    }

    @Test
    void runEndEncodedDataOfTheLargestLengthComparesRunByRun() {
        int max = Integer.MAX_VALUE;
        List<Field> schema = List.of(Field.nullable("r", ArrowType.RunEndEncoded.of(ArrowType.INT32,
                ArrowType.INT32)));
        ArrayData oneRun = runs(max, new int[] {max}, 5);
        Array.ofUnchecked(oneRun).validateFull();
        assertSame(batch(schema, oneRun), batch(schema, runs(max, new int[] {1000, max - 1, max}, 5, 5, 5)));
        Difference middle = difference(batch(schema, oneRun),
                batch(schema, runs(max, new int[] {1 << 30, (1 << 30) + 7, max}, 5, 6, 5)));
        assertEquals(new Difference(0, "r.values", 1 << 30, 0, "5", "6", "values differ"), middle);
        Difference last = difference(batch(schema, runs(max, new int[] {7, max}, 5, 5)),
                batch(schema, runs(max, new int[] {max - 1, max}, 5, null)));
        assertEquals(max - 1, last.row(), "the first differing logical row");
        assertEquals("nullness differs", last.what());
    }

    @Test
    void slicedRunEndEncodedDataComparesFromItsOffset() {
        int max = Integer.MAX_VALUE;
        List<Field> schema = List.of(Field.nullable("r", ArrowType.RunEndEncoded.of(ArrowType.INT32,
                ArrowType.INT32)));
        ArrayData tail = runs(max, new int[] {100, max}, 1, 2).slice(100, max - 100);
        assertSame(batch(schema, tail), batch(schema, runs(max - 100, new int[] {max - 100}, 2)));
        Difference d = difference(batch(schema, tail), batch(schema, runs(max - 100, new int[] {5, max - 100}, 2, 3)));
        assertEquals(5, d.row());
        assertEquals(1, d.index(), "the index is the left run's in the values child");
    }

    @Test
    void aDictionaryFoundEqualInOneBatchIsStillComparedAgainstAnotherInTheNext() {
        Field field = Field.dictionary("d", ArrowType.INT8, ArrowType.INT32, false, 0, true);
        ArrowType.Dictionary type = (ArrowType.Dictionary) field.type();
        List<Field> schema = List.of(field);
        ArrayData dictionary = int32(10, 20);
        ArrayData indices = ArrayData.of(ArrowType.INT8, 2, Arrays.asList(null, ArrowBuffer.wrap(new byte[] {0, 1})),
                List.of());
        RecordBatch left = batch(schema, ArrayData.dictionaryEncoded(type, 2, indices.buffers(), dictionary));
        RecordBatch same = batch(schema, ArrayData.dictionaryEncoded(type, 2, indices.buffers(), int32(10, 20)));
        RecordBatch other = batch(schema, ArrayData.dictionaryEncoded(type, 2, indices.buffers(), int32(10, 21)));
        assertEquals(Optional.empty(), comparator.compare(List.of(left, left), List.of(same, same)));
        Difference d = comparator.compare(List.of(left, left), List.of(same, other)).orElseThrow();
        assertEquals(1, d.batch());
        assertEquals("d.<dictionary>", d.path());
    }
}
