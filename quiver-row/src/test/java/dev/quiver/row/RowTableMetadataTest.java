// SPDX-License-Identifier: Apache-2.0
package dev.quiver.row;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.QuiverException;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.IntervalUnit;
import dev.quiver.core.type.TimeUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class RowTableMetadataTest {
    private static final ArrowType FSB3 = new ArrowType.FixedSizeBinary(3);

    @Test
    void int32AndBoolIsFixedLengthOfEightBytes() {
        RowTableMetadata md = RowTableMetadata.of(ArrowType.INT32, ArrowType.BOOL);
        assertArrayEquals(new int[] {0, 1}, md.columnOrder());
        assertArrayEquals(new int[] {0, 4}, md.columnOffsets());
        assertTrue(md.isFixedLength());
        assertEquals(8, md.fixedLength());
        assertEquals(0, md.varbinaryEndArrayOffset());
        assertEquals(1, md.nullMaskBytesPerRow());
        assertEquals(8, RowTableMetadata.of(List.of(ArrowType.INT32, ArrowType.BOOL), 4, 4).fixedLength());
        assertEquals(5, RowTableMetadata.of(List.of(ArrowType.INT32, ArrowType.BOOL), 1, 1).fixedLength());
    }

    @Test
    void fixedColumnsWinTiesWithVarColumns() {
        RowTableMetadata md = RowTableMetadata.of(ArrowType.INT32, ArrowType.UTF8, ArrowType.UTF8, ArrowType.INT32);
        assertArrayEquals(new int[] {0, 3, 1, 2}, md.columnOrder());
        assertEquals(0, md.positionOf(0));
        assertEquals(2, md.positionOf(1));
        assertEquals(3, md.positionOf(2));
        assertEquals(1, md.positionOf(3));
        assertArrayEquals(new int[] {0, 4, 8, 12}, md.columnOffsets());
        assertEquals(8, md.varbinaryEndArrayOffset());
        assertEquals(16, md.fixedLength());
        assertFalse(md.isFixedLength());
        assertEquals(2, md.varColumnCount());
    }

    @Test
    void nonPowerOfTwoColumnsGoLastAlignedToTheStringAlignment() {
        RowTableMetadata md = RowTableMetadata.of(FSB3, ArrowType.UTF8, ArrowType.INT16, ArrowType.BOOL,
                ArrowType.INT64);
        assertArrayEquals(new int[] {4, 1, 2, 3, 0}, md.columnOrder());
        assertArrayEquals(new int[] {0, 8, 12, 14, 16}, md.columnOffsets());
        assertEquals(8, md.varbinaryEndArrayOffset());
        assertEquals(24, md.fixedLength());
        RowTableMetadata four = RowTableMetadata.of(md.types(), 4, 4);
        assertArrayEquals(md.columnOffsets(), four.columnOffsets());
        assertEquals(20, four.fixedLength());
    }

    @Test
    void orderingStress() {
        RowTableMetadata md = RowTableMetadata.of(new ArrowType.FixedSizeBinary(24), ArrowType.INT8,
                new ArrowType.Decimal(30, 2), ArrowType.UTF8, ArrowType.BOOL, ArrowType.INT32,
                new ArrowType.FixedSizeBinary(5), ArrowType.INT64);
        assertArrayEquals(new int[] {2, 7, 5, 3, 1, 4, 0, 6}, md.columnOrder());
        assertArrayEquals(new int[] {0, 16, 24, 28, 32, 33, 40, 64}, md.columnOffsets());
        assertEquals(28, md.varbinaryEndArrayOffset());
        assertEquals(72, md.fixedLength());
        for (int p = 0; p < 8; p++) {
            assertEquals(p, md.positionOf(md.encodedFieldOrder(p)));
        }
    }

    @Test
    void boolAndNullSortAfterOneByteColumns() {
        RowTableMetadata md = RowTableMetadata.of(ArrowType.BOOL, ArrowType.INT8, ArrowType.NULL, ArrowType.UINT8);
        assertArrayEquals(new int[] {1, 3, 0, 2}, md.columnOrder());
        assertArrayEquals(new int[] {0, 1, 2, 3}, md.columnOffsets());
        assertEquals(8, md.fixedLength());
    }

    @Test
    void varOnlyRowsAreJustTheEndSlots() {
        RowTableMetadata md = RowTableMetadata.of(ArrowType.UTF8, ArrowType.BINARY);
        assertEquals(8, md.fixedLength());
        assertEquals(0, md.varbinaryEndArrayOffset());
    }

    @Test
    void nullMaskWidthIsAPowerOfTwo() {
        int[][] expected = {{0, 1}, {1, 1}, {8, 1}, {9, 2}, {16, 2}, {17, 4}, {32, 4}, {33, 8}, {64, 8}, {65, 16}};
        for (int[] e : expected) {
            RowTableMetadata md = RowTableMetadata.of(Collections.nCopies(e[0], (ArrowType) ArrowType.INT32));
            assertEquals(e[1], md.nullMaskBytesPerRow(), e[0] + " columns");
        }
        assertEquals(40, RowTableMetadata.of(Collections.nCopies(9, (ArrowType) ArrowType.INT32)).fixedLength());
        assertEquals(24, RowTableMetadata.of(Collections.nCopies(17, (ArrowType) ArrowType.BOOL)).fixedLength());
    }

    @Test
    void everyFixedWidthTypeMapsToItsWidth() {
        Object[][] cases = {
            {ArrowType.FLOAT16, 2}, {ArrowType.FLOAT32, 4}, {ArrowType.FLOAT64, 8},
            {new ArrowType.Date(dev.quiver.core.type.DateUnit.DAY), 4},
            {new ArrowType.Date(dev.quiver.core.type.DateUnit.MILLISECOND), 8},
            {new ArrowType.Time(TimeUnit.SECOND), 4}, {new ArrowType.Time(TimeUnit.NANOSECOND), 8},
            {new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"), 8}, {new ArrowType.Duration(TimeUnit.SECOND), 8},
            {new ArrowType.Interval(IntervalUnit.YEAR_MONTH), 4}, {new ArrowType.Interval(IntervalUnit.DAY_TIME), 8},
            {new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO), 16},
            {new ArrowType.Decimal(9, 2, 32), 4}, {new ArrowType.Decimal(18, 2, 64), 8},
            {new ArrowType.Decimal(38, 2, 128), 16}, {new ArrowType.Decimal(76, 2, 256), 32},
            {new ArrowType.FixedSizeBinary(7), 7},
            {new ArrowType.Dictionary(ArrowType.INT16, ArrowType.UTF8, false), 2},
            {new ArrowType.Extension("x.uuid", new ArrowType.FixedSizeBinary(16), ""), 16},
        };
        for (Object[] c : cases) {
            ColumnMetadata md = ColumnMetadata.of((ArrowType) c[0]);
            assertEquals(new ColumnMetadata(true, (int) c[1], false), md, c[0].toString());
        }
        assertEquals(new ColumnMetadata(false, 4, false), ColumnMetadata.of(ArrowType.BINARY));
        assertEquals(new ColumnMetadata(true, 0, true), ColumnMetadata.of(ArrowType.NULL));
        assertEquals(new ColumnMetadata(true, 0, false), ColumnMetadata.of(ArrowType.BOOL));
    }

    @Test
    void unsupportedTypesAreRefusedWithTheirName() {
        List<ArrowType> refused = new ArrayList<>(List.of(ArrowType.LARGE_UTF8, ArrowType.LARGE_BINARY,
                ArrowType.UTF8_VIEW, ArrowType.BINARY_VIEW, ArrowType.List.of(ArrowType.INT32),
                ArrowType.Struct.of(Field.nullable("a", ArrowType.INT32)),
                ArrowType.RunEndEncoded.of(ArrowType.INT32, ArrowType.INT32)));
        for (ArrowType type : refused) {
            UnsupportedColumnTypeException e = assertThrows(UnsupportedColumnTypeException.class,
                    () -> RowTableMetadata.of(ArrowType.INT32, type));
            assertTrue(e.getMessage().contains(type.toString()), e.getMessage());
            assertEquals(type, e.type());
            assertTrue(e instanceof QuiverException);
        }
    }

    @Test
    void alignmentsMustBePowersOfTwo() {
        assertThrows(IllegalArgumentException.class, () -> RowTableMetadata.of(List.of(ArrowType.INT32), 6, 2));
        assertThrows(IllegalArgumentException.class, () -> RowTableMetadata.of(List.of(ArrowType.INT32), 4, 8));
    }

    @Test
    void compatibilityFollowsWidthsAndAlignments() {
        RowTableMetadata a = RowTableMetadata.of(ArrowType.INT32, ArrowType.UTF8);
        assertTrue(a.isCompatible(RowTableMetadata.of(ArrowType.UINT32, ArrowType.BINARY)));
        assertFalse(a.isCompatible(RowTableMetadata.of(ArrowType.INT64, ArrowType.UTF8)));
        assertFalse(a.isCompatible(RowTableMetadata.of(List.of(ArrowType.INT32, ArrowType.UTF8), 4, 4)));
        assertFalse(a.isCompatible(RowTableMetadata.of(ArrowType.INT32)));
    }
}
