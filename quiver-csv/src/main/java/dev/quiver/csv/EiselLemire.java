// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

import java.math.BigInteger;

/**
 * The Eisel-Lemire algorithm (D. Lemire, "Number Parsing at a Gigabyte per Second", 2021): the double
 * nearest to {@code significand * 10^power} from one 64 x 64-bit product with a 64-bit approximation of
 * the power of ten, computed here once from exact integers. Conservative: whenever that approximation
 * could decide the rounding wrongly (a near-tie, subnormal or overflowing results), it gives up and the
 * caller falls back to the JDK's exact parser.
 */
final class EiselLemire {
    private static final int SMALLEST_POWER = -342;
    private static final int LARGEST_POWER = 308;
    /** For each power q, the first 64 bits of 5^q (for q < 0, of 1/5^-q), truncated. */
    private static final long[] MANTISSAS = new long[LARGEST_POWER - SMALLEST_POWER + 1];

    static {
        for (int q = SMALLEST_POWER; q <= LARGEST_POWER; q++) {
            BigInteger value;
            if (q >= 0) {
                value = BigInteger.valueOf(5).pow(q);
            } else {
                BigInteger divisor = BigInteger.valueOf(5).pow(-q);
                value = BigInteger.ONE.shiftLeft(divisor.bitLength() + 127).divide(divisor);
            }
            int shift = value.bitLength() - 64;
            MANTISSAS[q - SMALLEST_POWER] = (shift >= 0 ? value.shiftRight(shift) : value.shiftLeft(-shift))
                    .longValue();
        }
    }

    private EiselLemire() {
    }

    /**
     * The double nearest to {@code significand * 10^power}, or NaN when this path cannot tell for sure.
     *
     * @param significand the decimal digits as an integer, 1 to 10^18
     * @param power the power of ten
     */
    static double toDouble(boolean negative, long significand, int power) {
        if (power < SMALLEST_POWER || power > LARGEST_POWER || significand <= 0) {
            return Double.NaN;
        }
        long factor = MANTISSAS[power - SMALLEST_POWER];
        int lz = Long.numberOfLeadingZeros(significand);
        long shifted = significand << lz;
        long upper = Math.unsignedMultiplyHigh(shifted, factor);
        if ((upper & 0x1FF) == 0x1FF) {
            return Double.NaN;
        }
        long upperBit = upper >>> 63;
        long mantissa = upper >>> (upperBit + 9);
        if ((upper & 0x1FF) == 0 && (mantissa & 3) == 1) {
            return Double.NaN;
        }
        long exponent = (((152_170L + 65_536L) * power) >> 16) + 63 + upperBit - lz + 1023;
        mantissa = (mantissa + 1) >>> 1;
        if (mantissa >= 1L << 53) {
            mantissa = 1L << 52;
            exponent++;
        }
        if (exponent < 1 || exponent > 2046) {
            return Double.NaN;
        }
        long bits = (mantissa & ~(1L << 52)) | exponent << 52 | (negative ? 1L << 63 : 0);
        return Double.longBitsToDouble(bits);
    }
}
