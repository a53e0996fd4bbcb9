// SPDX-License-Identifier: Apache-2.0
package dev.quiver.row;

import static dev.quiver.row.Cols.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The worked examples and test vectors of row-table.md §9, byte for byte. */
class RowTableSpecVectorsTest {

    private static RowTable encode(List<ArrayData> columns, int rowAlignment, int stringAlignment) {
        List<ArrowType> types = columns.stream().map(ArrayData::type).toList();
        RowTableMetadata md = RowTableMetadata.of(types, rowAlignment, stringAlignment);
        RowTable table = new RowTable(md);
        new RowTableEncoder(md).encode(columns, table);
        return table;
    }

    private static RowTable encode(List<ArrayData> columns) {
        return encode(columns, 8, 8);
    }

    private static void assertBytes(String expected, MemorySegment actual) {
        assertEquals(hex(MemorySegment.ofArray(Cols.hex(expected))), hex(actual));
    }

    private static void assertOffsets(RowTable table, long... expected) {
        MemorySegment offsets = table.fixedLengthBuffer();
        assertEquals(expected.length * 8L, offsets.byteSize());
        long[] actual = new long[expected.length];
        for (int i = 0; i < expected.length; i++) {
            actual[i] = offsets.get(LittleEndian.LONG, i * 8L);
        }
        assertArrayEquals(expected, actual);
    }

    private static List<ArrayData> seed1() {
        return List.of(Cols.int32(7, 8, 9), Cols.bool(false, true, false));
    }

    @Test
    void seedExample1Int32AndBool() {
        RowTable table = encode(seed1());
        assertBytes("07 00 00 00 | 00 | 00 00 00"
                + "08 00 00 00 | ff | 00 00 00"
                + "09 00 00 00 | 00 | 00 00 00", table.fixedLengthBuffer());
        assertBytes("00 00 00", table.nullMaskBuffer());
        assertEquals(0, table.varLengthBuffer().byteSize());
        assertEquals(3, table.length());
    }

    @Test
    void seedExample1WithOtherAlignments() {
        assertBytes("07000000 00 000000 08000000 ff 000000 09000000 00 000000",
                encode(seed1(), 4, 4).fixedLengthBuffer());
        assertBytes("07000000 00 08000000 ff 09000000 00", encode(seed1(), 1, 1).fixedLengthBuffer());
    }

    private static List<ArrayData> seed2() {
        return List.of(Cols.int32(7, 8, 9), Cols.utf8("Alice", "Bob", "Charlotte"), Cols.utf8("x", "y", "z"),
                Cols.int32(0, 1, 2));
    }

    private static final String SEED2_DATA =
            "07 00 00 00  00 00 00 00  15 00 00 00  19 00 00 00  41 6c 69 63 65 00 00 00  78 00 00 00 00 00 00 00"
            + "08 00 00 00  01 00 00 00  13 00 00 00  19 00 00 00  42 6f 62 00 00 00 00 00  79 00 00 00 00 00 00 00"
            + "09 00 00 00  02 00 00 00  19 00 00 00  21 00 00 00  43 68 61 72 6c 6f 74 74 65 00 00 00 00 00 00 00"
            + "7a 00 00 00 00 00 00 00";

    @Test
    void seedExample2TwoStringsBetweenInts() {
        RowTable table = encode(seed2());
        assertOffsets(table, 0, 32, 64, 104);
        assertBytes("00 00 00 00 00 00 00 00  20 00 00 00 00 00 00 00  40 00 00 00 00 00 00 00"
                + "68 00 00 00 00 00 00 00", table.fixedLengthBuffer());
        assertBytes(SEED2_DATA, table.varLengthBuffer());
        assertBytes("00 00 00", table.nullMaskBuffer());
        assertEquals(21, table.varValueEnd(0, 0));
        assertEquals(24, table.varValueStart(0, 1));
        assertEquals(33, table.varValueEnd(2, 1));
    }

    @Test
    void seedExample2AppendedTwiceContinuesTheOffsets() {
        RowTable source = encode(seed2());
        RowTable target = new RowTable(source.metadata());
        target.appendFrom(source);
        target.appendFrom(source, new int[] {2, 0}, 2);
        assertOffsets(target, 0, 32, 64, 104, 144, 176);
        MemorySegment data = target.varLengthBuffer();
        assertBytes(SEED2_DATA, data.asSlice(0, 104));
        assertEquals(hex(source.row(2)), hex(data.asSlice(104, 40)));
        assertEquals(hex(source.row(0)), hex(data.asSlice(144, 32)));
        assertBytes("00 00 00 00 00", target.nullMaskBuffer());
    }

