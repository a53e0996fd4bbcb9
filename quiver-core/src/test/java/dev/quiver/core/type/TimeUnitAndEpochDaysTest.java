// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.type;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.LocalDate;
import org.junit.jupiter.api.Test;

class TimeUnitAndEpochDaysTest {
    @Test
    void unitsPerSecondNanosPerUnitAndFractionDigits() {
        assertEquals(1L, TimeUnit.SECOND.perSecond());
        assertEquals(1_000L, TimeUnit.MILLISECOND.perSecond());
        assertEquals(1_000_000L, TimeUnit.MICROSECOND.perSecond());
        assertEquals(1_000_000_000L, TimeUnit.NANOSECOND.perSecond());
        assertEquals(1_000_000_000L, TimeUnit.SECOND.nanosPerUnit());
        assertEquals(1L, TimeUnit.NANOSECOND.nanosPerUnit());
        assertEquals(0, TimeUnit.SECOND.fractionDigits());
        assertEquals(6, TimeUnit.MICROSECOND.fractionDigits());
        assertEquals(9, TimeUnit.NANOSECOND.fractionDigits());
    }

    @Test
    void epochDaysMatchLocalDateAcrossErasAndLeapDays() {
        int[][] dates = {{1970, 1, 1}, {1969, 12, 31}, {2000, 2, 29}, {1900, 3, 1}, {-1, 3, 1}, {0, 2, 29},
            {-4713, 11, 24}, {9999, 12, 31}, {1600, 1, 1}, {2024, 12, 31}};
        for (int[] d : dates) {
            assertEquals(LocalDate.of(d[0], d[1], d[2]).toEpochDay(), EpochDays.fromCivil(d[0], d[1], d[2]),
                    d[0] + "-" + d[1] + "-" + d[2]);
        }
        for (long day = -800_000; day < 800_000; day += 997) {
            LocalDate date = LocalDate.ofEpochDay(day);
            assertEquals(day, EpochDays.fromCivil(date.getYear(), date.getMonthValue(), date.getDayOfMonth()));
        }
    }
}
