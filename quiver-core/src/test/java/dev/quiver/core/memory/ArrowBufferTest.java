// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.memory;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class ArrowBufferTest {

    @Test
    void readsAndWritesEveryWidthLittleEndian() {
        ArrowBuffer buffer = BufferAllocator.managed().allocate(64);
        buffer.setShort(1, (short) 0x0102);
        assertEquals(0x02, buffer.getByte(1));
        assertEquals(0x01, buffer.getByte(2));
        buffer.setInt(3, 0x01020304);
        assertEquals(0x04, buffer.getByte(3));
        assertEquals(0x01020304, buffer.getInt(3));
        buffer.setLong(9, -2L);
        assertEquals(-2L, buffer.getLong(9));
        assertEquals((byte) 0xFE, buffer.getByte(9));
        buffer.setFloat(20, 1.5f);
        assertEquals(1.5f, buffer.getFloat(20));
        buffer.setDouble(30, -0.25);
        assertEquals(-0.25, buffer.getDouble(30));
        assertEquals(0x3FC00000, buffer.getInt(20), "IEEE 754 bits of 1.5f");
    }

    @Test
    void halfFloatsAreRawSixteenBits() {
        short bits = HalfFloat.fromFloat(1.5f);
        assertEquals((short) 0x3E00, bits);
        assertEquals(1.5f, HalfFloat.toFloat(bits));
        ArrowBuffer buffer = ArrowBuffer.wrap(new byte[2]);
        buffer.setShort(0, bits);
        assertArrayEquals(new byte[] {0x00, 0x3E}, buffer.toByteArray());
    }

    @Test
    void decimalWidthsRoundTripTwosComplement() {
        ArrowBuffer buffer = ArrowBuffer.wrap(new byte[64]);
        BigInteger big = BigInteger.TWO.pow(200).negate().add(BigInteger.valueOf(12345));
        buffer.setBigInteger(0, 32, big);
        assertEquals(big, buffer.getBigInteger(0, 32));
        buffer.setBigInteger(32, 16, BigInteger.valueOf(-1));
        for (int i = 32; i < 48; i++) {
            assertEquals((byte) 0xFF, buffer.getByte(i));
        }
        assertEquals(BigInteger.valueOf(-1), buffer.getBigInteger(32, 16));
        buffer.setBigInteger(48, 4, BigInteger.valueOf(-123456789));
        assertEquals(-123456789, buffer.getInt(48));
        buffer.setBigInteger(52, 8, BigInteger.valueOf(Long.MIN_VALUE));
        assertEquals(BigInteger.valueOf(Long.MIN_VALUE), buffer.getBigInteger(52, 8));
        assertThrows(ArithmeticException.class, () -> buffer.setBigInteger(0, 4, BigInteger.TWO.pow(31)));
    }

    @Test
    void wrapsWithoutCopying() {
        byte[] bytes = new byte[8];
        ArrowBuffer fromArray = ArrowBuffer.wrap(bytes);
        fromArray.setInt(0, 7);
        assertEquals(7, bytes[0]);

        ByteBuffer direct = ByteBuffer.allocateDirect(16);
        ArrowBuffer fromByteBuffer = ArrowBuffer.wrap(direct);
        fromByteBuffer.setByte(3, (byte) 9);
        assertEquals(9, direct.get(3));

        try (Arena arena = Arena.ofConfined()) {
            MemorySegment segment = arena.allocate(32);
            ArrowBuffer fromSegment = ArrowBuffer.wrap(segment);
            fromSegment.setLong(8, 99);
            assertEquals(99, segment.get(LittleEndian.LONG, 8));
        }
    }

    @Test
    void slicesShareMemoryAndReadOnlyViewsRefuseWrites() {
        ArrowBuffer buffer = ArrowBuffer.wrap(new byte[16]);
        ArrowBuffer slice = buffer.slice(4, 8);
        slice.setInt(0, 0x11223344);
        assertEquals(0x11223344, buffer.getInt(4));
        assertEquals(8, slice.byteSize());
        assertThrows(IndexOutOfBoundsException.class, () -> slice.getInt(6));
        ArrowBuffer readOnly = buffer.asReadOnly();
        assertTrue(readOnly.isReadOnly());
        assertEquals(0x11223344, readOnly.getInt(4));
        assertThrows(IllegalArgumentException.class, () -> readOnly.setInt(0, 1), "the FFM API refuses writes to read-only segments");
    }

    @Test
    void bulkCopy() {
        ArrowBuffer src = ArrowBuffer.wrap(new byte[] {1, 2, 3, 4, 5});
        ArrowBuffer dst = ArrowBuffer.wrap(new byte[5]);
        dst.copyFrom(src, 1, 2, 3);
        assertArrayEquals(new byte[] {0, 0, 2, 3, 4}, dst.toByteArray());
    }
}
