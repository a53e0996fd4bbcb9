package dev.quiver.row;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

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
        /** Row {@code r} as plain values, one per column. */
        List<Object> row(List<List<Object>> values, int r) {
            List<Object> out = new ArrayList<>();
            for (List<Object> column : values) {
                out.add(column.get(r));
            }
            return out;
        }
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

    private static List<List<Object>> values(List<ArrayData> columns) {
        return columns.stream().map(Cols::values).toList();
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
            assertEquals(c.types().get(i), decoded.get(i).type());
            assertEquals(Cols.values(c.columns().get(i)), Cols.values(decoded.get(i)), "column " + i + " " + c.types());
            decoded.get(i).validate();
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
        List<List<Object>> values = values(c.columns());
        List<ArrayData> decoded = new RowDecoder().decode(all);
        int[] reversed = new int[count];
        for (int j = 0; j < count; j++) {
            reversed[j] = count - 1 - j;
        }
        List<ArrayData> reversedDecoded = new RowDecoder().decodeSelected(all, reversed, count);
        for (int i = 0; i < columns; i++) {
            List<Object> expected = new ArrayList<>();
            for (int s : selection) {
                expected.add(values.get(i).get(s));
            }
            assertEquals(expected, Cols.values(decoded.get(i)));
            List<Object> reversedExpected = new ArrayList<>(expected);
            java.util.Collections.reverse(reversedExpected);
            assertEquals(reversedExpected, Cols.values(reversedDecoded.get(i)));
        }
    }

    @Property(tries = 300)
    void compareAndHashAgreeWithValueEquality(@ForAll long seed, @ForAll @IntRange(min = 1, max = 6) int columns,
            @ForAll @IntRange(min = 1, max = 400) int rows) {
        Case c = randomCase(seed, columns, rows);
        RowTable table = new RowTable(c.metadata());
        new RowTableEncoder(c.metadata()).encode(c.columns(), table);
        List<List<Object>> values = values(c.columns());
        Random rnd = new Random(seed ^ 2);
        int pairs = 3 * rows;
        int[] left = new int[pairs];
        long[] right = new long[pairs];
        boolean[] expected = new boolean[pairs];
        for (int j = 0; j < pairs; j++) {
            left[j] = rnd.nextInt(rows);
            right[j] = rnd.nextBoolean() ? left[j] : rnd.nextInt(rows);
            expected[j] = c.row(values, left[j]).equals(c.row(values, (int) right[j]));
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
