// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.builder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.DateArray;
import dev.quiver.core.array.DurationArray;
import dev.quiver.core.array.IntervalDayTime;
import dev.quiver.core.array.IntervalMonthDayNano;
import dev.quiver.core.array.IntervalYearMonthArray;
import dev.quiver.core.array.TimeArray;
import dev.quiver.core.array.TimestampArray;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.IntervalUnit;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.TimeUnit;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.Period;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/**
 * java.time values round-trip through the temporal builders and arrays in every unit, before and after
 * the epoch and in several zones; what a unit cannot hold exactly is refused and nothing is stored.
 */
class TemporalRoundTripPropertyTest {
    private static final BufferAllocator ALLOC = BufferAllocator.managed();
    private static final BigInteger NANOS_PER_SECOND = BigInteger.valueOf(1_000_000_000L);

    @Provide
    Arbitrary<TimeUnit> units() {
        return Arbitraries.of(TimeUnit.values());
    }

    @Provide
    Arbitrary<String> zones() {
        return Arbitraries.of("UTC", "+05:30", "-08:00", "America/New_York", "Europe/Paris", "Asia/Kolkata");
    }

    /** Instants over LocalDateTime's whole range, biased to the epoch and to the limits of 64-bit nanoseconds. */
    @Provide
    Arbitrary<Instant> instants() {
        Arbitrary<Long> seconds = Arbitraries.oneOf(Arbitraries.longs().between(-4_000_000_000L, 4_000_000_000L),
                Arbitraries.longs().between(LocalDateTime.MIN.toEpochSecond(ZoneOffset.UTC),
                        LocalDateTime.MAX.toEpochSecond(ZoneOffset.UTC)),
                Arbitraries.longs().between(-9_223_372_037L, -9_223_372_036L),
                Arbitraries.longs().between(9_223_372_035L, 9_223_372_036L));
        Arbitrary<Integer> nanos = Arbitraries.oneOf(Arbitraries.integers().between(0, 999_999_999),
                Arbitraries.integers().between(0, 999).map(n -> n * 1_000_000),
                Arbitraries.integers().between(0, 999_999).map(n -> n * 1_000), Arbitraries.just(0));
        return seconds.flatMap(s -> nanos.map(n -> Instant.ofEpochSecond(s, n)));
    }

    /** The exact count of {@code unit} in seconds + nanos, or null if it is not whole. */
    private static BigInteger exactCount(long seconds, int nanos, TimeUnit unit) {
        BigInteger total = BigInteger.valueOf(seconds).multiply(NANOS_PER_SECOND).add(BigInteger.valueOf(nanos));
        BigInteger[] qr = total.divideAndRemainder(BigInteger.valueOf(unit.nanosPerUnit()));
        return qr[1].signum() == 0 ? qr[0] : null;
    }

    private static boolean fitsLong(BigInteger v) {
        return v != null && v.bitLength() < 64;
    }

    @Property(tries = 300)
    void instantsRoundTripThroughZonedTimestamps(@ForAll("units") TimeUnit unit, @ForAll("zones") String zone,
            @ForAll("instants") Instant instant) {
        ArrowType.Timestamp type = new ArrowType.Timestamp(unit, zone);
        TimestampBuilder builder = new TimestampBuilder(type, ALLOC).append(7L);
        BigInteger count = exactCount(instant.getEpochSecond(), instant.getNano(), unit);
        if (fitsLong(count)) {
            builder.append(instant);
        } else {
            ValueOutOfRangeException e = assertThrows(ValueOutOfRangeException.class, () -> builder.append(instant));
            assertTrue(e.getMessage().contains(instant.toString()) && e.getMessage().contains(type.toString()));
        }
        TimestampArray array = builder.append(8L).build();
        if (fitsLong(count)) {
            assertEquals(instant, array.getObject(1));
            assertEquals(count.longValueExact(), array.get(1));
            assertEquals(LocalDateTime.ofInstant(instant, ZoneOffset.UTC), array.getLocalDateTime(1));
        } else {
            assertEquals(2, array.length(), "nothing stored for a refused value");
        }
        assertEquals(8L, array.get(array.length() - 1), "the builder stays usable");
    }

