// SPDX-License-Identifier: Apache-2.0
package dev.quiver.row;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.type.ArrowType;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** Random supported schemas with nulls: encode, decode, compare and hash agree with the values. */
class RowTablePropertiesTest {

    private record Case(List<ArrowType> types, List<ArrayData> columns, int rows, RowTableMetadata metadata) {
    }

    private static Case randomCase(long seed, int columns, int rows) {
        Random rnd = new Random(seed);
        List<ArrowType> types = new ArrayList<>();
        List<ArrayData> data = new ArrayList<>();
        double nullRate = rnd.nextInt(3) * 0.25;
        for (int c = 0; c < columns; c++) {
            ArrowType type = RandomColumns.randomType(rnd);
            types.add(type);
            data.add(RandomColumns.column(type, rnd, rows, nullRate));
        }
        int[][] alignments = {{8, 8}, {4, 4}, {8, 4}, {1, 1}, {16, 8}};
        int[] a = alignments[rnd.nextInt(alignments.length)];
        return new Case(types, data, rows, RowTableMetadata.of(types, a[0], a[1]));
    }

    @Property(tries = 300)
    void encodeThenDecodeGivesTheInput(@ForAll long seed, @ForAll @IntRange(min = 1, max = 12) int columns,
            @ForAll @IntRange(min = 0, max = 2500) int rows) {
        Case c = randomCase(seed, columns, rows);
        RowTable table = new RowTable(c.metadata());
        new RowTableEncoder(c.metadata()).encode(c.columns(), table);
        assertEquals(rows, table.length());
        List<ArrayData> decoded = new RowDecoder().decode(table);
        for (int i = 0; i < columns; i++) {
            Array array = Array.of(decoded.get(i));
            array.validateFull();
            assertEquals(Array.ofUnchecked(c.columns().get(i)), array, "column " + i + " of " + c.types());
        }
    }

    @Property(tries = 200)
    void selectedAndAppendedRowsDecodeToTheSelection(@ForAll long seed,
            @ForAll @IntRange(min = 1, max = 8) int columns, @ForAll @IntRange(min = 1, max = 1500) int rows) {
        Case c = randomCase(seed, columns, rows);
        Random rnd = new Random(seed ^ 1);
        int count = rnd.nextInt(2 * rows + 1);
        int[] selection = rnd.ints(count, 0, rows).toArray();
        RowTableEncoder encoder = new RowTableEncoder(c.metadata());
        RowTable scratch = new RowTable(c.metadata());
        RowTable all = new RowTable(c.metadata());
        int half = count / 2;
        encoder.encodeSelected(c.columns(), selection, half, scratch);
        all.appendFrom(scratch);
        int[] rest = java.util.Arrays.copyOfRange(selection, half, count);
        encoder.encodeSelected(c.columns(), rest, rest.length, scratch);
        all.appendFrom(scratch, null, rest.length);
        List<ArrayData> decoded = new RowDecoder().decode(all);
        int[] reversed = new int[count];
        for (int j = 0; j < count; j++) {
            reversed[j] = count - 1 - j;
        }
        List<ArrayData> reversedDecoded = new RowDecoder().decodeSelected(all, reversed, count);
        for (int i = 0; i < columns; i++) {
            Array input = Array.ofUnchecked(c.columns().get(i));
            Array output = Array.ofUnchecked(decoded.get(i));
            Array reversedOutput = Array.ofUnchecked(reversedDecoded.get(i));
            assertEquals(count, output.length());
            for (int j = 0; j < count; j++) {
                assertTrue(output.rangeEquals(j, input, selection[j], 1), "column " + i + " row " + j);
                assertTrue(reversedOutput.rangeEquals(count - 1 - j, input, selection[j], 1));
            }
        }
    }

    @Property(tries = 300)
    void compareAndHashAgreeWithValueEquality(@ForAll long seed, @ForAll @IntRange(min = 1, max = 6) int columns,
            @ForAll @IntRange(min = 1, max = 400) int rows) {
        Case c = randomCase(seed, columns, rows);
        RowTable table = new RowTable(c.metadata());
        new RowTableEncoder(c.metadata()).encode(c.columns(), table);
        List<Array> arrays = c.columns().stream().map(Array::ofUnchecked).toList();
        Random rnd = new Random(seed ^ 2);
        int pairs = 3 * rows;
        int[] left = new int[pairs];
        long[] right = new long[pairs];
        boolean[] expected = new boolean[pairs];
        for (int j = 0; j < pairs; j++) {
            left[j] = rnd.nextInt(rows);
            right[j] = rnd.nextBoolean() ? left[j] : rnd.nextInt(rows);
            expected[j] = true;
            for (Array a : arrays) {
                expected[j] &= a.rangeEquals(left[j], a, right[j], 1);
            }
        }
        long[] hashes = new long[rows];
        RowHasher.hashRows(table, 0, rows, hashes);
        long[] columnHashes = new long[rows];
        new RowHasher(c.metadata()).hashColumns(c.columns(), 0, rows, columnHashes);
        assertEquals(java.util.Arrays.toString(hashes), java.util.Arrays.toString(columnHashes));
        int[] mismatches = new int[pairs];
        int found = new RowComparator(c.metadata()).compareColumnsToRows(c.columns(), left, pairs, table, right,
                mismatches);
        boolean[] mismatched = new boolean[pairs];
        for (int m = 0; m < found; m++) {
            mismatched[mismatches[m]] = true;
        }
        for (int j = 0; j < pairs; j++) {
            String what = "rows " + left[j] + " and " + right[j] + " of " + c.types();
            assertEquals(expected[j], RowComparator.rowsEqual(table, left[j], table, right[j]), what);
            assertEquals(expected[j], !mismatched[j], what);
            assertEquals(hashes[left[j]], RowHasher.hashRow(table, left[j]));
            if (expected[j]) {
                assertEquals(hashes[left[j]], hashes[(int) right[j]], what);
            } else {
                assertNotEquals(hashes[left[j]], hashes[(int) right[j]], what);
            }
        }
    }
}
