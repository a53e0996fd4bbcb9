// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.memory;

import java.lang.foreign.MemorySegment;
import java.math.BigInteger;

/** Two's complement little-endian integers of 4 to 32 bytes, as decimals store their unscaled values. */
public final class WideIntegers {
    private WideIntegers() {
    }

    /**
     * Reads a two's complement little-endian integer.
     *
     * @param segment the memory
     * @param offset the byte offset of the integer
     * @param byteWidth the width in bytes, 1 or more (4, 8, 16 and 32 for the decimal types)
     * @return the value
     * @throws IndexOutOfBoundsException if the integer's bytes are not all within the segment
     */
    public static BigInteger read(MemorySegment segment, long offset, int byteWidth) {
        if (byteWidth == 4) {
            return BigInteger.valueOf(segment.get(LittleEndian.INT, offset));
        }
        if (byteWidth == 8) {
            return BigInteger.valueOf(segment.get(LittleEndian.LONG, offset));
        }
        byte[] bigEndian = new byte[byteWidth];
        for (int i = 0; i < byteWidth; i++) {
            bigEndian[byteWidth - 1 - i] = segment.get(LittleEndian.BYTE, offset + i);
        }
        return new BigInteger(bigEndian);
    }

    /**
     * Writes a two's complement little-endian integer, sign-extended to its width.
     *
     * @param segment the memory
     * @param offset the byte offset of the integer
     * @param byteWidth the width in bytes, 1 or more (4, 8, 16 and 32 for the decimal types)
     * @param value the value
     * @throws ArithmeticException if {@code value} does not fit in {@code byteWidth} bytes; nothing is
     *     written then
     * @throws IndexOutOfBoundsException if the integer's bytes are not all within the segment
     * @throws UnsupportedOperationException if the segment is read-only
     */
    public static void write(MemorySegment segment, long offset, int byteWidth, BigInteger value) {
        if (value.bitLength() > byteWidth * 8 - 1) {
            throw new ArithmeticException(value + " does not fit in " + byteWidth * 8 + " bits");
        }
        byte[] bigEndian = value.toByteArray();
        byte fill = (byte) (value.signum() < 0 ? 0xFF : 0);
        for (int i = 0; i < byteWidth; i++) {
            int src = bigEndian.length - 1 - i;
            segment.set(LittleEndian.BYTE, offset + i, src >= 0 ? bigEndian[src] : fill);
        }
    }
}