    @Property(tries = 300)
    void localDateTimesRoundTripThroughTimestampsWithoutZone(@ForAll("units") TimeUnit unit,
            @ForAll("instants") Instant instant) {
        LocalDateTime dateTime = LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
        ArrowType.Timestamp type = new ArrowType.Timestamp(unit, null);
        TimestampBuilder builder = new TimestampBuilder(type, ALLOC);
        BigInteger count = exactCount(instant.getEpochSecond(), instant.getNano(), unit);
        if (fitsLong(count)) {
            TimestampArray array = builder.appendObject(dateTime).build();
            assertEquals(dateTime, array.getObject(0));
            assertEquals(count.longValueExact(), array.get(0));
        } else {
            assertThrows(ValueOutOfRangeException.class, () -> builder.appendObject(dateTime));
            assertEquals(0, builder.length());
        }
    }

    @Property(tries = 200)
    void rawTimestampsRoundTripThroughJavaTime(@ForAll("units") TimeUnit unit, @ForAll long raw) {
        TimestampArray zoned = new TimestampBuilder(new ArrowType.Timestamp(unit, "UTC"), ALLOC).append(raw).build();
        if (unit == TimeUnit.SECOND && (raw < Instant.MIN.getEpochSecond() || raw > Instant.MAX.getEpochSecond())) {
            return; // beyond java.time: only the raw count reads such a value
        }
        Instant instant = zoned.getInstant(0);
        assertEquals(raw, new TimestampBuilder(new ArrowType.Timestamp(unit, "UTC"), ALLOC).append(instant).build()
                .get(0));
        Duration duration = new DurationBuilder(new ArrowType.Duration(unit), ALLOC).append(raw).build()
                .getDuration(0);
        assertEquals(raw, new DurationBuilder(new ArrowType.Duration(unit), ALLOC).append(duration).build().get(0));
    }

    @Test
    void timestampKindsAreNotMixed() {
        TimestampBuilder zoned = new TimestampBuilder(new ArrowType.Timestamp(TimeUnit.SECOND, "UTC"), ALLOC);
        assertThrows(IllegalArgumentException.class, () -> zoned.appendObject(LocalDateTime.of(2020, 1, 1, 0, 0)));
        TimestampBuilder local = new TimestampBuilder(new ArrowType.Timestamp(TimeUnit.SECOND, ""), ALLOC);
        assertThrows(IllegalArgumentException.class, () -> local.appendObject(Instant.EPOCH));
        assertEquals(0, zoned.length() + local.length());
        zoned.appendObject(Instant.EPOCH.atZone(ZoneId.of("Europe/Paris")));
        assertEquals(Instant.EPOCH, zoned.build().getObject(0));
        assertThrows(ValueOutOfRangeException.class, () -> new TimestampBuilder(
                new ArrowType.Timestamp(TimeUnit.SECOND, "UTC"), ALLOC).append(Instant.ofEpochMilli(1)));
    }

    @Property(tries = 200)
    void durationsRoundTripInEveryUnit(@ForAll("units") TimeUnit unit, @ForAll long seconds,
            @ForAll @IntRange(min = 0, max = 999_999_999) int nanos) {
        Duration duration = Duration.ofSeconds(seconds, nanos);
        DurationBuilder builder = new DurationBuilder(new ArrowType.Duration(unit), ALLOC);
        BigInteger count = exactCount(duration.getSeconds(), duration.getNano(), unit);
        if (fitsLong(count)) {
            DurationArray array = builder.appendObject(duration).build();
            assertEquals(duration, array.getObject(0));
            assertEquals(count.longValueExact(), array.get(0));
        } else {
            assertThrows(ValueOutOfRangeException.class, () -> builder.append(duration));
            assertEquals(0, builder.length());
        }
    }

