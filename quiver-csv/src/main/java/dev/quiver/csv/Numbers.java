// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;

/**
 * Numbers parsed straight from the bytes of a field, without a String on the common path: integers,
 * floats (exact by Clinger's fast path when the digits and exponent are small, else by the JDK) and
 * decimals scaled to a column's scale.
 */
final class Numbers {
    private static final java.lang.invoke.VarHandle LONGS = java.lang.invoke.MethodHandles.byteArrayViewVarHandle(
            long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);
    private static final double[] POWERS_OF_TEN = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    private static final long[] LONG_POWERS = new long[19];
    private static final long MAX_EXACT = 1L << 53;

    static {
        LONG_POWERS[0] = 1;
        for (int i = 1; i < LONG_POWERS.length; i++) {
            LONG_POWERS[i] = LONG_POWERS[i - 1] * 10;
        }
    }

    private Numbers() {
    }

    static boolean isDigit(byte c) {
        return c >= '0' && c <= '9';
    }

    /**
     * A signed decimal integer ({@code [+-]digits}) in the range of a long.
     *
     * @throws BadValue if it is not one, or is out of range
     */
    static long parseLong(byte[] b, int s, int e, String type) {
        return parseLong(b, s, e, type, false);
    }

    /**
     * {@link #parseLong(byte[], int, int, String)}, and when {@code inferred} (the column's type was
     * inferred) refusing a leading zero, which would have made the first block's column text.
     *
     * @throws BadValue if it is not one, is out of range, or (inferred) has a leading zero
     */
    static long parseLong(byte[] b, int s, int e, String type, boolean inferred) {
        int i = s;
        boolean negative = false;
        if (i < e && (b[i] == '-' || b[i] == '+')) {
            negative = b[i] == '-';
            i++;
        }
        if (i == e) {
            throw new BadValue("is not " + type);
        }
        if (inferred && b[i] == '0' && e - i > 1) {
            throw ColumnParser.wouldChangeType("has a leading zero");
        }
        if (e - i <= 8 && e >= 8) {
            int value = lastDigits(b, e, e - i);
            if (value < 0) {
                throw new BadValue("is not " + type);
            }
            return negative ? -value : value;
        }
        if (e - i <= 18) {
            // Eighteen digits or fewer cannot overflow a long: no range check per digit.
            long result = 0;
            for (; i < e; i++) {
                int d = b[i] - '0';
                if (d < 0 || d > 9) {
                    throw new BadValue("is not " + type);
                }
                result = result * 10 + d;
            }
            return negative ? -result : result;
        }
        long limit = negative ? Long.MIN_VALUE : -Long.MAX_VALUE;
        long tenthOfLimit = limit / 10;
        long result = 0;
        for (; i < e; i++) {
            int d = b[i] - '0';
            if (d < 0 || d > 9) {
                throw new BadValue("is not " + type);
            }
            if (result < tenthOfLimit || result * 10 < limit + d) {
                throw new BadValue("is out of the range of " + type);
            }
            result = result * 10 - d;
        }
        return negative ? result : -result;
    }

    /**
     * An unsigned decimal integer up to 2^64 - 1, as the bits of a long.
     *
     * @throws BadValue if it is not one, or is out of range
     */
    static long parseUnsignedLong(byte[] b, int s, int e, String type) {
        int i = s;
        if (i < e && b[i] == '+') {
            i++;
        }
        if (i == e || e - i > 20) {
            throw new BadValue(i == e ? "is not " + type : "is out of the range of " + type);
        }
        for (int k = i; k < e; k++) {
            if (!isDigit(b[k])) {
                throw new BadValue("is not " + type);
            }
        }
        try {
            return Long.parseUnsignedLong(new String(b, i, e - i, StandardCharsets.ISO_8859_1));
        } catch (NumberFormatException outOfRange) {
            throw new BadValue("is out of the range of " + type);
        }
    }

    /**
     * A float: {@code [+-]digits[.digits][(e|E)[+-]digits]} (either side of the point may be empty, not
     * both), or {@code inf}, {@code Infinity}, {@code nan}, {@code NaN} with an optional sign.
     *
     * @throws BadValue if it is not one
     */
    static double parseDouble(byte[] b, int s, int e, String type) {
        return parseDouble(b, s, e, type, false);
    }

