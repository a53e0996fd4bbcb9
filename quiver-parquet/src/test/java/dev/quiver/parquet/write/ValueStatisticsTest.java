// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.quiver.core.memory.LittleEndian;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ValueStatisticsTest {
    private static PageValues ints(int... v) {
        PageValues p = new PageValues();
        for (int x : v) {
            p.bytes.writeIntLE(x);
        }
        p.count = v.length;
        return p;
    }

    private static PageValues doubles(double... v) {
        PageValues p = new PageValues();
        for (double x : v) {
            p.bytes.writeLongLE(Double.doubleToRawLongBits(x));
        }
        p.count = v.length;
        return p;
    }

    private static PageValues strings(String... v) {
        PageValues p = new PageValues();
        for (String x : v) {
            byte[] b = x.getBytes(StandardCharsets.UTF_8);
            p.bytes.write(b, 0, b.length);
            p.endByteArray();
        }
        return p;
    }

    private static int int32(byte[] b) {
        return MemorySegment.ofArray(b).get(LittleEndian.INT, 0);
    }

    private static double float64(byte[] b) {
        return MemorySegment.ofArray(b).get(LittleEndian.DOUBLE, 0);
    }

    @Test
    void unsignedIntegersCompareUnsigned() {
        ValueStatistics signed = new ValueStatistics(SortOrder.SIGNED_INT32);
        signed.add(ints(-1, 5, 3), 0);
        assertEquals(-1, int32(signed.min()));
        assertEquals(5, int32(signed.max()));
        ValueStatistics unsigned = new ValueStatistics(SortOrder.UNSIGNED_INT32);
        unsigned.add(ints(-1, 5, 3), 0);
        assertEquals(3, int32(unsigned.min()));
        assertEquals(-1, int32(unsigned.max()));
    }

    @Test
    void nanIsIgnoredAndZerosAreSigned() {
        // parquet.thrift ColumnOrder: NaN never a bound; a zero min is -0.0, a zero max +0.0
        ValueStatistics s = new ValueStatistics(SortOrder.DOUBLE);
        s.add(doubles(Double.NaN, 0.0, -0.0), 0);
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(float64(s.min())));
        assertEquals(Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(float64(s.max())));
        assertEquals(1, s.nanCount());
        ValueStatistics allNaN = new ValueStatistics(SortOrder.DOUBLE);
        allNaN.add(doubles(Double.NaN), 0);
        assertNull(allNaN.min());
        assertNull(allNaN.max());
        s.merge(allNaN);
        assertEquals(2, s.nanCount());
    }

    @Test
    void stringsCompareAsUnsignedBytes() {
        ValueStatistics s = new ValueStatistics(SortOrder.UNSIGNED_BYTES);
        s.add(strings("b", "é", "a", "ab"), 0);
        assertArrayEquals("a".getBytes(StandardCharsets.UTF_8), s.min());
        assertArrayEquals("é".getBytes(StandardCharsets.UTF_8), s.max());
    }

    @Test
    void decimalsCompareAsSignedBigEndian() {
        PageValues p = new PageValues();
        p.bytes.write(new byte[] {(byte) 0xFF, (byte) 0x00, 0x00, 0x01, 0x7F, 0x00}, 0, 6);
        p.count = 3;
        ValueStatistics s = new ValueStatistics(SortOrder.SIGNED_BYTES);
        s.add(p, 2);
        assertArrayEquals(new byte[] {(byte) 0xFF, 0}, s.min());
        assertArrayEquals(new byte[] {0x7F, 0}, s.max());
    }

    @Test
    void truncatedBoundsStillBound() {
        byte[] v = "abcdef".getBytes(StandardCharsets.US_ASCII);
        assertArrayEquals("abc".getBytes(StandardCharsets.US_ASCII), ValueStatistics.truncate(v, 3, false));
        assertArrayEquals("abd".getBytes(StandardCharsets.US_ASCII), ValueStatistics.truncate(v, 3, true));
        byte[] accent = "aéé".getBytes(StandardCharsets.UTF_8);
        assertArrayEquals("a".getBytes(StandardCharsets.UTF_8), ValueStatistics.truncate(accent, 2, false));
        assertArrayEquals("b".getBytes(StandardCharsets.UTF_8), ValueStatistics.truncate(accent, 2, true));
    }
}