    @Property(tries = 200)
    void datesRoundTripInBothUnits(@ForAll @LongRange(min = -365_243_219_162L, max = 365_241_780_471L) long day) {
        LocalDate date = LocalDate.ofEpochDay(day);
        DateBuilder millis = new DateBuilder(new ArrowType.Date(DateUnit.MILLISECOND), ALLOC);
        if (Math.abs(day) <= Long.MAX_VALUE / 86_400_000L) {
            DateArray array = millis.append(date).build();
            assertEquals(date, array.getObject(0));
            assertEquals(day * 86_400_000L, array.get(0));
        } else {
            assertThrows(ValueOutOfRangeException.class, () -> millis.append(date));
            assertEquals(0, millis.length());
        }
        DateBuilder days = new DateBuilder(new ArrowType.Date(DateUnit.DAY), ALLOC);
        if (day == (int) day) {
            assertEquals(date, days.appendObject(date).build().getLocalDate(0));
        } else {
            assertThrows(ValueOutOfRangeException.class, () -> days.append(date));
            assertEquals(0, days.length());
        }
    }

    @Property(tries = 100)
    void datesNearTheEpochRoundTrip(@ForAll @IntRange(min = -800_000, max = 800_000) int day) {
        LocalDate date = LocalDate.ofEpochDay(day);
        DateArray array = new DateBuilder(new ArrowType.Date(DateUnit.DAY), ALLOC).append(date).append(day).build();
        assertEquals(date, array.getObject(0));
        assertEquals(date, array.getObject(1));
    }

    @Test
    void rawDatesReadAsTheDayTheyFallIn() {
        DateArray array = new DateBuilder(new ArrowType.Date(DateUnit.MILLISECOND), ALLOC).append(-1L)
                .append(86_400_001L).build();
        assertEquals(Arrays.asList(LocalDate.of(1969, 12, 31), LocalDate.of(1970, 1, 2)),
                Arrays.asList(array.getObject(0), array.getObject(1)));
        assertThrows(ValueOutOfRangeException.class,
                () -> new DateBuilder(new ArrowType.Date(DateUnit.DAY), ALLOC).append(1L << 31));
    }

    @Property(tries = 200)
    void timesRoundTripInEveryUnit(@ForAll("units") TimeUnit unit,
            @ForAll @LongRange(min = 0, max = 86_399_999_999_999L) long nanoOfDay) {
        int bits = unit == TimeUnit.SECOND || unit == TimeUnit.MILLISECOND ? 32 : 64;
        LocalTime time = LocalTime.ofNanoOfDay(nanoOfDay);
        TimeBuilder builder = new TimeBuilder(new ArrowType.Time(unit, bits), ALLOC);
        long nanosPerUnit = unit.nanosPerUnit();
        if (nanoOfDay % nanosPerUnit == 0) {
            TimeArray array = builder.appendObject(time).build();
            assertEquals(time, array.getObject(0));
            assertEquals(nanoOfDay / nanosPerUnit, array.get(0));
        } else {
            assertThrows(ValueOutOfRangeException.class, () -> builder.append(time));
            assertEquals(0, builder.length());
        }
        LocalTime truncated = LocalTime.ofNanoOfDay(nanoOfDay - nanoOfDay % nanosPerUnit);
        assertEquals(truncated, new TimeBuilder(new ArrowType.Time(unit, bits), ALLOC).append(truncated).build()
                .getLocalTime(0));
    }

    @Test
    void rawTimesOutsideADayAreRefused() {
        TimeBuilder builder = new TimeBuilder(new ArrowType.Time(TimeUnit.SECOND, 32), ALLOC);
        assertThrows(ValueOutOfRangeException.class, () -> builder.append(-1));
        assertThrows(ValueOutOfRangeException.class, () -> builder.append(86_400));
        assertEquals(LocalTime.of(23, 59, 59), builder.append(86_399).build().getObject(0));
    }

    @Test
    void valuesBeyondJavaTimeReadAsTheirRawCount() {
        // Spec data may hold them (a time outside a day, seconds beyond a billion years): getObject must not throw
        TimeArray times = (TimeArray) dev.quiver.core.array.Array.of(new TimeBuilder(
                new ArrowType.Time(TimeUnit.SECOND, 32), ALLOC).append(5).build().data());
        assertEquals(LocalTime.of(0, 0, 5), times.getObject(0));
        TimestampArray far = new TimestampBuilder(new ArrowType.Timestamp(TimeUnit.SECOND, "UTC"), ALLOC)
                .append(Long.MAX_VALUE).append(Long.MIN_VALUE).build();
        assertEquals(Long.MAX_VALUE, far.getObject(0));
        assertEquals(Long.MIN_VALUE, far.getObject(1));
        assertThrows(java.time.DateTimeException.class, () -> far.getInstant(0));
        assertEquals(Long.MIN_VALUE, new TimestampBuilder(new ArrowType.Timestamp(TimeUnit.SECOND, "UTC"), ALLOC)
                .appendObject(far.getObject(1)).build().get(0));
    }

