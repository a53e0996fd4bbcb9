// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.cast;

import dev.quiver.compute.ComputeException;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.TimeUnit;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Dates, times and timestamps as ISO-8601 text: parsing {@code YYYY-MM-DD}, {@code hh:mm[:ss[.fraction]]} and
 * {@code YYYY-MM-DD[T| ]hh[:mm[:ss[.fraction]]][Z|±hh[:mm]|±hhmm]} (a zone required for a timestamp with a time
 * zone, refused for one without), and formatting as Arrow C++ does ({@code 1970-01-01 00:00:00.001}, a zone-aware
 * timestamp in its local time followed by {@code Z} or {@code ±hhmm}).
 */
final class TemporalText {
    private static final Pattern DATE = Pattern.compile("(-?\\d{4,})-(\\d{2})-(\\d{2})");
    private static final Pattern TIME = Pattern.compile("(\\d{2})(?::(\\d{2})(?::(\\d{2})(?:\\.(\\d{1,9}))?)?)?");
    private static final Pattern TIMESTAMP = Pattern.compile("(-?\\d{4,})-(\\d{2})-(\\d{2})(?:[T ](\\d{2})"
            + "(?::(\\d{2})(?::(\\d{2})(?:\\.(\\d{1,9}))?)?)?)?(Z|[+-]\\d{2}(?::?\\d{2})?)?");

    private TemporalText() {
    }

    /** Parses a date, time or timestamp into the target's storage value. */
    static long parse(String s, ArrowType target, long row) {
        try {
            return switch (target) {
                case ArrowType.Date d -> {
                    Matcher m = DATE.matcher(s);
                    if (!m.matches()) {
                        throw bad(s, row, target, null);
                    }
                    long days = LocalDate.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                            Integer.parseInt(m.group(3))).toEpochDay();
                    yield d.unit() == DateUnit.DAY ? days : days * 86_400_000L;
                }
                case ArrowType.Time t -> {
                    Matcher m = TIME.matcher(s);
                    if (!m.matches() || m.group(2) == null) {
                        throw bad(s, row, target, null);
                    }
                    long nanos = timeOfDayNanos(m.group(1), m.group(2), m.group(3), m.group(4));
                    yield toUnit(nanos, t.unit(), s, row, target);
                }
                case ArrowType.Timestamp t -> timestamp(s, t, row);
                default -> throw new ComputeException("cast: strings cannot be cast to " + target);
            };
        } catch (java.time.DateTimeException | NumberFormatException e) {
            throw bad(s, row, target, e);
        }
    }

    private static long timestamp(String s, ArrowType.Timestamp t, long row) {
        Matcher m = TIMESTAMP.matcher(s);
        if (!m.matches()) {
            throw bad(s, row, t, null);
        }
        String zone = m.group(8);
        if (t.timezone() != null && zone == null) {
            throw new ComputeException("cast: failed to parse string '" + s + "' at row " + row + " as " + t
                    + ": expected a zone offset (cast to a timestamp without time zone for local times)");
        }
        if (t.timezone() == null && zone != null) {
            throw new ComputeException("cast: failed to parse string '" + s + "' at row " + row + " as " + t
                    + ": a zone offset given for a timestamp without time zone");
        }
        long days = LocalDate.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                Integer.parseInt(m.group(3))).toEpochDay();
        long nanos = m.group(4) == null ? 0 : timeOfDayNanos(m.group(4), m.group(5), m.group(6), m.group(7));
        long offsetSeconds = zone == null || zone.equals("Z") ? 0 : ZoneOffset.of(zone.length() == 5
                ? zone.substring(0, 3) + ":" + zone.substring(3) : zone).getTotalSeconds();
        long seconds = Math.addExact(Math.multiplyExact(days, 86_400L), nanos / 1_000_000_000L - offsetSeconds);
        long sub = toUnit(nanos % 1_000_000_000L, t.unit(), s, row, t);
        return Math.addExact(Math.multiplyExact(seconds, t.unit().perSecond()), sub);
    }

    private static long timeOfDayNanos(String h, String m, String sec, String fraction) {
        int hours = Integer.parseInt(h);
        int minutes = m == null ? 0 : Integer.parseInt(m);
        int seconds = sec == null ? 0 : Integer.parseInt(sec);
        if (hours > 23 || minutes > 59 || seconds > 59) {
            throw new java.time.DateTimeException("time of day out of range");
        }
        long nanos = fraction == null ? 0 : Long.parseLong((fraction + "00000000").substring(0, 9));
        return ((hours * 60L + minutes) * 60 + seconds) * 1_000_000_000L + nanos;
    }

    private static long toUnit(long nanos, TimeUnit unit, String s, long row, ArrowType target) {
        long per = unit.nanosPerUnit();
        if (nanos % per != 0) {
            throw new ComputeException("cast: failed to parse string '" + s + "' at row " + row + " as " + target
                    + ": more fractional digits than the unit holds");
        }
        return nanos / per;
    }

    private static ComputeException bad(String s, long row, ArrowType target, Exception cause) {
        return new ComputeException("cast: failed to parse string '" + s + "' at row " + row + " as " + target, cause);
    }

    /** A date as {@code YYYY-MM-DD}. */
    static String formatDate(long days) {
        return LocalDate.ofEpochDay(days).toString();
    }

    /** A time of day as {@code hh:mm:ss} with the unit's fraction digits. */
    static String formatTime(long value, TimeUnit unit) {
        long per = unit.perSecond();
        long seconds = Math.floorDiv(value, per);
        long fraction = Math.floorMod(value, per);
        return String.format("%02d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
                + fraction(fraction, unit);
    }

    /** A timestamp as {@code YYYY-MM-DD hh:mm:ss[.fraction]}, zone-aware ones local with their offset. */
    static String formatTimestamp(long value, ArrowType.Timestamp t) {
        TimeUnit unit = t.unit();
        long per = unit.perSecond();
        long seconds = Math.floorDiv(value, per);
        long fraction = Math.floorMod(value, per);
        Instant instant = Instant.ofEpochSecond(seconds);
        String zone = t.timezone();
        String suffix = "";
        LocalDateTime local;
        if (zone == null) {
            local = LocalDateTime.ofEpochSecond(seconds, 0, ZoneOffset.UTC);
        } else {
            ZonedDateTime z = instant.atZone(ZoneId.of(zone));
            local = z.toLocalDateTime();
            int offset = z.getOffset().getTotalSeconds();
            suffix = zone.equals("UTC") || zone.equals("Z") || zone.equals("Etc/UTC") ? "Z"
                    : String.format("%s%02d%02d", offset < 0 ? "-" : "+", Math.abs(offset) / 3600,
                            Math.abs(offset) / 60 % 60);
        }
        return String.format("%s %02d:%02d:%02d", local.toLocalDate(), local.getHour(), local.getMinute(),
                local.getSecond()) + fraction(fraction, unit) + suffix;
    }

    private static String fraction(long fraction, TimeUnit unit) {
        int digits = unit.fractionDigits();
        if (digits == 0) {
            return "";
        }
        String f = Long.toString(fraction);
        return "." + "0".repeat(digits - f.length()) + f;
    }
}
