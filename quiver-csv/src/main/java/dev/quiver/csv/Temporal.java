// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

import dev.quiver.core.type.EpochDays;
import dev.quiver.core.type.TimeUnit;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * ISO 8601 dates, times of day and timestamps parsed straight from bytes: {@code YYYY-MM-DD},
 * {@code HH:MM[:SS[.fraction]]} and {@code date[(T| )time][Z|±HH[:MM]|±HHMM]}. One instance holds the
 * parts of the value last parsed, so parsing allocates nothing; not thread-safe.
 *
 * <p>The common layouts ({@code YYYY-MM-DD} and {@code YYYY-MM-DD(T| )HH:MM:SS[.f…][Z|±HH:MM]}) take a
 * fast path that checks eight bytes at a time ({@link #date}, {@link #timestamp}); any other text, and
 * any text the fast path does not accept, goes to the general parser ({@link #dateGeneral},
 * {@link #timestampGeneral}), which decides. The fast path accepts nothing the general one refuses, with
 * the same result.
 */
final class Temporal {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class,
            ByteOrder.LITTLE_ENDIAN);
    private static final long HIGH_BITS = 0x8080808080808080L;
    /** {@code YYYY-MM-} with digits as '0': XORed with it, digits become 0 to 9 and the dashes 0. */
    private static final long DATE_TEMPLATE = pattern("0000-00-");
    /** Added to a byte of the XOR, sets its high bit when a digit exceeds 9 or a dash was another byte. */
    private static final long DATE_LIMITS = limits("0000-00-");
    private static final long TIME_TEMPLATE = pattern("00:00:00");
    private static final long TIME_LIMITS = limits("00:00:00");
    private static final int[] SCALE = {0, 100_000_000, 10_000_000, 1_000_000, 100_000, 10_000, 1_000, 100, 10, 1};
    private static final long FRACTION_TEMPLATE = pattern("0.000000");
    private static final long FRACTION_LIMITS = limits("0.000000");
    /** Per year 0 to 9999: twice the epoch day of its January 1st, plus 1 for a leap year. */
    private static final int[] YEARS = new int[10_000];
    /**
     * Per {@code leap << 4 | month}: the days of the year before the month's first, times 32, plus the
     * month's length (0 for no month).
     */
    private static final int[] MONTHS = new int[32];

    static {
        for (int year = 0; year < YEARS.length; year++) {
            YEARS[year] = (int) EpochDays.fromCivil(year, 1, 1) * 2 + (leap(year) ? 1 : 0);
        }
        for (int leap = 0; leap < 2; leap++) {
            int before = 0;
            for (int month = 1; month <= 12; month++) {
                int length = daysInMonth(leap == 1 ? 2000 : 2001, month);
                MONTHS[leap << 4 | month] = before << 5 | length;
                before += length;
            }
        }
    }

    /** Seconds since the epoch (timestamps) or since midnight (times). */
    long seconds;
    /** Nanoseconds within the second. */
    int nanos;
    /** Digits of the fraction of a second written. */
    int fractionDigits;
    /** Whether a timestamp had a zone (its offset applied: {@link #seconds} is then UTC). */
    boolean zoned;
    /** Whether the value was a date alone. */
    boolean dateOnly;

    private static int twoDigits(byte[] b, int i) {
        int h = b[i] - '0';
        int l = b[i + 1] - '0';
        return h < 0 || h > 9 || l < 0 || l > 9 ? -1 : h * 10 + l;
    }

    private static boolean leap(long year) {
        return (year & 3) == 0 && (year % 100 != 0 || year % 400 == 0);
    }

    private static int daysInMonth(long year, int month) {
        return switch (month) {
            case 2 -> leap(year) ? 29 : 28;
            case 4, 6, 9, 11 -> 30;
            default -> 31;
        };
    }

    /** The little-endian long of eight ASCII characters with each digit written as '0'. */
    private static long pattern(String text) {
        long v = 0;
        for (int i = 7; i >= 0; i--) {
            v = v << 8 | text.charAt(i);
        }
        return v;
    }

    /** Per byte 0x76 where {@code text} has a digit (so 10 and more reach 0x80), 0x7F elsewhere (so 1 does). */
    private static long limits(String text) {
        long v = 0;
        for (int i = 7; i >= 0; i--) {
            v = v << 8 | (text.charAt(i) == '0' ? 0x76 : 0x7F);
        }
        return v;
    }

    /** Whether a template's XOR has only digits 0 to 9 where digits belong and zeros elsewhere. */
    private static boolean fits(long xored, long limits) {
        return ((xored + limits | xored) & HIGH_BITS) == 0;
    }

    private static int digit(long xored, int index) {
        return (int) (xored >>> (index << 3)) & 0xFF;
    }

    /**
     * The epoch day of {@code YYYY-MM-DD} at {@code b[s, s + 10)}, or {@link Long#MIN_VALUE} if it is not one:
     * its first eight bytes checked at once, then as {@link #dateGeneral}.
     */
    static long date(byte[] b, int s) {
        long x = (long) LONGS.get(b, s) ^ DATE_TEMPLATE;
        int d1 = b[s + 8] - '0';
        int d2 = b[s + 9] - '0';
        if (!fits(x, DATE_LIMITS) || (d1 | d2 | 9 - d1 | 9 - d2) < 0) {
            return Long.MIN_VALUE;
        }
        int yearInfo = YEARS[digit(x, 0) * 1000 + digit(x, 1) * 100 + digit(x, 2) * 10 + digit(x, 3)];
        int month = digit(x, 5) * 10 + digit(x, 6);
        int day = d1 * 10 + d2;
        int monthInfo = month > 12 ? 0 : MONTHS[(yearInfo & 1) << 4 | month];
        if (day < 1 || day > (monthInfo & 31)) {
            return Long.MIN_VALUE;
        }
        return (yearInfo >> 1) + (monthInfo >>> 5) + day - 1;
    }

    /**
     * The epoch day of {@code YYYY-MM-DD} at {@code b[s, s + 10)}, or {@link Long#MIN_VALUE} if it is not one:
     * byte by byte (the reference of {@link #date}).
     */
    static long dateGeneral(byte[] b, int s) {
        int hi = twoDigits(b, s);
        int lo = twoDigits(b, s + 2);
        int month = twoDigits(b, s + 5);
        int day = twoDigits(b, s + 8);
        if (hi < 0 || lo < 0 || b[s + 4] != '-' || b[s + 7] != '-' || month < 1 || month > 12 || day < 1) {
            return Long.MIN_VALUE;
        }
        int year = hi * 100 + lo;
        if (day > daysInMonth(year, month)) {
            return Long.MIN_VALUE;
        }
        return EpochDays.fromCivil(year, month, day);
    }

    /** Parses a time of day {@code HH:MM[:SS[.fraction]]} in {@code [s, e)}; false if it is not one. */
    boolean time(byte[] b, int s, int e, boolean secondsRequired) {
        if (e - s < 5 || b[s + 2] != ':') {
            return false;
        }
        int hour = twoDigits(b, s);
        int minute = twoDigits(b, s + 3);
        if (hour < 0 || hour > 23 || minute < 0 || minute > 59) {
            return false;
        }
        int second = 0;
        int i = s + 5;
        nanos = 0;
        fractionDigits = 0;
        if (i < e && b[i] == ':') {
            if (e - i < 3) {
                return false;
            }
            second = twoDigits(b, i + 1);
            if (second < 0 || second > 59) {
                return false;
            }
            i += 3;
            if (i < e && b[i] == '.') {
                i++;
                int start = i;
                int value = 0;
                for (; i < e && Numbers.isDigit(b[i]); i++) {
                    if (i - start < 9) {
                        value = value * 10 + (b[i] - '0');
                    } else if (b[i] != '0') {
                        return false;
                    }
                }
                int n = i - start;
                if (n == 0) {
                    return false;
                }
                for (int k = Math.min(n, 9); k < 9; k++) {
                    value *= 10;
                }
                nanos = value;
                fractionDigits = n;
            }
        } else if (secondsRequired) {
            return false;
        }
        if (i != e) {
            return false;
        }
        seconds = hour * 3600L + minute * 60L + second;
        return true;
    }

    /** Parses a timestamp (or a date alone) in {@code [s, e)}; false if it is not one. */
    boolean timestamp(byte[] b, int s, int e) {
        return e - s >= 19 && timestampFast(b, s, e) || timestampGeneral(b, s, e);
    }

    /**
     * Parses {@code YYYY-MM-DD(T|t| )HH:MM:SS[.1 to 9 digits][Z|z|±HH:MM]} in {@code [s, e)} with the date
     * and the time of day checked eight bytes at a time; false for anything else, valid or not (then
     * {@link #timestampGeneral} decides).
     */
    boolean timestampFast(byte[] b, int s, int e) {
        long day = date(b, s);
        byte sep = b[s + 10];
        if (day == Long.MIN_VALUE || sep != ' ' && sep != 'T' && sep != 't') {
            return false;
        }
        long x = (long) LONGS.get(b, s + 11) ^ TIME_TEMPLATE;
        if (!fits(x, TIME_LIMITS)) {
            return false;
        }
        int hour = digit(x, 0) * 10 + digit(x, 1);
        int minute = digit(x, 3) * 10 + digit(x, 4);
        int second = digit(x, 6) * 10 + digit(x, 7);
        if (hour > 23 || minute > 59 || second > 59) {
            return false;
        }
        int end = e;
        int offsetSeconds = 0;
        boolean zone = false;
        byte last = b[e - 1];
        if (last == 'Z' || last == 'z') {
            end--;
            zone = true;
        } else if (e - s >= 25 && b[e - 3] == ':' && (b[e - 6] == '+' || b[e - 6] == '-')) {
            int hours = twoDigits(b, e - 5);
            int minutes = twoDigits(b, e - 2);
            if (hours < 0 || hours > 18 || minutes < 0 || minutes > 59) {
                return false;
            }
            offsetSeconds = b[e - 6] == '-' ? -(hours * 3600 + minutes * 60) : hours * 3600 + minutes * 60;
            end -= 6;
            zone = true;
        }
        int digits = end - s - 20;
        int fraction = 0;
        if (digits == 6) {
            long f = (long) LONGS.get(b, s + 18) ^ FRACTION_TEMPLATE;
            if (!fits(f, FRACTION_LIMITS)) {
                return false;
            }
            fraction = ((((digit(f, 2) * 10 + digit(f, 3)) * 10 + digit(f, 4)) * 10 + digit(f, 5)) * 10
                    + digit(f, 6)) * 10 + digit(f, 7);
            fraction *= 1000;
        } else if (digits >= 0) {
            if (digits == 0 || digits > 9 || b[s + 19] != '.') {
                return false;
            }
            for (int i = s + 20; i < end; i++) {
                int d = b[i] - '0';
                if (d < 0 || d > 9) {
                    return false;
                }
                fraction = fraction * 10 + d;
            }
            fraction *= SCALE[digits];
        } else if (end != s + 19) {
            return false;
        }
        seconds = day * 86_400 + hour * 3600L + minute * 60L + second - offsetSeconds;
        nanos = fraction;
        fractionDigits = Math.max(digits, 0);
        zoned = zone;
        dateOnly = false;
        return true;
    }

    /** Parses a timestamp (or a date alone) in {@code [s, e)} byte by byte; false if it is not one. */
    boolean timestampGeneral(byte[] b, int s, int e) {
        if (e - s < 10) {
            return false;
        }
        long day = dateGeneral(b, s);
        if (day == Long.MIN_VALUE) {
            return false;
        }
        zoned = false;
        dateOnly = e - s == 10;
        if (dateOnly) {
            seconds = day * 86_400;
            nanos = 0;
            fractionDigits = 0;
            return true;
        }
        byte sep = b[s + 10];
        if (sep != 'T' && sep != ' ' && sep != 't') {
            return false;
        }
        int zone = s + 11;
        while (zone < e && (Numbers.isDigit(b[zone]) || b[zone] == ':' || b[zone] == '.')) {
            zone++;
        }
        int offsetSeconds = 0;
        if (zone < e) {
            byte c = b[zone];
            if ((c == 'Z' || c == 'z') && zone == e - 1) {
                zoned = true;
            } else if (c == '+' || c == '-') {
                offsetSeconds = offset(b, zone + 1, e);
                if (offsetSeconds < 0) {
                    return false;
                }
                if (c == '-') {
                    offsetSeconds = -offsetSeconds;
                }
                zoned = true;
            } else {
                return false;
            }
        }
        if (!time(b, s + 11, zone, false)) {
            return false;
        }
        seconds += day * 86_400 - offsetSeconds;
        return true;
    }

    /** Seconds of {@code HH}, {@code HH:MM} or {@code HHMM}, or -1. */
    private static int offset(byte[] b, int i, int e) {
        int n = e - i;
        int hours = n >= 2 ? twoDigits(b, i) : -1;
        int minutes;
        if (n == 2) {
            minutes = 0;
        } else if (n == 4) {
            minutes = twoDigits(b, i + 2);
        } else if (n == 5 && b[i + 2] == ':') {
            minutes = twoDigits(b, i + 3);
        } else {
            return -1;
        }
        if (hours < 0 || hours > 18 || minutes < 0 || minutes > 59) {
            return -1;
        }
        return hours * 3600 + minutes * 60;
    }

    /**
     * The value last parsed in {@code unit}: seconds and nanos scaled, refusing a fraction finer than the
     * unit (unless its extra digits are zeros) and overflow.
     */
    long in(TimeUnit unit, String type) {
        try {
            return switch (unit) {
                case MICROSECOND -> {
                    if (nanos % 1_000 != 0) {
                        throw finer(type);
                    }
                    yield Math.addExact(Math.multiplyExact(seconds, 1_000_000L), nanos / 1_000);
                }
                case MILLISECOND -> {
                    if (nanos % 1_000_000 != 0) {
                        throw finer(type);
                    }
                    yield Math.addExact(Math.multiplyExact(seconds, 1_000L), nanos / 1_000_000);
                }
                case SECOND -> {
                    if (nanos != 0) {
                        throw finer(type);
                    }
                    yield seconds;
                }
                case NANOSECOND -> Math.addExact(Math.multiplyExact(seconds, NANOS_PER_SECOND), nanos);
            };
        } catch (ArithmeticException overflow) {
            throw new BadValue("is out of the range of " + type);
        }
    }

    private static BadValue finer(String type) {
        return new BadValue("has more fraction digits than " + type + " holds");
    }
}
