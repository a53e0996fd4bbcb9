// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.thrift;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.parquet.ParquetException;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ThriftReaderTest {
    @Test
    void valuesRoundTripThroughTheWriter() {
        ThriftWriter out = new ThriftWriter();
        out.beginStruct();
        out.i32Field(1, -5);
        out.i64Field(2, Long.MIN_VALUE);
        out.boolField(3, true);
        out.boolField(20, false); // delta past 15: long form of the field header
        out.stringField(21, "héllo");
        out.doubleField(22, 2.5);
        out.listField(23, ThriftType.I64, 20);
        for (int i = 0; i < 20; i++) {
            out.i64(i * 1_000_000_000L);
        }
        out.listField(24, ThriftType.TRUE, 2);
        out.bool(true);
        out.bool(false);
        out.structField(25);
        out.i16Field(1, -300);
        out.endStruct();
        out.byteField(26, -7);
        out.endStruct();

        ThriftReader in = new ThriftReader(out.toByteArray(), "test");
        in.beginStruct("T");
        assertEquals(ThriftType.I32, in.readFieldHeader());
        assertEquals(1, in.fieldId());
        assertEquals(-5, in.readI32());
        assertEquals(ThriftType.I64, in.readFieldHeader());
        assertEquals(Long.MIN_VALUE, in.readI64());
        assertEquals(ThriftType.TRUE, in.readFieldHeader());
        assertTrue(in.readBool());
        assertEquals(ThriftType.TRUE, in.readFieldHeader());
        assertEquals(20, in.fieldId());
        assertFalse(in.readBool());
        in.readFieldHeader();
        assertEquals("héllo", in.readString());
        in.readFieldHeader();
        assertEquals(2.5, in.readDouble());
        int t = in.readFieldHeader();
        long[] longs = in.readI64List(t);
        assertEquals(20, longs.length);
        assertEquals(19_000_000_000L, longs[19]);
        t = in.readFieldHeader();
        assertArrayEquals(new boolean[] {true, false}, in.readBoolList(t));
        assertEquals(ThriftType.STRUCT, in.readFieldHeader());
        in.beginStruct("Inner");
        in.readFieldHeader();
        assertEquals(-300, in.readI16());
        assertEquals(ThriftType.STOP, in.readFieldHeader());
        in.endStruct();
        in.readFieldHeader();
        assertEquals(26, in.fieldId());
        assertEquals(-7, in.readByte());
        assertEquals(ThriftType.STOP, in.readFieldHeader());
        in.endStruct();
        assertEquals(0, in.remaining());
    }

    @Test
    void everyTruncationEndsInParquetExceptionNamingTheStruct() {
        ThriftWriter out = new ThriftWriter();
        out.beginStruct();
        out.stringField(1, "abc");
        out.listField(2, ThriftType.BINARY, 2);
        out.string("x");
        out.string("yz");
        out.i64Field(3, 123456789012L);
        out.endStruct();
        byte[] all = out.toByteArray();
        for (int n = 0; n < all.length; n++) {
            ThriftReader in = new ThriftReader(Arrays.copyOf(all, n), "cut");
            ParquetException e = assertThrows(ParquetException.class, () -> skipStruct(in));
            assertTrue(e.getMessage().startsWith("cut: "), e.getMessage());
        }
        skipStruct(new ThriftReader(all, "whole"));
    }

    @Test
    void skippingFromAnArrayWalksAsFarAsFromASegmentAndFailsAlike() {
        // every type, nested: booleans in headers and in a list, a field id too far for a delta, a map
        ThriftWriter out = new ThriftWriter();
        out.beginStruct();
        out.boolField(1, true);
        out.byteField(2, -5);
        out.i16Field(40, -300);
        out.i32Field(41, 70_000);
        out.i64Field(42, Long.MIN_VALUE);
        out.doubleField(43, 2.5);
        out.stringField(44, "héllo");
        out.listField(45, ThriftType.TRUE, 3);
        out.bool(true);
        out.bool(false);
        out.bool(true);
        out.listField(46, ThriftType.STRUCT, 20);
        for (int i = 0; i < 20; i++) {
            out.beginStruct();
            out.i64Field(1, i * 1_000_003L);
            out.boolField(2, i % 2 == 0);
            out.listField(3, ThriftType.BINARY, 2);
            out.string("x" + i);
            out.string("");
            out.endStruct();
        }
        out.structField(47);
        out.emptyStructField(1);
        out.endStruct();
        out.fieldHeader(ThriftType.MAP, 48);
        out.i32(0); // placeholder replaced below: a map is written by hand
        out.endStruct();
        byte[] written = out.toByteArray();
        // the map: 2 entries of i32 -> binary (header 0x58), then the struct's stop
        int mapAt = written.length - 2;
        byte[] map = {0x02, 0x58, 0x02, 0x01, 'a', 0x04, 0x02, 'b', 'c', 0x00};
        byte[] all = Arrays.copyOf(written, mapAt + map.length);
        System.arraycopy(map, 0, all, mapAt, map.length);
        ThriftReader fromArray = new ThriftReader(all, "s");
        skipStruct(fromArray);
        ThriftReader fromSegment = new ThriftReader(java.lang.foreign.MemorySegment.ofArray(all.clone()), 0, all.length, "s");
        skipStruct(fromSegment);
        assertEquals(all.length, fromArray.bytesRead());
        assertEquals(all.length, fromSegment.bytesRead());
        for (int n = 0; n < all.length; n++) {
            byte[] cut = Arrays.copyOf(all, n);
            assertThrows(ParquetException.class, () -> skipStruct(new ThriftReader(cut, "cut")), "cut at " + n);
            assertThrows(ParquetException.class, () -> skipStruct(new ThriftReader(
                    java.lang.foreign.MemorySegment.ofArray(cut), 0, cut.length, "cut")), "cut at " + n);
        }
        // a bad boolean byte in a list is refused both ways
        ThriftWriter bad = new ThriftWriter();
        bad.beginStruct();
        bad.listField(1, ThriftType.TRUE, 1);
        bad.bool(true);
        bad.endStruct();
        byte[] badBytes = bad.toByteArray();
        badBytes[2] = 7;
        assertThrows(ParquetException.class, () -> skipStruct(new ThriftReader(badBytes, "bad")));
        assertThrows(ParquetException.class, () -> skipStruct(new ThriftReader(
                java.lang.foreign.MemorySegment.ofArray(badBytes), 0, badBytes.length, "bad")));
    }

    private static void skipStruct(ThriftReader in) {
        in.beginStruct("S");
        for (int t; (t = in.readFieldHeader()) != ThriftType.STOP; ) {
            in.skip(t);
        }
        in.endStruct();
    }

    @Test
    void declaredLengthsPastTheBytesLeftAreRefusedBeforeAllocating() {
        // a binary of 2^31-1 bytes declared in a 6-byte input
        byte[] binary = {0x18, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x07};
        ThriftReader in = new ThriftReader(binary, "huge");
        in.beginStruct("S");
        in.readFieldHeader();
        ParquetException e = assertThrows(ParquetException.class, in::readBinary);
        assertTrue(e.getMessage().contains("binary of 2147483647 bytes"), e.getMessage());
        assertTrue(e.getMessage().contains("S.field 1"), e.getMessage());
        // a list of 2^31-1 structs
        byte[] list = {0x19, (byte) 0xFC, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x07};
        ThriftReader lin = new ThriftReader(list, "huge");
        lin.beginStruct("S");
        int t = lin.readFieldHeader();
        assertThrows(ParquetException.class, () -> lin.readStructList(t, r -> List.of()));
    }

    @Test
    void nestingIsLimited() {
        byte[] deep = new byte[10_000];
        Arrays.fill(deep, (byte) 0x1C); // struct field, delta 1, over and over
        ThriftReader in = new ThriftReader(deep, "deep");
        ParquetException e = assertThrows(ParquetException.class, () -> skipStruct(in));
        assertTrue(e.getMessage().contains("nested deeper than"), e.getMessage());
    }

    @Test
    void varintsLongerThanTheirTypeAreRefused() {
        byte[] tooLong = {0x15, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x01};
        ThriftReader in = new ThriftReader(tooLong, "varint");
        in.beginStruct("S");
        in.readFieldHeader();
        assertThrows(ParquetException.class, in::readI32);
    }

    @Test
    void unknownFieldTypesAreRefused() {
        ThriftReader in = new ThriftReader(new byte[] {0x1D}, "type");
        in.beginStruct("S");
        ParquetException e = assertThrows(ParquetException.class, in::readFieldHeader);
        assertTrue(e.getMessage().contains("unknown field type 13"), e.getMessage());
    }
}