    @Property(tries = 200)
    void intervalsRoundTrip(@ForAll int months, @ForAll int days, @ForAll long nanos, @ForAll int millis) {
        IntervalYearMonthArray yearMonth = new IntervalYearMonthBuilder(ALLOC).append(months)
                .appendObject(Period.ofMonths(months)).build();
        assertEquals(Period.ofMonths(months).normalized(), yearMonth.getObject(0));
        assertEquals(months, yearMonth.get(1));
        IntervalDayTime dayTime = new IntervalDayTime(days, millis);
        assertEquals(dayTime, new IntervalDayTimeBuilder(ALLOC).appendObject(dayTime).build().getObject(0));
        IntervalMonthDayNano mdn = new IntervalMonthDayNano(months, days, nanos);
        assertEquals(mdn, new IntervalMonthDayNanoBuilder(ALLOC).appendObject(mdn).build().getObject(0));
    }

    @Test
    void periodsWithDaysOrTooManyMonthsAreRefused() {
        IntervalYearMonthBuilder builder = new IntervalYearMonthBuilder(ALLOC);
        assertThrows(ValueOutOfRangeException.class, () -> builder.append(Period.ofDays(1)));
        assertThrows(ValueOutOfRangeException.class, () -> builder.append(Period.ofYears(200_000_000)));
        assertThrows(ValueOutOfRangeException.class, () -> builder.appendObject(1L << 40));
        assertEquals(Period.of(-1, -2, 0), builder.append(Period.ofMonths(-14)).build().getObject(0));
    }

    @Test
    void recordBatchOfRowsTakesJavaTimeAndRawNumbers() {
        Schema schema = Schema.of(
                Field.nullable("date", new ArrowType.Date(DateUnit.DAY)),
                Field.nullable("time", new ArrowType.Time(TimeUnit.MICROSECOND, 64)),
                Field.nullable("at", new ArrowType.Timestamp(TimeUnit.MILLISECOND, "Asia/Tokyo")),
                Field.nullable("local", new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)),
                Field.nullable("took", new ArrowType.Duration(TimeUnit.MICROSECOND)),
                Field.nullable("months", new ArrowType.Interval(IntervalUnit.YEAR_MONTH)));
        RecordBatch batch = RecordBatch.ofRows(schema, List.of(
                List.of(LocalDate.of(1900, 2, 28), LocalTime.of(1, 2, 3, 4_000), Instant.parse("1901-01-01T00:00:00Z"),
                        LocalDateTime.of(1969, 12, 31, 23, 59, 59, 1), Duration.ofMillis(-1500), Period.of(2, 3, 0)),
                List.of(-1, 1L, -1L, -1L, -1L, 14),
                Arrays.asList(null, null, null, null, null, null)));
        assertEquals(List.of(LocalDate.of(1900, 2, 28), LocalTime.of(1, 2, 3, 4_000),
                Instant.parse("1901-01-01T00:00:00Z"), LocalDateTime.of(1969, 12, 31, 23, 59, 59, 1),
                Duration.ofMillis(-1500), Period.of(2, 3, 0)), row(batch, 0));
        assertEquals(List.of(LocalDate.of(1969, 12, 31), LocalTime.of(0, 0, 0, 1_000),
                Instant.parse("1969-12-31T23:59:59.999Z"), LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_999),
                Duration.ofNanos(-1_000), Period.of(1, 2, 0)), row(batch, 1));
        assertEquals(Arrays.asList(null, null, null, null, null, null), row(batch, 2));
        batch.columns().forEach(c -> c.validateFull());
    }

    private static List<Object> row(RecordBatch batch, int r) {
        return batch.columns().stream().map(c -> c.getObject(r)).toList();
    }
}