    private static List<ArrayData> extraExample() {
        return List.of(
                Cols.fsb(3, "abc", null, "xyz"),
                Cols.utf8Raw(new boolean[] {true, true, false}, new int[] {0, 5, 5, 8}, "hellozzz"),
                Cols.ints(ArrowType.INT16, 258L, -2L, null),
                Cols.bool(true, false, null),
                Cols.int64(1L, null, 3L));
    }

    @Test
    void extraExampleNullsNonPowerOfTwoAndEndArrayMidRow() {
        RowTable table = encode(extraExample());
        assertOffsets(table, 0, 32, 56, 80);
        assertBytes("01 00 00 00 00 00 00 00 | 1d 00 00 00 | 02 01 | ff | 00 | 61 62 63 | 00 00 00 00 00"
                + "| 68 65 6c 6c 6f | 00 00 00"
                + "ae ae ae ae ae ae ae ae | 18 00 00 00 | fe ff | 00 | 00 | ae ae ae | 00 00 00 00 00"
                + "03 00 00 00 00 00 00 00 | 18 00 00 00 | ae ae | ae | 00 | 78 79 7a | 00 00 00 00 00",
                table.varLengthBuffer());
        assertBytes("00 11 0e", table.nullMaskBuffer());
        assertTrue(table.isNull(1, 4));
        assertTrue(table.isNull(1, 0));
        assertFalse(table.isNull(1, 1));
        assertTrue(table.isNull(2, 1));
    }

    @Test
    void extraExampleWithFourByteAlignment() {
        RowTable table = encode(extraExample(), 4, 4);
        assertOffsets(table, 0, 28, 48, 68);
        assertBytes("01 00 00 00 00 00 00 00 | 19 00 00 00 | 02 01 | ff | 00 | 61 62 63 | 00 | 68 65 6c 6c 6f | 00 00 00"
                + "ae ae ae ae ae ae ae ae | 14 00 00 00 | fe ff | 00 | 00 | ae ae ae | 00"
                + "03 00 00 00 00 00 00 00 | 14 00 00 00 | ae ae | ae | 00 | 78 79 7a | 00",
                table.varLengthBuffer());
        assertBytes("00 11 0e", table.nullMaskBuffer());
    }

    @Test
    void extraExampleDecodes() {
        RowTable table = encode(extraExample());
        List<ArrayData> decoded = new RowDecoder().decode(table);
        assertEquals(Array.ofUnchecked(extraExample().get(0)), Array.ofUnchecked(decoded.get(0)));
        assertEquals(Cols.of(ArrowType.UTF8, "hello", "", null), Array.ofUnchecked(decoded.get(1)));
        assertBytes("00000000 05000000 05000000 05000000", decoded.get(1).buffer(1).segment());
        assertBytes("68656c6c6f", decoded.get(1).buffer(2).segment());
        assertEquals(Cols.of(ArrowType.INT16, 258, -2, null), Array.ofUnchecked(decoded.get(2)));
        assertEquals(Cols.of(ArrowType.BOOL, true, false, null), Array.ofUnchecked(decoded.get(3)));
        assertEquals(0b001, decoded.get(3).buffer(1).getByte(0));
        assertEquals(Cols.of(ArrowType.INT64, 1L, null, 3L), Array.ofUnchecked(decoded.get(4)));
        for (int i = 0; i < 5; i++) {
            Array.ofUnchecked(decoded.get(i)).validateFull();
        }
        assertEquals(0b101, decoded.get(0).buffer(0).getByte(0));
        assertEquals(0b011, decoded.get(1).buffer(0).getByte(0));
        assertEquals(0b011, decoded.get(2).buffer(0).getByte(0));
        assertEquals(0b011, decoded.get(3).buffer(0).getByte(0));
        assertEquals(0b101, decoded.get(4).buffer(0).getByte(0));
        assertBytes("ae ae ae ae ae ae ae ae", decoded.get(4).buffer(1).segment().asSlice(8, 8));
        assertBytes("ae ae ae", decoded.get(0).buffer(1).segment().asSlice(3, 3));
        int mismatches = new RowComparator(table.metadata()).compareColumnsToRows(extraExample(), null, 3, table,
                new long[] {0, 1, 2}, new int[3]);
        assertEquals(0, mismatches);
    }

    @Test
    void vector1NullTypeColumnTakesAReservedByte() {
        RowTable table = encode(List.of(Cols.nulls(2), Cols.int32(5, null)));
        assertArrayEquals(new int[] {1, 0}, table.metadata().columnOrder());
        assertBytes("05 00 00 00 00 00 00 00  ae ae ae ae 00 00 00 00", table.fixedLengthBuffer());
        assertBytes("00 01", table.nullMaskBuffer());
        assertFalse(RowComparator.rowsEqual(table, 0, table, 1));
        int[] mismatches = new int[1];
        assertEquals(1, new RowComparator(table.metadata()).compareColumnsToRows(
                List.of(Cols.nulls(2), Cols.int32(5, null)), new int[] {0}, 1, table, new long[] {1}, mismatches));
        List<ArrayData> decoded = new RowDecoder().decode(table);
        assertEquals(Cols.of(ArrowType.NULL, null, null), Array.ofUnchecked(decoded.get(0)));
        assertEquals(2, decoded.get(0).nullCount());
        assertEquals(Cols.of(ArrowType.INT32, 5, null), Array.ofUnchecked(decoded.get(1)));
    }

