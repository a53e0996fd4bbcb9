// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ndjson;

import dev.quiver.core.type.EpochDays;
import dev.quiver.core.type.TimeUnit;

/**
 * ISO 8601 text of dates, times of day and date-times, both ways, without {@code java.time} objects:
 * {@code [+-]YYYY-MM-DD}, {@code HH:MM[:SS[.F…]]} and a date and a time joined by {@code T} or a space,
 * optionally followed by {@code Z} or an offset {@code ±HH[:MM]}. Years may have a sign and more than
 * four digits (as written for years outside 0 to 9999); fractions have 1 to 9 digits.
 */
final class IsoTemporal {
    static final long SECONDS_PER_DAY = 86_400;
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private IsoTemporal() {
    }

    /** What {@link #parse} found; reused between values. */
    static final class Parsed {
        /** Days since the epoch of the date. */
        long days;
        /** Seconds since midnight of the time, 0 without a time. */
        long secondOfDay;
        /** Nanoseconds of the fraction. */
        int nanos;
        /** Digits of the fraction, 0 without one. */
        int fractionDigits;
        /** Whether there is a time after the date. */
        boolean hasTime;
        /** Whether there is a Z or an offset. */
        boolean hasOffset;
        /** The offset in seconds east of UTC. */
        int offsetSeconds;

        /** Seconds since the epoch, in UTC when there is an offset, else of the local date-time. */
        long epochSecond() {
            return Math.addExact(Math.multiplyExact(days, SECONDS_PER_DAY), secondOfDay - offsetSeconds);
        }
    }

    /**
     * Parses a date or a date-time.
     *
     * @return whether {@code text[from, from + length)} is one (then {@code out} holds it)
     */
    static boolean parse(char[] text, int from, int length, Parsed out) {
        int end = from + length;
        int i = from;
        boolean negative = false;
        if (i < end && (text[i] == '+' || text[i] == '-')) {
            negative = text[i] == '-';
            i++;
        }
        int yearStart = i;
        long year = 0;
        while (i < end && isDigit(text[i]) && i - yearStart < 12) {
            year = year * 10 + (text[i++] - '0');
        }
        if (i - yearStart < 4 || i >= end || text[i] != '-') {
            return false;
        }
        year = negative ? -year : year;
        int month = twoDigits(text, i + 1, end);
        if (month < 1 || month > 12 || i + 3 >= end || text[i + 3] != '-') {
            return false;
        }
        int day = twoDigits(text, i + 4, end);
        if (day < 1 || day > daysInMonth(year, month)) {
            return false;
        }
        i += 6;
        out.days = EpochDays.fromCivil(year, month, day);
        out.secondOfDay = 0;
        out.nanos = 0;
        out.fractionDigits = 0;
        out.hasTime = false;
        out.hasOffset = false;
        out.offsetSeconds = 0;
        if (i == end) {
            return true;
        }
        if (text[i] != 'T' && text[i] != 't' && text[i] != ' ') {
            return false;
        }
        i = parseTime(text, i + 1, end, out);
        if (i < 0) {
            return false;
        }
        out.hasTime = true;
        if (i == end) {
            return true;
        }
        out.hasOffset = true;
        if ((text[i] == 'Z' || text[i] == 'z') && i + 1 == end) {
            return true;
        }
        if (text[i] != '+' && text[i] != '-') {
            return false;
        }
        int sign = text[i] == '-' ? -1 : 1;
        int hours = twoDigits(text, i + 1, end);
        i += 3;
        int minutes = 0;
        if (i < end) {
            if (text[i] == ':') {
                i++;
            }
            minutes = twoDigits(text, i, end);
            i += 2;
        }
        if (hours < 0 || hours > 18 || minutes < 0 || minutes > 59 || i != end) {
            return false;
        }
        out.offsetSeconds = sign * (hours * 3600 + minutes * 60);
        return true;
    }

