// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.temporal;

import dev.quiver.compute.ComputeException;
import dev.quiver.core.array.Array;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.EpochDays;
import dev.quiver.core.type.TimeUnit;
import java.lang.foreign.MemorySegment;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.zone.ZoneRules;

/**
 * A temporal array's raw values and how they map to local time: the number of its units per second,
 * whether it is a date, a time of day or a timestamp, and its zone's rules (null for UTC and naive
 * timestamps). Civil dates are computed from day numbers with integer arithmetic (no {@code java.time}
 * objects per value, except for the zone's offset of a zone that is not a fixed offset).
 */
final class TimeUnitOf {
    static final long NANOS_PER_SECOND = 1_000_000_000L;

    final Array array;
    final MemorySegment values;
    final int width;
    /** Units of a value per second (1 for seconds and dates in days, which are scaled by {@link #daysScale}). */
    final long perSecond;
    /** Whether the values are days (date32). */
    final boolean days;
    /** Whether the values are a time of day (time32/time64). */
    final boolean timeOfDay;
    /** The zone's rules, or null for UTC, naive timestamps and dates. */
    final ZoneRules rules;
    final int fixedOffset;
    final TimeUnit unit;

    TimeUnitOf(Array array, String kernel) {
        this.array = array;
        ArrowType type = array.type();
        this.values = array.data().buffer(1).segment();
        String zone = null;
        switch (type) {
            case ArrowType.Date d -> {
                days = d.unit() == DateUnit.DAY;
                width = days ? 4 : 8;
                perSecond = days ? 1 : 1000;
                unit = days ? TimeUnit.SECOND : TimeUnit.MILLISECOND;
                timeOfDay = false;
            }
            case ArrowType.Timestamp t -> {
                days = false;
                width = 8;
                unit = t.unit();
                perSecond = t.unit().perSecond();
                timeOfDay = false;
                zone = t.timezone();
            }
            case ArrowType.Time t -> {
                days = false;
                width = t.bitWidth() / 8;
                unit = t.unit();
                perSecond = t.unit().perSecond();
                timeOfDay = true;
            }
            default -> throw new ComputeException(kernel + ": needs a date, time or timestamp array, not " + type);
        }
        ZoneRules r = null;
        int fixed = 0;
        if (zone != null && !zone.isEmpty()) {
            try {
                r = ZoneId.of(zone).getRules();
            } catch (java.time.DateTimeException e) {
                throw new ComputeException(kernel + ": unknown time zone " + zone, e);
            }
            if (r.isFixedOffset()) {
                fixed = r.getOffset(Instant.EPOCH).getTotalSeconds();
                r = null;
            }
        }
        this.rules = r;
        this.fixedOffset = fixed;
    }

    /** Raw value {@code i}. */
    long raw(long i) {
        long at = array.offset() + i;
        return width == 4 ? values.get(LittleEndian.INT, at * 4) : values.get(LittleEndian.LONG, at * 8);
    }

    /** The local epoch second of raw value {@code v} (the zone's offset added). */
    long localSecond(long v) {
        long utc = days ? Math.multiplyExact(v, 86_400L) : Math.floorDiv(v, perSecond);
        return utc + offsetAt(utc);
    }

    /** The zone's offset in seconds at UTC epoch second {@code utc}. */
    int offsetAt(long utc) {
        return rules == null ? fixedOffset : rules.getOffset(Instant.ofEpochSecond(utc)).getTotalSeconds();
    }

    /** The nanosecond of the second of raw value {@code v}. */
    long nanoOfSecond(long v) {
        return days ? 0 : Math.floorMod(v, perSecond) * (NANOS_PER_SECOND / perSecond);
    }

    /**
     * The UTC epoch second of local epoch second {@code local}: refuses a local time that the zone skips
     * or repeats (pyarrow's {@code ambiguous='raise'} and {@code nonexistent='raise'}).
     */
    long utcSecond(long local, long row, String kernel) {
        if (rules == null) {
            return local - fixedOffset;
        }
        LocalDateTime ldt = LocalDateTime.ofEpochSecond(local, 0, ZoneOffset.UTC);
        var offsets = rules.getValidOffsets(ldt);
        if (offsets.size() != 1) {
            throw new ComputeException(kernel + ": row " + row + ": local time " + ldt + " is "
                    + (offsets.isEmpty() ? "nonexistent" : "ambiguous") + " in the array's time zone");
        }
        return local - offsets.get(0).getTotalSeconds();
    }

    /** Days since 1970-01-01 of a civil date (proleptic Gregorian): core's {@link EpochDays}. */
    static long daysFromCivil(long y, long m, long d) {
        return EpochDays.fromCivil(y, (int) m, (int) d);
    }

    /** The civil date of a day number: year, month and day packed as {@code year * 512 + month * 32 + day}. */
    static long civil(long days) {
        long z = days + 719468;
        long era = Math.floorDiv(z, 146097);
        long doe = z - era * 146097;
        long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
        long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        long mp = (5 * doy + 2) / 153;
        long d = doy - (153 * mp + 2) / 5 + 1;
        long m = mp < 10 ? mp + 3 : mp - 9;
        long y = yoe + era * 400 + (m <= 2 ? 1 : 0);
        return y * 512 + m * 32 + d;
    }
}
