// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.TimeUnit;

/**
 * The type of one column, inferred from the values of a sample: int64; decimal128 for integers beyond
 * int64 (and for plain decimals when asked, when integers beyond 2^53 sit among them, or when a decimal has
 * more than the 17 significant digits any float64 prints with); float64; bool;
 * date32; timestamp[us] (timestamp[ns] for finer fractions), with zone UTC when the values carry zones;
 * time32[s] or time64[us|ns]; utf8 otherwise. A number with a leading zero ({@code 02134}) is text.
 * Nulls say nothing; a column of nulls only is utf8.
 */
final class Inference {
    private static final int INT = 1;
    private static final int BIG_INT = 2;
    private static final int DECIMAL = 4;
    private static final int FLOAT = 8;
    private static final int BOOL = 16;
    private static final int DATE = 32;
    private static final int TIMESTAMP = 64;
    private static final int ZONED = 128;
    private static final int TIME = 256;
    private static final int TEXT = 512;
    private static final int NUMBERS = INT | BIG_INT | DECIMAL | FLOAT;

    private final boolean inferDecimals;
    private final Temporal temporal = new Temporal();
    private int kinds;
    private int integerDigits;
    private int scale;
    private boolean beyondDouble;
    private int fractionDigits;

    Inference(boolean inferDecimals) {
        this.inferDecimals = inferDecimals;
    }

    /** Takes a non-null value into account. */
    void see(byte[] b, int s, int e) {
        if ((kinds & TEXT) != 0) {
            return;
        }
        kinds |= classify(b, s, e);
    }

    private int classify(byte[] b, int s, int e) {
        if (s == e) {
            return TEXT;
        }
        byte c = b[s];
        if (Numbers.isDigit(c) || c == '-' || c == '+' || c == '.') {
            int number = number(b, s, e);
            if (number != 0) {
                return number;
            }
            if (e - s >= 10 && b[s + 4] == '-' && temporal.timestamp(b, s, e)) {
                fractionDigits = Math.max(fractionDigits, temporal.fractionDigits);
                return temporal.dateOnly ? DATE : temporal.zoned ? ZONED : TIMESTAMP;
            }
            if (e - s >= 8 && b[s + 2] == ':' && temporal.time(b, s, e, true)) {
                fractionDigits = Math.max(fractionDigits, temporal.fractionDigits);
                return TIME;
            }
            return TEXT;
        }
        if (ColumnParser.Bools.bool(b, s, e) >= 0) {
            return BOOL;
        }
        try {
            Numbers.parseDouble(b, s, e, "float64");
            return FLOAT;
        } catch (BadValue notAFloat) {
            return TEXT;
        }
    }

    /** The kind of a number, or 0 when the text is not one (leading zeros make text). */
    private int number(byte[] b, int s, int e) {
        int i = s;
        if (b[i] == '-' || b[i] == '+') {
            i++;
        }
        int intStart = i;
        while (i < e && Numbers.isDigit(b[i])) {
            i++;
        }
        int intDigits = i - intStart;
        if (intDigits > 1 && b[intStart] == '0') {
            return 0;
        }
        int fraction = 0;
        boolean point = i < e && b[i] == '.';
        if (point) {
            i++;
            int fracStart = i;
            while (i < e && Numbers.isDigit(b[i])) {
                i++;
            }
            fraction = i - fracStart;
        }
        if (intDigits + fraction == 0) {
            return 0;
        }
        if (i == e) {
            int significant = intDigits == 1 && b[intStart] == '0' ? 0 : intDigits;
            integerDigits = Math.max(integerDigits, significant);
            beyondDouble |= roundedByFloat64(b, s, e);
            if (point) {
                scale = Math.max(scale, fraction);
                return DECIMAL;
            }
            if (intDigits > 19) {
                return BIG_INT;
            }
            try {
                Numbers.parseLong(b, s, e, "int64");
                return INT;
            } catch (BadValue beyondLong) {
                return BIG_INT;
            }
        }
        if (b[i] != 'e' && b[i] != 'E') {
            return 0;
        }
        try {
            Numbers.parseDouble(b, s, e, "float64");
            return FLOAT;
        } catch (BadValue notAFloat) {
            return 0;
        }
    }

    /** Whether a number without exponent or leading zeros has digits a float64 would round. */
    private static boolean roundedByFloat64(byte[] b, int s, int e) {
        try {
            Numbers.parseDouble(b, s, e, "float64", true);
            return false;
        } catch (BadValue rounded) {
            return true;
        }
    }

    /** The type inferred from the values seen. */
    ArrowType type() {
        int k = kinds;
        if (k == 0 || (k & TEXT) != 0) {
            return ArrowType.UTF8;
        }
        if ((k & ~NUMBERS) == 0) {
            int precision = Math.max(1, integerDigits + scale);
            if (k == INT) {
                return ArrowType.INT64;
            }
            if (beyondDouble && ((k & FLOAT) != 0 || precision > 38)) {
                // A float64 would round some value, a decimal128 cannot hold them all (an exponent, or
                // more than 38 digits): text keeps every digit.
                return ArrowType.UTF8;
            }
            boolean decimal = (k & FLOAT) == 0 && ((k & DECIMAL) == 0 || inferDecimals || beyondDouble);
            if (decimal) {
                return precision <= 38 ? new ArrowType.Decimal(precision, scale, 128)
                        : (k & DECIMAL) != 0 ? ArrowType.FLOAT64 : ArrowType.UTF8;
            }
            return ArrowType.FLOAT64;
        }
        if (k == BOOL) {
            return ArrowType.BOOL;
        }
        if (k == DATE) {
            return new ArrowType.Date(DateUnit.DAY);
        }
        TimeUnit unit = fractionDigits > 6 ? TimeUnit.NANOSECOND : TimeUnit.MICROSECOND;
        if ((k & ~(DATE | TIMESTAMP)) == 0) {
            return new ArrowType.Timestamp(unit);
        }
        if (k == ZONED) {
            return new ArrowType.Timestamp(unit, "UTC");
        }
        if (k == TIME) {
            return fractionDigits == 0 ? new ArrowType.Time(TimeUnit.SECOND) : new ArrowType.Time(unit);
        }
        return ArrowType.UTF8;
    }
}
