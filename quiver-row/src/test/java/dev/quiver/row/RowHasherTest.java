// SPDX-License-Identifier: Apache-2.0
package dev.quiver.row;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.type.ArrowType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The documented hash function, computed independently for small keys. */
class RowHasherTest {

    private static long round(long h, long w) {
        return Long.rotateLeft(h + w * RowHasher.P2, 31) * RowHasher.P1;
    }

    private static long finish(long h) {
        h = (h ^ (h >>> 33)) * 0xFF51AFD7ED558CCDL;
        h = (h ^ (h >>> 33)) * 0xC4CEB9FE1A85EC53L;
        return h ^ (h >>> 33);
    }

    private static long[] both(List<ArrayData> columns) {
        RowTableMetadata md = RowTableMetadata.of(columns.stream().map(ArrayData::type).toList());
        RowTable table = new RowTable(md);
        new RowTableEncoder(md).append(columns, table);
        int n = (int) columns.get(0).length();
        long[] fromRows = new long[n];
        RowHasher.hashRows(table, 0, n, fromRows);
        long[] fromColumns = new long[n];
        new RowHasher(md).hashColumns(columns, 0, n, fromColumns);
        assertEquals(java.util.Arrays.toString(fromRows), java.util.Arrays.toString(fromColumns));
        return fromRows;
    }

    @Test
    void valuesInPhysicalOrderOneWordPerFixedValue() {
        // (bool, int32): physical order int32, bool.
        long[] h = both(List.of(Cols.bool(true, null), Cols.int32(7, -1)));
        assertEquals(finish(round(round(RowHasher.SEED, 7), 0xFF)), h[0]);
        assertEquals(finish(round(round(RowHasher.SEED, 0xFFFF_FFFFL), RowHasher.NULL_WORD)), h[1]);
    }

    @Test
    void varValuesHashTheirLengthThenTheirWords() {
        long[] h = both(List.of(Cols.utf8("ab", "", "0123456789")));
        assertEquals(finish(round(round(RowHasher.SEED, 2), 0x6261)), h[0]);
        assertEquals(finish(round(RowHasher.SEED, 0)), h[1]);
        assertEquals(finish(round(round(round(RowHasher.SEED, 10), 0x3736353433323130L), 0x3938)), h[2]);
    }

    @Test
    void nullTypeColumnsAreSkippedAndWideValuesGoByWords() {
        byte[] wide = Cols.hex("0102030405060708090a0b0c0d0e0f10");
        long[] h = both(List.of(Cols.nulls(1), Cols.fixed(new ArrowType.FixedSizeBinary(16), 16, wide),
                Cols.fsb(3, "abc")));
        long expected = round(round(RowHasher.SEED, 0x0807060504030201L), 0x100F0E0D0C0B0A09L);
        assertEquals(finish(round(expected, 0x636261)), h[0]);
    }
}
