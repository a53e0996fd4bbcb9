// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The fast paths of dates and timestamps against the general parser: whatever the fast path accepts, the
 * general one accepts with the same value; what it refuses goes to the general one, so the two entry
 * points ({@link Temporal#date}, {@link Temporal#timestamp}) always answer as the general parser does.
 */
class TemporalTest {
    private static final String ALPHABET = "0123456789-: T.Z+z/a";

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** The text at an odd offset of a larger array, so reads of eight bytes at once are checked off the start. */
    private static byte[] padded(String text) {
        return bytes("#" + text + "#########");
    }

    private static void sameTimestamp(String text) {
        byte[] b = padded(text);
        int s = 1;
        int e = 1 + text.length();
        Temporal general = new Temporal();
        boolean generalAccepts = general.timestampGeneral(b, s, e);
        Temporal fast = new Temporal();
        if (e - s >= 19 && fast.timestampFast(b, s, e)) {
            assertTrue(generalAccepts, () -> "the fast path accepts what the general parser refuses: " + text);
            assertEquals(general.seconds, fast.seconds, text);
            assertEquals(general.nanos, fast.nanos, text);
            assertEquals(general.fractionDigits, fast.fractionDigits, text);
            assertEquals(general.zoned, fast.zoned, text);
            assertEquals(general.dateOnly, fast.dateOnly, text);
        }
        Temporal both = new Temporal();
        assertEquals(generalAccepts, both.timestamp(b, s, e), text);
        if (generalAccepts) {
            assertEquals(general.seconds, both.seconds, text);
            assertEquals(general.nanos, both.nanos, text);
            assertEquals(general.zoned, both.zoned, text);
        }
    }

    private static void sameDate(String text) {
        byte[] b = padded(text);
        assertEquals(Temporal.dateGeneral(b, 1), Temporal.date(b, 1), text);
    }

    private static String validTimestamp(SplittableRandom random) {
        LocalDateTime t = LocalDateTime.of(random.nextInt(10_000), 1 + random.nextInt(12), 1, random.nextInt(24),
                random.nextInt(60), random.nextInt(60)).plusDays(random.nextInt(31));
        StringBuilder text = new StringBuilder(String.format("%04d-%02d-%02d%c%02d:%02d:%02d", t.getYear(),
                t.getMonthValue(), t.getDayOfMonth(), "T t".charAt(random.nextInt(3)), t.getHour(), t.getMinute(),
                t.getSecond()));
        int digits = random.nextInt(11);
        if (digits > 0) {
            text.append('.');
            for (int d = 0; d < digits; d++) {
                text.append((char) ('0' + random.nextInt(10)));
            }
        }
        switch (random.nextInt(5)) {
            case 0 -> text.append('Z');
            case 1 -> text.append(String.format("%c%02d:%02d", random.nextBoolean() ? '+' : '-', random.nextInt(20),
                    random.nextInt(61)));
            case 2 -> text.append(String.format("%c%02d%02d", random.nextBoolean() ? '+' : '-', random.nextInt(20),
                    random.nextInt(60)));
            default -> {
            }
        }
        return text.toString();
    }

    private static String mutate(String text, SplittableRandom random) {
        char[] chars = text.toCharArray();
        int changes = 1 + random.nextInt(2);
        for (int c = 0; c < changes; c++) {
            chars[random.nextInt(chars.length)] = ALPHABET.charAt(random.nextInt(ALPHABET.length()));
        }
        String out = new String(chars);
        return random.nextInt(8) == 0 ? out.substring(0, random.nextInt(out.length() + 1)) : out;
    }

    @Test
    void randomTimestampsAndTheirMutationsAnswerAsTheGeneralParser() {
        SplittableRandom random = new SplittableRandom(14);
        for (int i = 0; i < 200_000; i++) {
            String text = validTimestamp(random);
            sameTimestamp(text);
            sameTimestamp(mutate(text, random));
        }
    }

    @Test
    void randomDatesAndTheirMutationsAnswerAsTheGeneralParser() {
        SplittableRandom random = new SplittableRandom(15);
        for (int i = 0; i < 200_000; i++) {
            String text = String.format("%04d-%02d-%02d", random.nextInt(10_000), random.nextInt(14),
                    random.nextInt(33));
            sameDate(text);
            sameDate(mutate(text, random).concat("0000000000").substring(0, 10));
        }
    }

    @Test
    void badDigitsLeapSecondsAndInvalidDatesAreRefused() {
        for (String text : new String[] {"2020-02-30 00:00:00", "2021-02-29T00:00:00", "2020-13-01 00:00:00",
            "2020-00-10 00:00:00", "2020-01-00 00:00:00", "2016-12-31 23:59:60", "2016-12-31T23:59:60Z",
            "2020-01-01 24:00:00", "2020-01-01 23:60:00", "2020-01-01 2a:00:00", "2020-01-01 00:00:0/",
            "2020-01-01 00:00:00.", "2020-01-01 00:00:00.12a", "2020-01-01 00:00:00.1234567891",
            "2020-01-01 00:00:00+19:00", "2020-01-01 00:00:00+01:60", "2020-01-01 00:00:00+1:00",
            "2020-01-01x00:00:00", "2020/01/01 00:00:00", "202O-01-01 00:00:00", "2020-01-01 00:00:00ZZ",
            "2020-01-01 00-00-00", "2020-01-01 00:00:00 "}) {
            Temporal t = new Temporal();
            assertFalse(t.timestamp(padded(text), 1, 1 + text.length()), text);
            sameTimestamp(text);
        }
        for (String text : new String[] {"2020-02-30", "2021-02-29", "1900-02-29", "2020-13-01", "2020-1a-01",
            "2020-01-3/", "2020/01/01", "20200-1-01", "2020-01-32"}) {
            assertEquals(Long.MIN_VALUE, Temporal.date(padded(text), 1), text);
            sameDate(text);
        }
    }

    @Test
    void commonLayoutsHaveTheirValues() {
        Temporal t = new Temporal();
        String text = "2020-02-29 23:59:59.123456";
        assertTrue(t.timestampFast(padded(text), 1, 1 + text.length()));
        assertEquals(LocalDateTime.of(2020, 2, 29, 23, 59, 59).toEpochSecond(ZoneOffset.UTC), t.seconds);
        assertEquals(123_456_000, t.nanos);
        assertFalse(t.zoned);
        text = "2000-01-01T00:00:00-05:30";
        assertTrue(t.timestampFast(padded(text), 1, 1 + text.length()));
        assertEquals(LocalDateTime.of(2000, 1, 1, 5, 30).toEpochSecond(ZoneOffset.UTC), t.seconds);
        assertTrue(t.zoned);
        assertEquals(LocalDate.of(2400, 2, 29).toEpochDay(), Temporal.date(padded("2400-02-29"), 1));
        assertEquals(LocalDate.of(0, 1, 1).toEpochDay(), Temporal.date(padded("0000-01-01"), 1));
    }
}
