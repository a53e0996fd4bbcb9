// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.io;

import dev.quiver.core.type.ArrowType;

/**
 * The narrowest type that holds every value of a CSV column: int64, else decimal128 when some integer
 * does not fit int64 or a float64 (beyond 2^53), else float64, else bool, else utf8. Each field is
 * scanned once, in time linear in its length.
 */
final class CsvInference {
    /** The most digits a decimal128 holds. */
    static final int MAX_DECIMAL128_PRECISION = 38;
    /** The largest integer from which every smaller one is exact in a float64. */
    private static final long EXACT_IN_DOUBLE = 1L << 53;

    private boolean any;
    private boolean int64 = true;
    private boolean integers = true;
    private boolean plainDecimals = true;
    private boolean floats = true;
    private boolean wideInteger;
    private boolean booleans = true;
    private long integerDigits;
    private long scale;

    /** Takes one field's text into account; an empty field is null and says nothing. */
    void see(String text) {
        if (text.isEmpty()) {
            return;
        }
        any = true;
        String t = text.trim();
        Number number = Number.scan(t);
        if (number == null) {
            int64 = false;
            integers = false;
            plainDecimals = false;
            floats = false;
        } else {
            boolean integer = number.kind() == Number.Kind.INTEGER;
            boolean fits = false;
            long value = 0;
            if (integer && number.integerDigits() <= 19) {
                try {
                    value = Long.parseLong(t);
                    fits = true;
                } catch (NumberFormatException beyondLong) {
                    fits = false;
                }
            }
            int64 &= fits;
            integers &= integer;
            plainDecimals &= number.kind() != Number.Kind.FLOAT;
            wideInteger |= integer && (!fits || value > EXACT_IN_DOUBLE || value < -EXACT_IN_DOUBLE);
            integerDigits = Math.max(integerDigits, number.integerDigits());
            scale = Math.max(scale, number.fractionDigits());
        }
        booleans &= t.equalsIgnoreCase("true") || t.equalsIgnoreCase("false");
    }

    /** The type inferred from the fields seen (utf8 when all were empty). */
    ArrowType type() {
        if (!any) {
            return ArrowType.UTF8;
        }
        if (int64) {
            return ArrowType.INT64;
        }
        if (integers || floats && wideInteger) {
            // A float64 would round such an integer: a decimal keeps it, or its text does.
            long precision = Math.max(1, integerDigits + scale);
            return plainDecimals && precision <= MAX_DECIMAL128_PRECISION
                    ? new ArrowType.Decimal((int) precision, (int) scale, 128) : ArrowType.UTF8;
        }
        if (floats) {
            return ArrowType.FLOAT64;
        }
        return booleans ? ArrowType.BOOL : ArrowType.UTF8;
    }

    /**
     * The shape of a number in the forms CSV inference accepts: {@code [+-]digits}, {@code [+-]digits.digits}
     * (either side may be empty, not both), with an optional exponent {@code [eE][+-]digits}, or
     * {@code [+-]NaN} and {@code [+-]Infinity}. Digits are counted without leading (integer part) zeros.
     */
    record Number(Kind kind, long integerDigits, long fractionDigits) {
        /** Integer, plain decimal (a point, no exponent) or other float. */
        enum Kind { INTEGER, DECIMAL, FLOAT }

        /** The shape of {@code t}, or null when it is not a number. */
        static Number scan(String t) {
            int n = t.length();
            int i = 0;
            if (i < n && (t.charAt(i) == '+' || t.charAt(i) == '-')) {
                i++;
            }
            if (t.startsWith("NaN", i) && i + 3 == n || t.startsWith("Infinity", i) && i + 8 == n) {
                return new Number(Kind.FLOAT, 0, 0);
            }
            int integerStart = i;
            long significant = 0;
            for (; i < n && isDigit(t.charAt(i)); i++) {
                if (t.charAt(i) != '0' || significant > 0) {
                    significant++;
                }
            }
            int integerEnd = i;
            long fraction = 0;
            boolean point = i < n && t.charAt(i) == '.';
            if (point) {
                for (i++; i < n && isDigit(t.charAt(i)); i++) {
                    fraction++;
                }
            }
            if (integerEnd == integerStart && fraction == 0) {
                return null;
            }
            if (i == n) {
                return new Number(point ? Kind.DECIMAL : Kind.INTEGER, significant, fraction);
            }
            if (t.charAt(i) != 'e' && t.charAt(i) != 'E') {
                return null;
            }
            i++;
            if (i < n && (t.charAt(i) == '+' || t.charAt(i) == '-')) {
                i++;
            }
            int exponentStart = i;
            while (i < n && isDigit(t.charAt(i))) {
                i++;
            }
            return i == n && i > exponentStart ? new Number(Kind.FLOAT, significant, fraction) : null;
        }

        private static boolean isDigit(char c) {
            return c >= '0' && c <= '9';
        }
    }
}