    /**
     * Parses a time of day {@code HH:MM[:SS[.F…]]} into {@code out.secondOfDay}, {@code nanos} and
     * {@code fractionDigits}.
     *
     * @return the index after the time, or -1 if there is none
     */
    static int parseTime(char[] text, int i, int end, Parsed out) {
        int hour = twoDigits(text, i, end);
        if (hour < 0 || hour > 23 || i + 2 >= end || text[i + 2] != ':') {
            return -1;
        }
        int minute = twoDigits(text, i + 3, end);
        if (minute < 0 || minute > 59) {
            return -1;
        }
        i += 5;
        int second = 0;
        if (i < end && text[i] == ':') {
            second = twoDigits(text, i + 1, end);
            if (second < 0 || second > 59) {
                return -1;
            }
            i += 3;
            if (i < end && (text[i] == '.' || text[i] == ',')) {
                int start = ++i;
                int nanos = 0;
                while (i < end && isDigit(text[i])) {
                    if (i - start == 9) {
                        return -1;
                    }
                    nanos = nanos * 10 + (text[i++] - '0');
                }
                int digits = i - start;
                if (digits == 0) {
                    return -1;
                }
                for (int k = digits; k < 9; k++) {
                    nanos *= 10;
                }
                out.nanos = nanos;
                out.fractionDigits = digits;
            }
        }
        out.secondOfDay = hour * 3600L + minute * 60L + second;
        return i;
    }

    /**
     * Seconds and nanoseconds as a count of {@code unit}.
     *
     * @throws ArithmeticException if the count overflows 64 bits or the fraction is finer than the unit
     */
    static long toUnits(long seconds, int nanos, TimeUnit unit) {
        long perSecond = unit.perSecond();
        long nanosPerUnit = NANOS_PER_SECOND / perSecond;
        if (nanos % nanosPerUnit != 0) {
            throw new ArithmeticException("a fraction of a second finer than " + unit.symbol());
        }
        if (seconds < 0 && nanos > 0) {
            return Math.addExact(Math.multiplyExact(seconds + 1, perSecond), nanos / nanosPerUnit - perSecond);
        }
        return Math.addExact(Math.multiplyExact(seconds, perSecond), nanos / nanosPerUnit);
    }

    /** Appends a date-time of {@code units} of {@code unit} since the epoch, with a Z when {@code utc}. */
    static void formatTimestamp(StringBuilder sb, long units, TimeUnit unit, boolean utc) {
        long perSecond = unit.perSecond();
        long seconds = Math.floorDiv(units, perSecond);
        long fraction = Math.floorMod(units, perSecond);
        long days = Math.floorDiv(seconds, SECONDS_PER_DAY);
        formatDate(sb, days);
        sb.append('T');
        formatTimeOfDay(sb, Math.floorMod(seconds, SECONDS_PER_DAY), fraction, unit.fractionDigits());
        if (utc) {
            sb.append('Z');
        }
    }

    /** Appends a time of day of {@code units} of {@code unit} since midnight. */
    static void formatTime(StringBuilder sb, long units, TimeUnit unit) {
        long perSecond = unit.perSecond();
        formatTimeOfDay(sb, Math.floorDiv(units, perSecond), Math.floorMod(units, perSecond), unit.fractionDigits());
    }

    private static void formatTimeOfDay(StringBuilder sb, long secondOfDay, long fraction, int digits) {
        pad(sb, secondOfDay / 3600, 2);
        sb.append(':');
        pad(sb, secondOfDay / 60 % 60, 2);
        sb.append(':');
        pad(sb, secondOfDay % 60, 2);
        if (digits > 0) {
            sb.append('.');
            pad(sb, fraction, digits);
        }
    }

    /** Appends the date {@code days} after the epoch; years outside 0 to 9999 get a sign. */
    static void formatDate(StringBuilder sb, long days) {
        long z = days + 719_468;
        long era = Math.floorDiv(z, 146_097);
        long doe = z - era * 146_097;
        long yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        long mp = (5 * doy + 2) / 153;
        long day = doy - (153 * mp + 2) / 5 + 1;
        long month = mp < 10 ? mp + 3 : mp - 9;
        long year = yoe + era * 400 + (month <= 2 ? 1 : 0);
        if (year < 0) {
            sb.append('-');
            pad(sb, -year, 4);
        } else if (year > 9999) {
            sb.append('+').append(year);
        } else {
            pad(sb, year, 4);
        }
        sb.append('-');
        pad(sb, month, 2);
        sb.append('-');
        pad(sb, day, 2);
    }

    private static void pad(StringBuilder sb, long value, int width) {
        String digits = Long.toString(value);
        for (int k = digits.length(); k < width; k++) {
            sb.append('0');
        }
        sb.append(digits);
    }

    private static int daysInMonth(long year, int month) {
        return switch (month) {
            case 2 -> (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) ? 29 : 28;
            case 4, 6, 9, 11 -> 30;
            default -> 31;
        };
    }

    private static int twoDigits(char[] text, int i, int end) {
        if (i + 1 >= end || !isDigit(text[i]) || !isDigit(text[i + 1])) {
            return -1;
        }
        return (text[i] - '0') * 10 + (text[i + 1] - '0');
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
