// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.temporal;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.kernel.Outputs;
import dev.quiver.compute.kernel.Validity;
import dev.quiver.core.array.Array;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.GrowableBuffer;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.TimeUnit;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;

/**
 * Temporal kernels, named after pyarrow.compute's, on date32, date64, time32, time64 and timestamps:
 * fields ({@link #extract}), truncation ({@link #floor}), formatting ({@link #strftime}) and parsing
 * ({@link #strptime}). A timestamp with a time zone is read in local time of that zone (a fixed offset
 * or a region's rules); a naive timestamp as UTC. Nulls stay null.
 *
 * <pre>{@code
 * Array ts = ...;                                          // timestamp[us, "Europe/Paris"]
 * Temporal.extract(ts, Component.HOUR);                    // int64 local hours
 * Temporal.floor(ts, 1, Temporal.Unit.DAY);                // local midnight, as timestamps
 * Temporal.strftime(ts, "%Y-%m-%d %H:%M");                 // utf8
 * Temporal.strptime(strings, "%d/%m/%Y", TimeUnit.SECOND); // timestamp[s]
 * }</pre>
 */
public final class Temporal {
    private static final String[] DAY_NAMES = {"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"};
    private static final String[] MONTH_NAMES = {"January", "February", "March", "April", "May", "June", "July",
        "August", "September", "October", "November", "December"};

    /** The units {@link #floor} truncates to. */
    public enum Unit {
        /** Nanoseconds. */
        NANOSECOND,
        /** Microseconds. */
        MICROSECOND,
        /** Milliseconds. */
        MILLISECOND,
        /** Seconds. */
        SECOND,
        /** Minutes. */
        MINUTE,
        /** Hours. */
        HOUR,
        /** Days. */
        DAY,
        /** Weeks starting on Monday. */
        WEEK,
        /** Months. */
        MONTH,
        /** Quarters. */
        QUARTER,
        /** Years. */
        YEAR
    }

    private Temporal() {
    }

    /**
     * A field of each value, as int64 (pyarrow's {@code year}, {@code month}, ... {@code quarter}).
     *
     * @param values dates, timestamps, or times (times have only the time-of-day fields)
     * @param component the field
     * @return int64 values
     * @throws ComputeException if the array is not temporal, a time is asked for a date field, or the
     *     time zone is unknown
     */
    public static Array extract(Array values, Component component) {
        String kernel = component.name().toLowerCase();
        TimeUnitOf t = new TimeUnitOf(values, kernel);
        if (t.timeOfDay && !component.isTimeOfDay()) {
            throw new ComputeException(kernel + ": a time of day has no " + kernel + " (" + values.type() + ")");
        }
        if (values.type() instanceof ArrowType.Date && component.isTimeOfDay()) {
            throw new ComputeException(kernel + ": a date has no " + kernel + " (" + values.type() + ")");
        }
        long n = values.length();
        ArrowBuffer out = Outputs.allocate(n * 8);
        MemorySegment o = out.segment();
        MemorySegment valid = Validity.segment(values);
        for (long i = 0; i < n; i++) {
            if (valid != null && !Bitmaps.get(valid, values.offset() + i)) {
                continue;
            }
            long v = t.raw(i);
            long local = t.timeOfDay ? Math.floorDiv(v, t.perSecond) : t.localSecond(v);
            long nano = t.nanoOfSecond(v);
            long day = Math.floorDiv(local, 86_400L);
            long sod = Math.floorMod(local, 86_400L);
            o.set(LittleEndian.LONG, i * 8, field(component, day, sod, nano));
        }
        return Outputs.fixedWidth(ArrowType.INT64, n, Validity.and(values), out);
    }

    private static long field(Component c, long day, long sod, long nano) {
        return switch (c) {
            case HOUR -> sod / 3600;
            case MINUTE -> sod / 60 % 60;
            case SECOND -> sod % 60;
            case MILLISECOND -> nano / 1_000_000;
            case MICROSECOND -> nano / 1000 % 1000;
            case NANOSECOND -> nano % 1000;
            case DAY_OF_WEEK -> Math.floorMod(day + 3, 7);
            default -> dateField(c, day);
        };
    }

