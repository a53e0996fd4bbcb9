// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/** Floats parsed from bytes are exactly what the JDK parses, whatever the digits and exponent. */
class NumbersTest {
    private static void same(String text) {
        byte[] b = text.getBytes(StandardCharsets.US_ASCII);
        assertEquals(Double.doubleToRawLongBits(Double.parseDouble(text)),
                Double.doubleToRawLongBits(Numbers.parseDouble(b, 0, b.length, "float64")), text);
    }

    private static long parseLong(String text) {
        byte[] b = text.getBytes(StandardCharsets.US_ASCII);
        return Numbers.parseLong(b, 0, b.length, "int64");
    }

    @Property(tries = 20_000)
    void anyLongReadsBackExactly(@ForAll long value) {
        assertEquals(value, parseLong(Long.toString(value)));
        assertEquals(value, parseLong(String.format(Locale.ROOT, "%025d", value)));
    }

    @Test
    void longsAtTheEdgesOfTheRangeAndPastIt() {
        assertEquals(Long.MAX_VALUE, parseLong("9223372036854775807"));
        assertEquals(Long.MIN_VALUE, parseLong("-9223372036854775808"));
        assertEquals(999_999_999_999_999_999L, parseLong("+999999999999999999"));
        assertThrows(BadValue.class, () -> parseLong("9223372036854775808"));
        assertThrows(BadValue.class, () -> parseLong("-9223372036854775809"));
        assertThrows(BadValue.class, () -> parseLong("99999999999999999999"));
        assertThrows(BadValue.class, () -> parseLong("12a4"));
        assertThrows(BadValue.class, () -> parseLong("-"));
        assertThrows(BadValue.class, () -> parseLong("1234567890123456789x"));
    }

    @Test
    void shortIntegersAnywhereInTheirArray() {
        byte[] b = "x-12345678+9,007,1a3, 42,-,".getBytes(StandardCharsets.US_ASCII);
        assertEquals(-12345678, Numbers.parseLong(b, 1, 10, "int64"));
        assertEquals(9, Numbers.parseLong(b, 10, 12, "int64"));
        assertEquals(7, Numbers.parseLong(b, 13, 16, "int64"));
        assertThrows(BadValue.class, () -> Numbers.parseLong(b, 17, 20, "int64"));
        assertThrows(BadValue.class, () -> Numbers.parseLong(b, 21, 24, "int64"));
        assertThrows(BadValue.class, () -> Numbers.parseLong(b, 25, 26, "int64"));
        assertEquals(1, Numbers.parseLong("1".getBytes(StandardCharsets.US_ASCII), 0, 1, "int64"));
        for (int n = 1; n <= 8; n++) {
            for (int bad = 0; bad < n; bad++) {
                for (char c : new char[] {'/', ':', ' ', 'a', (char) 0xB0}) {
                    byte[] digits = ("abcdefgh" + "98765432".substring(0, n)).getBytes(StandardCharsets.ISO_8859_1);
                    digits[8 + bad] = (byte) c;
                    assertEquals(-1, Numbers.lastDigits(digits, digits.length, n), n + " digits, " + c + " at " + bad);
                }
            }
        }
    }

    @Test
    void boolWordsInTheirThreeCasesOnly() {
        for (String yes : new String[] {"true", "True", "TRUE", "1"}) {
            byte[] b = yes.getBytes(StandardCharsets.US_ASCII);
            assertEquals(1, ColumnParser.Bools.bool(b, 0, b.length), yes);
        }
        for (String no : new String[] {"false", "False", "FALSE", "0"}) {
            byte[] b = no.getBytes(StandardCharsets.US_ASCII);
            assertEquals(0, ColumnParser.Bools.bool(b, 0, b.length), no);
        }
        for (String neither : new String[] {"tRUE", "TRue", "fALSE", "FAlse", "yes", "2", "truth", "falsy", ""}) {
            byte[] b = neither.getBytes(StandardCharsets.US_ASCII);
            assertEquals(-1, ColumnParser.Bools.bool(b, 0, b.length), neither);
        }
    }

    @Property(tries = 20_000)
    void anyDoubleReadsBackExactly(@ForAll double value) {
        same(Double.toString(value));
        same(String.format(Locale.ROOT, "%.17g", value));
    }

    @Test
    void randomDigitsAndExponents() {
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 300_000; i++) {
            int digits = 1 + random.nextInt(18);
            StringBuilder text = new StringBuilder(random.nextBoolean() ? "-" : "");
            for (int d = 0; d < digits; d++) {
                text.append((char) ('0' + random.nextInt(10)));
            }
            int point = random.nextInt(digits + 1);
            text.insert(text.length() - digits + point, '.');
            if (random.nextBoolean()) {
                text.append('e').append(random.nextInt(700) - 350);
            }
            if (text.toString().replace("-", "").equals(".")) {
                continue;
            }
            same(text.toString());
        }
    }

    @Test
    void edges() {
        for (String text : new String[] {"0", "-0", "0.0", "1e308", "1.7976931348623157e308", "1.8e308", "4.9e-324",
            "2.2250738585072014e-308", "2.2250738585072011e-308", "9007199254740993", "0.1", "123456789012345678",
            "1.9702089703563541", "-77711.35", "1e-400", "1e400", "5e-324", "0.30000000000000004",
            "9999999999999999999", "inf", "-Infinity"}) {
            if (!text.equals("inf")) {
                same(text);
            }
        }
    }
}
