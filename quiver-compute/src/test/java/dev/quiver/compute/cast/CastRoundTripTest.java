// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.cast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.compute.ComputeException;
import dev.quiver.core.array.Array;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.TimeUnit;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class CastRoundTripTest {
    private static Array of(ArrowType type, List<?> values) {
        ArrayBuilder b = ArrayBuilder.of(type);
        values.forEach(b::appendObject);
        return b.build();
    }

    private static void roundTrip(Array a, ArrowType via) {
        assertEquals(a, Cast.to(Cast.to(a, via), a.type()), () -> a + " through " + via);
    }

    @Property(tries = 200)
    void integersSurviveStringsAndWiderIntegers(@ForAll List<Long> longs, @ForAll List<Integer> ints) {
        roundTrip(of(ArrowType.INT64, longs), ArrowType.UTF8);
        roundTrip(of(ArrowType.INT64, longs), ArrowType.LARGE_UTF8);
        roundTrip(of(ArrowType.INT32, ints), ArrowType.INT64);
        roundTrip(of(ArrowType.INT32, ints), ArrowType.FLOAT64);
        roundTrip(of(ArrowType.INT32, ints), new ArrowType.Decimal(12, 2, 128));
    }

    @Property(tries = 200)
    void floatsSurviveTheirShortestText(@ForAll List<Double> doubles, @ForAll List<Float> floats) {
        roundTrip(of(ArrowType.FLOAT64, doubles), ArrowType.UTF8);
        roundTrip(of(ArrowType.FLOAT32, floats), ArrowType.UTF8);
        roundTrip(of(ArrowType.FLOAT32, floats), ArrowType.FLOAT64);
    }

    @Property(tries = 200)
    void temporalValuesSurviveText(@ForAll @IntRange(min = -700_000, max = 2_900_000) int day,
            @ForAll @LongRange(min = -9_000_000_000_000_000L, max = 9_000_000_000_000_000L) long micros,
            @ForAll @LongRange(min = -999_999_999_999L, max = 999_999_999_999L) long unscaled) {
        roundTrip(of(new ArrowType.Date(DateUnit.DAY), java.util.Arrays.asList(LocalDate.ofEpochDay(day), null)),
                ArrowType.UTF8);
        // Within timestamp[ns]'s range (about 1678 to 2262), so the cast to nanoseconds fits.
        Instant at = Instant.EPOCH.plus(micros, java.time.temporal.ChronoUnit.MICROS);
        for (String zone : new String[] {null, "UTC", "Asia/Kolkata"}) {
            ArrowType.Timestamp t = new ArrowType.Timestamp(TimeUnit.MICROSECOND, zone);
            Object value = zone == null ? java.time.LocalDateTime.ofInstant(at, java.time.ZoneOffset.UTC) : at;
            Array a = of(t, java.util.Arrays.asList(value, null));
            if (zone == null || zone.equals("UTC")) {
                roundTrip(a, ArrowType.UTF8);
            }
            roundTrip(a, new ArrowType.Timestamp(TimeUnit.NANOSECOND, zone));
        }
        ArrowType.Decimal d = new ArrowType.Decimal(15, 4, 128);
        roundTrip(of(d, List.of(new BigDecimal(BigInteger.valueOf(unscaled), 4))), ArrowType.UTF8);
        roundTrip(of(d, List.of(new BigDecimal(BigInteger.valueOf(unscaled), 4))), new ArrowType.Decimal(30, 6, 128));
    }

    @Test
    void lossyCastsNameTheValueAndRow() {
        ComputeException range = assertThrows(ComputeException.class,
                () -> Cast.to(of(ArrowType.INT64, List.of(1L, 300L)), ArrowType.INT8));
        assertTrue(range.getMessage().contains("300 at row 1"), range.getMessage());
        ComputeException parse = assertThrows(ComputeException.class,
                () -> Cast.to(of(ArrowType.UTF8, List.of("1", "2", "x3")), ArrowType.INT32));
        assertTrue(parse.getMessage().contains("'x3' at row 2"), parse.getMessage());
        // Eight bytes at a time: every byte of a short value is checked, whatever follows it in the buffer.
        assertEquals(of(ArrowType.INT64, java.util.Arrays.asList(12345678L, -7L, null, 0L)), Cast.to(
                of(ArrowType.UTF8, java.util.Arrays.asList("12345678", "-7", null, "0")), ArrowType.INT64));
        for (String bad : new String[] {"1234 678", "12:4", "+", "-", "1/", "99999999999999999999"}) {
            assertThrows(ComputeException.class, () -> Cast.to(of(ArrowType.UTF8, List.of("1", bad, "2")),
                    ArrowType.INT64), bad);
        }
        ComputeException fraction = assertThrows(ComputeException.class,
                () -> Cast.to(of(ArrowType.FLOAT64, List.of(1.5)), ArrowType.INT64));
        assertTrue(fraction.getMessage().contains("1.5 at row 0"), fraction.getMessage());
        ComputeException time = assertThrows(ComputeException.class, () -> Cast.to(
                of(new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC"), List.of(Instant.ofEpochMilli(1001))),
                new ArrowType.Timestamp(TimeUnit.SECOND, "UTC")));
        assertTrue(time.getMessage().contains("1001 at row 0"), time.getMessage());
        assertEquals(of(ArrowType.INT8, List.of((byte) 44)),
                Cast.to(of(ArrowType.INT64, List.of(300L)), ArrowType.INT8, CastOptions.UNSAFE));
    }
}