    private static long dateField(Component c, long day) {
        long ymd = TimeUnitOf.civil(day);
        long y = Math.floorDiv(ymd, 512);
        long m = Math.floorMod(ymd, 512) / 32;
        return switch (c) {
            case YEAR -> y;
            case MONTH -> m;
            case DAY -> Math.floorMod(ymd, 32);
            case QUARTER -> (m - 1) / 3 + 1;
            case DAY_OF_YEAR -> day - TimeUnitOf.daysFromCivil(y, 1, 1) + 1;
            default -> {
                long thursday = day - Math.floorMod(day + 3, 7) + 3;
                long isoYear = Math.floorDiv(TimeUnitOf.civil(thursday), 512);
                yield c == Component.ISO_YEAR ? isoYear : (thursday - TimeUnitOf.daysFromCivil(isoYear, 1, 1)) / 7 + 1;
            }
        };
    }

    /**
     * Each value rounded down to a multiple of a unit, in local time (pyarrow's {@code floor_temporal}):
     * units up to a day, months and quarters count from 1970-01-01, weeks from a Monday, years from year 0
     * (pyarrow's origins). A unit finer than the array's leaves the values as they are; several of them
     * are refused (pyarrow floors in the finer unit and truncates back, a value that is no multiple).
     *
     * @param values dates or timestamps
     * @param multiple how many units, at least 1
     * @param unit the unit
     * @return values of the input's type
     * @throws ComputeException if the array is not a date or timestamp, the multiple is below 1, a
     *     multiple of a unit finer than the array's is asked for, or a local result does not exist or is
     *     ambiguous in the zone
     */
    public static Array floor(Array values, long multiple, Unit unit) {
        TimeUnitOf t = new TimeUnitOf(values, "floor_temporal");
        if (multiple < 1) {
            throw new ComputeException("floor_temporal: multiple must be at least 1, not " + multiple);
        }
        if (t.timeOfDay) {
            throw new ComputeException("floor_temporal: times of day are not supported (" + values.type() + ")");
        }
        long n = values.length();
        ArrowBuffer out = Outputs.allocate(n * t.width);
        MemorySegment o = out.segment();
        MemorySegment valid = Validity.segment(values);
        long unitNanos = switch (unit) {
            case NANOSECOND -> 1;
            case MICROSECOND -> 1000;
            case MILLISECOND -> 1_000_000;
            case SECOND -> TimeUnitOf.NANOS_PER_SECOND;
            case MINUTE -> 60 * TimeUnitOf.NANOS_PER_SECOND;
            case HOUR -> 3600 * TimeUnitOf.NANOS_PER_SECOND;
            default -> 0;
        };
        long nanosPerUnit = TimeUnitOf.NANOS_PER_SECOND / t.perSecond;
        for (long i = 0; i < n; i++) {
            if (valid != null && !Bitmaps.get(valid, values.offset() + i)) {
                continue;
            }
            long v = t.raw(i);
            long result;
            if (unitNanos > 0) {
                long step = Math.multiplyExact(unitNanos, multiple);
                long local = t.localSecond(v);
                long offset = local - Math.floorDiv(v, t.perSecond);
                // the value in its own unit, shifted to local time, floored to whole steps
                long localValue = v + offset * t.perSecond;
                if (unitNanos < nanosPerUnit && multiple > 1) {
                    throw new ComputeException("floor_temporal: " + multiple + " " + unit.name().toLowerCase()
                            + "s are finer than the unit of " + values.type() + ": the result would not be a value of it");
                }
                long stepInUnits = unitNanos < nanosPerUnit ? 1 : step / nanosPerUnit;
                {
                    long floored = Math.floorDiv(localValue, stepInUnits) * stepInUnits;
                    long flooredSecond = Math.floorDiv(floored, t.perSecond);
                    result = (t.utcSecond(flooredSecond, i, "floor_temporal") - flooredSecond) * t.perSecond + floored;
                }
            } else {
                long day = Math.floorDiv(t.localSecond(v), 86_400L);
                long ymd = TimeUnitOf.civil(day);
                long y = Math.floorDiv(ymd, 512);
                long m = Math.floorMod(ymd, 512) / 32;
                long floorDay = switch (unit) {
                    case DAY -> Math.floorDiv(day, multiple) * multiple;
                    case WEEK -> Math.floorDiv(day + 3, 7 * multiple) * 7 * multiple - 3;
                    case YEAR -> TimeUnitOf.daysFromCivil(Math.floorDiv(y, multiple) * multiple, 1, 1);
                    default -> {
                        long months = (unit == Unit.QUARTER ? 3 : 1) * multiple;
                        long index = Math.floorDiv((y - 1970) * 12 + m - 1, months) * months;
                        yield TimeUnitOf.daysFromCivil(1970 + Math.floorDiv(index, 12), Math.floorMod(index, 12) + 1, 1);
                    }
                };
                if (t.days) {
                    result = floorDay;
                } else if (t.array.type() instanceof ArrowType.Date) {
                    result = floorDay * 86_400_000L;
                } else {
                    result = Math.multiplyExact(t.utcSecond(floorDay * 86_400L, i, "floor_temporal"), t.perSecond);
                }
            }
            if (t.width == 4) {
                o.set(LittleEndian.INT, i * 4, (int) result);
            } else {
                o.set(LittleEndian.LONG, i * 8, result);
            }
        }
        return Outputs.fixedWidth(values.type(), n, Validity.and(values), out);
    }

