// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A value after the first block (the inference sample) is read exactly as it would have been inside the
 * first block, or is a {@link CsvException} naming its line, column and value: never silently changed.
 */
class LateValuesTest {
    private static final int FILL = 400;
    private static final CsvReadOptions SMALL = CsvReadOptions.DEFAULT.withBlockSize(1024).withThreads(1);

    /** A column of {@link #FILL} copies of {@code sample} (more than one small block), then {@code late}. */
    private static String lateAfter(String sample, String late) {
        return "v\n" + (sample + "\n").repeat(FILL) + late + "\n";
    }

    private static CsvException lateError(String sample, String late, CsvReadOptions options) {
        CsvException e = assertThrows(CsvException.class, () -> CsvReaderTest.read(lateAfter(sample, late), options),
                late + " after " + sample);
        assertEquals(FILL + 2, e.line(), e.getMessage());
        assertEquals("v", e.column(), e.getMessage());
        assertEquals(late, e.value(), e.getMessage());
        return e;
    }

    @Test
    void leadingZerosAfterTheFirstBlockOfAnIntegerColumnAreAnError() {
        CsvException e = lateError("12", "007", SMALL);
        assertTrue(e.getMessage().contains("leading zero"), e.getMessage());
        assertTrue(e.getMessage().contains("--types"), e.getMessage());
        lateError("12", "-01", SMALL);
        lateError("12", "007", SMALL.withThreads(2));
        assertEquals(List.of("12", "007"), CsvReaderTest.column(CsvReaderTest.read("v\n12\n007\n", SMALL), 0),
                "in the first block, the zip code makes the column text");
    }

    @Test
    void digitsAFloat64WouldRoundAfterTheFirstBlockAreAnError() {
        lateError("1.5", "1234567890.123456789", SMALL);
        lateError("1.5", "9007199254740993", SMALL);
        lateError("1.5", "12345678901234567890123", SMALL);
        lateError("1.5", "00.5", SMALL);
        lateError("1.5", "007", SMALL);
    }

    @Test
    void otherInferredTypesRefuseWhatTheFirstBlockWouldHaveReadOtherwise() {
        lateError("true", "1", SMALL);
        lateError("false", "0", SMALL);
        lateError("2024-01-02T03:04:05Z", "2024-01-02T03:04:05", SMALL);
        lateError("2024-01-02T03:04:05Z", "2024-01-02", SMALL);
        lateError("2024-01-02T03:04:05", "2024-01-02T03:04:05.123456789", SMALL);
        lateError("2024-01-02T03:04:05", "2024-01-02T03:04:05.000000000", SMALL);
        lateError("12:30:00", "12:30", SMALL);
        lateError("12:30:00", "12:30:00.000", SMALL);
        lateError("12", "99999999999999999999", SMALL);
        CsvReadOptions decimals = SMALL.withInferDecimals(true);
        lateError("1.25", "1.255", decimals);
        lateError("1.25", "1.250", decimals);
        lateError("1.25", "007", decimals);
        lateError("1.25", "1e3", decimals);
    }

    @Test
    void theFirstBlockNeverRoundsDigitsAFloat64CannotHold() {
        // An exponent makes a column float64, a decimal128 holds no exponent: a value with more digits
        // than a float64 keeps makes the column text.
        String csv = "v\n1e5\n1234567890.123456789012\n";
        assertEquals(ArrowType.UTF8, CsvReaderTest.schema(csv, SMALL).field(0).type());
        assertEquals(List.of("1e5", "1234567890.123456789012"), CsvReaderTest.column(CsvReaderTest.read(csv, SMALL),
                0));
        String wide = "v\n123456789012345678901234567890.1234567890\n";
        assertEquals(ArrowType.UTF8, CsvReaderTest.schema(wide, SMALL).field(0).type(), "beyond decimal128 too");
    }

    @Test
    void givenTypesStillReadWhatTheyAccept() {
        CsvReadOptions typed = SMALL.withTypes(Map.of("v", ArrowType.INT64));
        List<RecordBatch> batches = CsvReaderTest.read(lateAfter("12", "007"), typed);
        assertEquals(7L, CsvReaderTest.column(batches, 0).getLast());
    }

    private static final String[] VALUES = {"12", "-3", "+4", "0", "-0", "007", "9007199254740993",
        "99999999999999999999", "1.5", "-0.25", ".5", "1.", "1.250", "00.5", "1e3", "inf", "1234567890.123456789",
        "0.12345678901234567", "true", "False", "1", "TRUE", "2024-01-02", "2024-02-30", "2024-01-02T03:04:05",
        "2024-01-02 03:04:05.5", "2024-01-02T03:04:05.123456789", "2024-01-02T03:04:05Z",
        "2024-01-02T03:04:05+02:00", "12:30:00", "12:30", "12:30:00.5", "12:30:00.000", "23:59:59.123456789",
        "x", "NA"};

    /** Any late value: read as the first block would have read it (same type, same value), or an error. */
    @Test
    void aLateValueIsReadAsInTheFirstBlockOrRefused() {
        Random random = new Random(28);
        for (int round = 0; round < 300; round++) {
            String sample = VALUES[random.nextInt(VALUES.length)];
            String late = VALUES[random.nextInt(VALUES.length)];
            if (sample.equals("NA")) {
                continue; // a first block of nulls makes text, whatever follows
            }
            CsvReadOptions options = random.nextBoolean() ? SMALL : SMALL.withInferDecimals(true);
            String early = "v\n" + late + "\n" + (sample + "\n").repeat(FILL);
            ArrowType earlyType = CsvReaderTest.schema(early, options).field(0).type();
            Object earlyValue = CsvReaderTest.column(CsvReaderTest.read(early, options), 0).getFirst();
            List<RecordBatch> batches;
            try {
                batches = CsvReaderTest.read(lateAfter(sample, late), options);
            } catch (CsvException refused) {
                assertEquals(late, refused.value(), refused.getMessage());
                continue;
            }
            ArrowType lateType = batches.getFirst().schema().field(0).type();
            Object lateValue = CsvReaderTest.column(batches, 0).getLast();
            assertEquals(earlyType, lateType, late + " after " + sample);
            assertEquals(same(earlyValue), same(lateValue), late + " after " + sample);
        }
    }

    private static Object same(Object value) {
        return value instanceof BigDecimal d ? d.stripTrailingZeros() : value;
    }
}
