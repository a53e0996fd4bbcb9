// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.memory;

import java.lang.foreign.MemorySegment;
import java.math.BigInteger;

/** Two's complement little-endian integers of 4 to 32 bytes, as decimals store their unscaled values. */
public final class WideIntegers {
    private WideIntegers() {
    }

    public static BigInteger read(MemorySegment segment, long offset, int byteWidth) {
        if (byteWidth == 4) {
            return BigInteger.valueOf(segment.get(LE.INT, offset));
        }
        if (byteWidth == 8) {
            return BigInteger.valueOf(segment.get(LE.LONG, offset));
        }
        byte[] bigEndian = new byte[byteWidth];
        for (int i = 0; i < byteWidth; i++) {
            bigEndian[byteWidth - 1 - i] = segment.get(LE.BYTE, offset + i);
        }
        return new BigInteger(bigEndian);
    }

    public static void write(MemorySegment segment, long offset, int byteWidth, BigInteger value) {
        if (value.bitLength() > byteWidth * 8 - 1) {
            throw new ArithmeticException(value + " does not fit in " + byteWidth * 8 + " bits");
        }
        byte[] bigEndian = value.toByteArray();
        byte fill = (byte) (value.signum() < 0 ? 0xFF : 0);
        for (int i = 0; i < byteWidth; i++) {
            int src = bigEndian.length - 1 - i;
            segment.set(LE.BYTE, offset + i, src >= 0 ? bigEndian[src] : fill);
        }
    }
}
