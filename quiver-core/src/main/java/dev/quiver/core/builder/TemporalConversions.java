// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.builder;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.IntervalUnit;
import dev.quiver.core.type.TimeUnit;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;

/** Exact conversions of seconds and nanoseconds to the raw counts of the temporal types. */
final class TemporalConversions {
    private TemporalConversions() {
    }

    /**
     * The raw count a temporal builder stores for a {@code java.time} value (so that a dictionary keys
     * {@code Instant.ofEpochSecond(1)} and {@code 1_000_000L} of a microsecond timestamp as the same
     * value), or the value itself when it is not a {@code java.time} value of that type, or one its
     * builder refuses (whose append then fails).
     *
     * @param type the storage type
     * @param value a non-null value
     * @return the stored count as a {@code Long}, or {@code value}
     */
    static Object storedCount(ArrowType type, Object value) {
        try {
            return switch (type) {
                case ArrowType.Timestamp t when value instanceof Instant i -> instant(i, t);
                case ArrowType.Timestamp t when value instanceof ZonedDateTime z -> instant(z.toInstant(), t);
                case ArrowType.Timestamp t when value instanceof OffsetDateTime o -> instant(o.toInstant(), t);
                case ArrowType.Timestamp t when value instanceof LocalDateTime d ->
                        toUnit(d.toEpochSecond(ZoneOffset.UTC), d.getNano(), t.unit(), value, t);
                case ArrowType.Duration t when value instanceof Duration d ->
                        toUnit(d.getSeconds(), d.getNano(), t.unit(), value, t);
                case ArrowType.Date t when value instanceof LocalDate d -> t.unit() == DateUnit.DAY
                        ? d.toEpochDay() : Math.multiplyExact(d.toEpochDay(), 86_400_000L);
                case ArrowType.Time t when value instanceof LocalTime l
                        && l.toNanoOfDay() % t.unit().nanosPerUnit() == 0 ->
                        l.toNanoOfDay() / t.unit().nanosPerUnit();
                case ArrowType.Interval t when t.unit() == IntervalUnit.YEAR_MONTH && value instanceof Period p
                        && p.getDays() == 0 -> p.toTotalMonths();
                default -> value;
            };
        } catch (ValueOutOfRangeException | ArithmeticException e) {
            return value;
        }
    }

    private static long instant(Instant i, ArrowType.Timestamp type) {
        return toUnit(i.getEpochSecond(), i.getNano(), type.unit(), i, type);
    }

    /**
     * {@code seconds + nanos / 1e9} in {@code unit}, exactly.
     *
     * @param value the value as given, for the message
     * @throws ValueOutOfRangeException if the count overflows 64 bits or the nanoseconds are finer than
     *     the unit
     */
    static long toUnit(long seconds, int nanos, TimeUnit unit, Object value, ArrowType type) {
        long perSecond = unit.perSecond();
        long nanosPerUnit = unit.nanosPerUnit();
        if (nanos % nanosPerUnit != 0) {
            throw new ValueOutOfRangeException(value, type, "finer than " + unit.symbol()
                    + " (it would need rounding)");
        }
        try {
            if (seconds < 0 && nanos > 0) {
                // seconds * perSecond alone may pass Long.MIN_VALUE where the sum does not
                return Math.addExact(Math.multiplyExact(seconds + 1, perSecond), nanos / nanosPerUnit - perSecond);
            }
            return Math.addExact(Math.multiplyExact(seconds, perSecond), nanos / nanosPerUnit);
        } catch (ArithmeticException e) {
            throw new ValueOutOfRangeException(value, type, "overflows 64 bits of " + unit.symbol());
        }
    }
}