    /**
     * Each value formatted with a strftime pattern (pyarrow's {@code strftime}), in local time:
     * {@code %Y %y %m %d %e %H %I %M %S} (with the fraction of the array's unit, as pyarrow), {@code %p %j %a
     * %A %b %B %u %w %z %Z %F %T %%}.
     *
     * @param values dates or timestamps
     * @param format the pattern
     * @return utf8 strings
     * @throws ComputeException if the array is not a date or timestamp, or the pattern has a directive
     *     this kernel does not know
     */
    public static Array strftime(Array values, String format) {
        TimeUnitOf t = new TimeUnitOf(values, "strftime");
        if (t.timeOfDay) {
            throw new ComputeException("strftime: times of day are not supported (" + values.type() + ")");
        }
        long n = values.length();
        GrowableBuffer data = new GrowableBuffer(Outputs.allocator());
        ArrowBuffer offsets = Outputs.allocate((n + 1) * 4);
        MemorySegment valid = Validity.segment(values);
        StringBuilder sb = new StringBuilder();
        String zone = values.type() instanceof ArrowType.Timestamp ts ? ts.timezone() : null;
        if ((zone == null || zone.isEmpty()) && (format.contains("%z") || format.contains("%Z"))) {
            throw new ComputeException("strftime: %z and %Z need a timestamp with a time zone, not " + values.type());
        }
        for (long i = 0; i < n; i++) {
            if (valid == null || Bitmaps.get(valid, values.offset() + i)) {
                sb.setLength(0);
                format(t, t.raw(i), format, zone, sb);
                data.appendBytes(sb.toString().getBytes(StandardCharsets.UTF_8));
            }
            if (data.size() > Integer.MAX_VALUE) {
                throw new ComputeException("strftime: the output exceeds 2 GiB in one utf8 array");
            }
            offsets.segment().set(LittleEndian.INT, (i + 1) * 4, (int) data.size());
        }
        return Outputs.varBinary(ArrowType.UTF8, n, Validity.and(values), offsets, data.finish());
    }