    /**
     * {@link #parseDouble(byte[], int, int, String)}, and when {@code inferred} (the column's type was
     * inferred) refusing what the first block would have read as another type: a leading zero (text), and
     * digits a float64 would round in a number without exponent (decimal128 or text): more than the 17
     * significant digits that print any float64 exactly (so text no float64 wrote), or an integer beyond
     * 2^53. {@link Inference} takes the same rule from here.
     *
     * @throws BadValue if it is not one, or (inferred) is read as another type by inference
     */
    static double parseDouble(byte[] b, int s, int e, String type, boolean inferred) {
        int i = s;
        boolean negative = false;
        if (i < e && (b[i] == '-' || b[i] == '+')) {
            negative = b[i] == '-';
            i++;
        }
        if (inferred && i + 1 < e && b[i] == '0' && isDigit(b[i + 1])) {
            throw ColumnParser.wouldChangeType("has a leading zero");
        }
        if (i < e && !isDigit(b[i]) && b[i] != '.') {
            double special = special(b, i, e);
            if (special == 0) {
                throw new BadValue("is not " + type);
            }
            return negative ? -special : special;
        }
        long mantissa = 0;
        int digits = 0;
        int dropped = 0;
        int scale = 0;
        boolean any = false;
        for (; i < e && isDigit(b[i]); i++) {
            any = true;
            if (digits < 18) {
                if (mantissa != 0 || b[i] != '0') {
                    mantissa = mantissa * 10 + (b[i] - '0');
                    digits++;
                }
            } else {
                dropped++;
            }
        }
        boolean point = i < e && b[i] == '.';
        if (point) {
            for (i++; i < e && isDigit(b[i]); i++) {
                if (mantissa != 0 && digits <= 10 && i + 8 <= e) {
                    int eight = eightDigits(b, i);
                    if (eight >= 0) {
                        mantissa = mantissa * 100_000_000 + eight;
                        digits += 8;
                        scale += 8;
                        i += 7;
                        continue;
                    }
                }
                any = true;
                if (digits < 18) {
                    if (mantissa != 0 || b[i] != '0') {
                        mantissa = mantissa * 10 + (b[i] - '0');
                        digits++;
                    }
                    scale++;
                } else if (b[i] != '0') {
                    dropped++;
                }
            }
        }
        if (!any) {
            throw new BadValue("is not " + type);
        }
        int exponent = 0;
        boolean plain = i == e;
        if (i < e && (b[i] == 'e' || b[i] == 'E')) {
            i++;
            boolean negativeExponent = false;
            if (i < e && (b[i] == '-' || b[i] == '+')) {
                negativeExponent = b[i] == '-';
                i++;
            }
            if (i == e) {
                throw new BadValue("is not " + type);
            }
            for (; i < e && isDigit(b[i]); i++) {
                if (exponent < 100_000) {
                    exponent = exponent * 10 + (b[i] - '0');
                }
            }
            if (negativeExponent) {
                exponent = -exponent;
            }
        }
        if (i != e) {
            throw new BadValue("is not " + type);
        }
        int power = exponent - scale;
        if (dropped == 0 && mantissa <= MAX_EXACT && power >= -22 && power <= 22) {
            // At most 16 significant digits, an integer within 2^53: never rounded, whatever inferred.
            double value = power >= 0 ? mantissa * POWERS_OF_TEN[power] : mantissa / POWERS_OF_TEN[-power];
            return negative ? -value : value;
        }
        // Significant digits are counted up to 18, and the non-zero ones beyond (dropped): over 17 with a
        // point, or an integer beyond 2^53 (an exact mantissa up to 18 digits), is what a float64 rounds.
        if (inferred && plain && (point ? digits + dropped > 17 : dropped > 0 || mantissa > MAX_EXACT)) {
            throw ColumnParser.wouldChangeType("has more digits than a float64 holds");
        }
        if (dropped == 0) {
            if (mantissa == 0) {
                return negative ? -0.0 : 0.0;
            }
            double value = EiselLemire.toDouble(negative, mantissa, power);
            if (!Double.isNaN(value)) {
                return value;
            }
        }
        return Double.parseDouble(new String(b, s, e - s, StandardCharsets.ISO_8859_1));
    }

    /**
     * The value of the eight digits at {@code b[i, i + 8)}, or -1 if they are not all digits.
     */
    static int eightDigits(byte[] b, int i) {
        return eightDigits((long) LONGS.get(b, i));
    }