    @Test
    void vector2OrderingStress() {
        byte[] decimal = Cols.hex("0102030405060708090a0b0c0d0e0f10");
        List<ArrayData> columns = List.of(
                Cols.fsb(24, "ABCDEFGHIJKLMNOPQRSTUVWX"),
                Cols.ints(ArrowType.INT8, 5L),
                Cols.fixed(new ArrowType.Decimal(30, 2), 16, decimal),
                Cols.utf8("q"),
                Cols.bool(true),
                Cols.int32(-1),
                Cols.fsb(5, "hello"),
                Cols.int64(0x1122334455667788L));
        RowTable table = encode(columns);
        assertEquals(28, table.metadata().varbinaryEndArrayOffset());
        assertOffsets(table, 0, 80);
        assertEquals(73, table.varValueEnd(0, 0));
        assertBytes("0102030405060708090a0b0c0d0e0f10 | 8877665544332211 | ffffffff | 49000000 | 05 | ff"
                + "| 000000000000 | 4142434445464748494a4b4c4d4e4f505152535455565758 | 68656c6c6f | 000000"
                + "| 71 | 00000000000000", table.varLengthBuffer());
    }

    @Test
    void vector3NineNullInt32sTakeTwoMaskBytes() {
        List<ArrayData> columns = new ArrayList<>(Collections.nCopies(9, Cols.int32((Integer) null)));
        RowTable table = encode(columns);
        assertEquals(2, table.metadata().nullMaskBytesPerRow());
        assertBytes("ff 01", table.nullMaskBuffer());
        assertBytes("ae".repeat(36) + "00 00 00 00", table.fixedLengthBuffer());
    }

    @Test
    void vector4SeventeenBoolsTakeFourMaskBytes() {
        List<ArrayData> columns = new ArrayList<>(Collections.nCopies(17, Cols.bool(true)));
        RowTable table = encode(columns);
        assertEquals(4, table.metadata().nullMaskBytesPerRow());
        assertBytes("00 00 00 00", table.nullMaskBuffer());
        assertBytes("ff".repeat(17) + "00".repeat(7), table.fixedLengthBuffer());
    }

    @Test
    void vector5BoolInt8NullUint8() {
        RowTable table = encode(List.of(Cols.bool(true, null), Cols.ints(ArrowType.INT8, -1L, 2L), Cols.nulls(2),
                Cols.ints(ArrowType.UINT8, null, 9L)));
        assertArrayEquals(new int[] {1, 3, 0, 2}, table.metadata().columnOrder());
        assertBytes("ff ae ff 00 00 00 00 00  02 09 ae 00 00 00 00 00", table.fixedLengthBuffer());
        assertBytes("02 04", table.nullMaskBuffer());
    }

    @Test
    void vector6SlicedInputs() {
        List<ArrayData> columns = List.of(
                Cols.int32(1, 2, 3, 4, 5, 6).slice(3, 3),
                Cols.utf8("a", "bb", "ccc", "dddd", "eeeee", "f").slice(3, 3),
                Cols.bool(true, true, true, false, true, null).slice(3, 3));
        RowTable table = encode(columns);
        assertEquals(4, table.metadata().varbinaryEndArrayOffset());
        assertEquals(8, table.metadata().encodedFieldOffset(2));
        assertEquals(16, table.metadata().fixedLength());
        assertOffsets(table, 0, 24, 48, 72);
        assertBytes("04000000 14000000 00 00000000000000 64646464 00000000"
                + "05000000 15000000 ff 00000000000000 6565656565 000000"
                + "06000000 11000000 ae 00000000000000 66 00000000000000", table.varLengthBuffer());
        assertBytes("00 00 04", table.nullMaskBuffer());
    }

    @Test
    void vector7VarColumnsOnly() {
        RowTable table = encode(List.of(Cols.utf8("", "abcdefghi"), Cols.utf8("", "")));
        assertOffsets(table, 0, 8, 32);
        assertBytes("08000000 08000000  11000000 18000000 616263646566676869 00000000000000",
                table.varLengthBuffer());
        assertEquals(24, table.varValueStart(1, 1));
        assertEquals(24, table.varValueEnd(1, 1));
    }
}