    private static void format(TimeUnitOf t, long v, String format, String zone, StringBuilder sb) {
        long local = t.localSecond(v);
        long utc = t.days ? v * 86_400L : Math.floorDiv(v, t.perSecond);
        long nano = t.nanoOfSecond(v);
        long day = Math.floorDiv(local, 86_400L);
        long sod = Math.floorMod(local, 86_400L);
        long ymd = TimeUnitOf.civil(day);
        long y = Math.floorDiv(ymd, 512);
        long m = Math.floorMod(ymd, 512) / 32;
        long d = Math.floorMod(ymd, 32);
        int dow = (int) Math.floorMod(day + 3, 7);
        for (int k = 0; k < format.length(); k++) {
            char c = format.charAt(k);
            if (c != '%' || k + 1 == format.length()) {
                sb.append(c);
                continue;
            }
            char f = format.charAt(++k);
            switch (f) {
                case 'Y' -> sb.append(y);
                case 'y' -> pad(sb, Math.floorMod(y, 100), 2);
                case 'm' -> pad(sb, m, 2);
                case 'd' -> pad(sb, d, 2);
                case 'e' -> sb.append(d < 10 ? " " : "").append(d);
                case 'H' -> pad(sb, sod / 3600, 2);
                case 'I' -> pad(sb, (sod / 3600 + 11) % 12 + 1, 2);
                case 'p' -> sb.append(sod < 43_200 ? "AM" : "PM");
                case 'M' -> pad(sb, sod / 60 % 60, 2);
                case 'S' -> seconds(sb, sod % 60, nano, t);
                case 'j' -> pad(sb, day - TimeUnitOf.daysFromCivil(y, 1, 1) + 1, 3);
                case 'a' -> sb.append(DAY_NAMES[dow], 0, 3);
                case 'A' -> sb.append(DAY_NAMES[dow]);
                case 'b', 'h' -> sb.append(MONTH_NAMES[(int) m - 1], 0, 3);
                case 'B' -> sb.append(MONTH_NAMES[(int) m - 1]);
                case 'u' -> sb.append(dow + 1);
                case 'w' -> sb.append((dow + 1) % 7);
                case 'z' -> offset(sb, local - utc);
                case 'Z' -> sb.append(zoneName(zone, utc));
                case 'F' -> {
                    sb.append(y).append('-');
                    pad(sb, m, 2);
                    sb.append('-');
                    pad(sb, d, 2);
                }
                case 'T' -> {
                    pad(sb, sod / 3600, 2);
                    sb.append(':');
                    pad(sb, sod / 60 % 60, 2);
                    sb.append(':');
                    seconds(sb, sod % 60, nano, t);
                }
                case '%' -> sb.append('%');
                default -> throw new ComputeException("strftime: unknown directive %" + f + " in " + format);
            }
        }
    }

    private static void seconds(StringBuilder sb, long s, long nano, TimeUnitOf t) {
        pad(sb, s, 2);
        int digits = t.unit.fractionDigits();
        if (t.days || digits == 0) {
            return;
        }
        sb.append('.');
        pad(sb, nano / (TimeUnitOf.NANOS_PER_SECOND / t.unit.perSecond()), digits);
    }

    private static void offset(StringBuilder sb, long seconds) {
        sb.append(seconds < 0 ? '-' : '+');
        long a = Math.abs(seconds) / 60;
        pad(sb, a / 60, 2);
        pad(sb, a % 60, 2);
    }

    private static String zoneName(String zone, long utc) {
        if (zone == null || zone.isEmpty()) {
            return "UTC";
        }
        java.time.ZoneId id = java.time.ZoneId.of(zone);
        java.time.ZonedDateTime at = java.time.Instant.ofEpochSecond(utc).atZone(id);
        return java.time.format.DateTimeFormatter.ofPattern("zzz", java.util.Locale.US).format(at);
    }

    private static void pad(StringBuilder sb, long v, int width) {
        String s = Long.toString(v);
        for (int i = s.length(); i < width; i++) {
            sb.append('0');
        }
        sb.append(s);
    }

    /**
     * Parses each string with a strptime pattern into a naive timestamp (pyarrow's {@code strptime}):
     * {@code %Y %y %m %d %H %M %S %j %b %B %p %I %%} and literal characters; an unparsable string is an
     * error naming it and its row.
     *
     * @param strings utf8 values
     * @param format the pattern
     * @param unit the unit of the timestamps
     * @return timestamps of {@code unit} without a time zone
     * @throws ComputeException if the array is not utf8, the pattern has an unknown directive, or a string
     *     does not match the pattern
     */
    public static Array strptime(Array strings, String format, TimeUnit unit) {
        if (!(strings.type() instanceof ArrowType.Utf8)) {
            throw new ComputeException("strptime: needs a utf8 array, not " + strings.type());
        }
        dev.quiver.core.array.VarBinaryArray s = (dev.quiver.core.array.VarBinaryArray) strings;
        long n = strings.length();
        ArrowBuffer out = Outputs.allocate(n * 8);
        long perSecond = unit.perSecond();
        for (long i = 0; i < n; i++) {
            if (strings.isValid(i)) {
                String text = s.getString(i);
                long second = Parser.parse(text, format);
                if (second == Long.MIN_VALUE) {
                    throw new ComputeException("strptime: row " + i + ": failed to parse '" + text + "' with format '"
                            + format + "' as timestamp[" + unit.name().toLowerCase() + "]");
                }
                out.segment().set(LittleEndian.LONG, i * 8, Math.multiplyExact(second, perSecond));
            }
        }
        return Outputs.fixedWidth(new ArrowType.Timestamp(unit, null), n, Validity.and(strings), out);
    }