    /**
     * The value of the {@code n} (1 to 8) digits that end at {@code b[e]} ({@code e >= 8}), or -1 if they
     * are not all digits: the eight bytes ending there, those before the digits taken as zeros.
     */
    static int lastDigits(byte[] b, int e, int n) {
        long before = (1L << ((8 - n) << 3)) - 1;
        return eightDigits((long) LONGS.get(b, e - 8) & ~before | 0x3030303030303030L & before);
    }

    /**
     * The value of eight ASCII digits, the first in the lowest byte, or -1 if they are not all digits:
     * checked and combined eight bytes at a time (pairs, then fours, then the eight).
     */
    private static int eightDigits(long word) {
        long v = word - 0x3030303030303030L;
        if (((v + 0x7676767676767676L | v) & 0x8080808080808080L) != 0) {
            return -1;
        }
        v = (v * 10 + (v >>> 8)) & 0x00FF00FF00FF00FFL;
        v = (v * 100 + (v >>> 16)) & 0x0000FFFF0000FFFFL;
        return (int) ((v * 10000 + (v >>> 32)) & 0xFFFFFFFFL);
    }

    /** NaN or +infinity for the words, else 0. */
    private static double special(byte[] b, int i, int e) {
        int n = e - i;
        if (n == 3 && (b[i] | 0x20) == 'n' && (b[i + 1] | 0x20) == 'a' && (b[i + 2] | 0x20) == 'n') {
            return Double.NaN;
        }
        if (n == 3 && (b[i] | 0x20) == 'i' && (b[i + 1] | 0x20) == 'n' && (b[i + 2] | 0x20) == 'f') {
            return Double.POSITIVE_INFINITY;
        }
        if (n == 8 && "infinity".equals(new String(b, i, n, StandardCharsets.ISO_8859_1)
                .toLowerCase(java.util.Locale.ROOT))) {
            return Double.POSITIVE_INFINITY;
        }
        return 0;
    }

    /** The most digits of a decimal (decimal256's precision). */
    private static final int MAX_DECIMAL_DIGITS = 76;

    /**
     * A decimal {@code [+-]digits[.digits]} as its unscaled value at {@code scale}: fewer fraction digits
     * are padded, more are refused unless they are zeros. Returns a long when the unscaled value has at
     * most 18 digits; otherwise sets {@code wide[0]} and returns 0.
     *
     * @throws BadValue if it is not a decimal, or has more fraction digits than the scale
     */
    static long parseDecimal(byte[] b, int s, int e, int scale, String type, BigInteger[] wide) {
        int i = s;
        boolean negative = false;
        if (i < e && (b[i] == '-' || b[i] == '+')) {
            negative = b[i] == '-';
            i++;
        }
        long unscaled = 0;
        int digits = 0;
        int fraction = 0;
        boolean any = false;
        boolean point = false;
        StringBuilder big = null;
        for (; i < e; i++) {
            byte c = b[i];
            if (c == '.' && !point) {
                point = true;
                continue;
            }
            if (!isDigit(c)) {
                throw new BadValue("is not " + type);
            }
            any = true;
            if (point) {
                if (fraction >= scale) {
                    if (c != '0') {
                        throw new BadValue("has more fraction digits than " + type + " holds");
                    }
                    continue;
                }
                fraction++;
            }
            if (digits < 18) {
                unscaled = unscaled * 10 + (c - '0');
                if (unscaled != 0) {
                    digits++;
                }
            } else {
                if (big == null) {
                    big = new StringBuilder().append(unscaled);
                }
                big.append((char) c);
                digits++;
            }
        }
        if (!any) {
            throw new BadValue("is not " + type);
        }
        if (big == null && unscaled == 0) {
            return 0;
        }
        int pad = Math.max(0, scale - fraction);
        if ((long) digits + pad > MAX_DECIMAL_DIGITS) {
            // Checked before scaling: a scale of 2^31 would otherwise make a number of 2^31 digits.
            throw new BadValue("has more digits than " + type + " holds");
        }
        if (big == null && digits + pad <= 18) {
            long value = unscaled * LONG_POWERS[pad];
            return negative ? -value : value;
        }
        BigInteger value = new BigInteger(big == null ? Long.toString(unscaled) : big.toString())
                .multiply(BigInteger.TEN.pow(pad));
        wide[0] = negative ? value.negate() : value;
        return 0;
    }
}