    /** The strptime parser: one pass over the pattern and the text. */
    private static final class Parser {
        static long parse(String text, String format) {
            long y = 1900;
            long m = 1;
            long d = 1;
            long h = 0;
            long min = 0;
            long sec = 0;
            long yday = -1;
            int pm = -1;
            int[] at = {0};
            for (int k = 0; k < format.length(); k++) {
                char c = format.charAt(k);
                if (c != '%' || k + 1 == format.length()) {
                    if (at[0] >= text.length() || text.charAt(at[0]) != c) {
                        return Long.MIN_VALUE;
                    }
                    at[0]++;
                    continue;
                }
                char f = format.charAt(++k);
                long v;
                switch (f) {
                    case 'Y' -> y = number(text, at, 4, true);
                    case 'y' -> {
                        v = number(text, at, 2, false);
                        y = v < 0 ? v : v + (v < 69 ? 2000 : 1900);
                    }
                    case 'm' -> m = number(text, at, 2, false);
                    case 'd' -> d = number(text, at, 2, false);
                    case 'H' -> h = number(text, at, 2, false);
                    case 'I' -> h = number(text, at, 2, false);
                    case 'M' -> min = number(text, at, 2, false);
                    case 'S' -> sec = number(text, at, 2, false);
                    case 'j' -> yday = number(text, at, 3, false);
                    case 'p' -> {
                        String rest = text.substring(at[0]).toUpperCase(java.util.Locale.ROOT);
                        pm = rest.startsWith("AM") ? 0 : rest.startsWith("PM") ? 1 : -2;
                        at[0] += 2;
                    }
                    case 'b', 'B', 'h' -> {
                        m = -1;
                        for (int q = 0; q < 12 && m < 0; q++) {
                            String full = MONTH_NAMES[q];
                            for (String name : new String[] {full, full.substring(0, 3)}) {
                                if (m < 0 && text.regionMatches(true, at[0], name, 0, name.length())) {
                                    m = q + 1;
                                    at[0] += name.length();
                                }
                            }
                        }
                    }
                    case '%' -> {
                        if (at[0] >= text.length() || text.charAt(at[0]++) != '%') {
                            return Long.MIN_VALUE;
                        }
                    }
                    default -> throw new ComputeException("strptime: unknown directive %" + f + " in " + format);
                }
                if (y == Long.MIN_VALUE || m == Long.MIN_VALUE || d == Long.MIN_VALUE || h == Long.MIN_VALUE
                        || min == Long.MIN_VALUE || sec == Long.MIN_VALUE || yday == Long.MIN_VALUE || pm == -2 || m < 0) {
                    return Long.MIN_VALUE;
                }
            }
            if (at[0] != text.length()) {
                return Long.MIN_VALUE;
            }
            if (pm >= 0) {
                if (h < 1 || h > 12) {
                    return Long.MIN_VALUE;
                }
                h = h % 12 + 12 * pm;
            }
            if (m < 1 || m > 12 || d < 1 || d > daysIn(y, m) || h > 23 || min > 59 || sec > 60) {
                return Long.MIN_VALUE;
            }
            long days = yday >= 1 ? TimeUnitOf.daysFromCivil(y, 1, 1) + yday - 1 : TimeUnitOf.daysFromCivil(y, m, d);
            return days * 86_400L + h * 3600 + min * 60 + sec;
        }

        private static long daysIn(long y, long m) {
            return TimeUnitOf.daysFromCivil(m == 12 ? y + 1 : y, m == 12 ? 1 : m + 1, 1) - TimeUnitOf.daysFromCivil(y, m, 1);
        }

        /** Up to {@code max} digits (a sign first when allowed) at {@code at[0]}, or Long.MIN_VALUE. */
        private static long number(String text, int[] at, int max, boolean signed) {
            int i = at[0];
            boolean negative = false;
            if (signed && i < text.length() && (text.charAt(i) == '-' || text.charAt(i) == '+')) {
                negative = text.charAt(i) == '-';
                i++;
            }
            int start = i;
            long v = 0;
            while (i < text.length() && i - start < max && Character.isDigit(text.charAt(i)) && text.charAt(i) < 128) {
                v = v * 10 + (text.charAt(i) - '0');
                i++;
            }
            if (i == start) {
                return Long.MIN_VALUE;
            }
            at[0] = i;
            return negative ? -v : v;
        }
    }
}
