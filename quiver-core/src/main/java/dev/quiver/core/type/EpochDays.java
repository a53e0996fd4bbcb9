// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.type;

/**
 * Day counts from the Unix epoch (1970-01-01), the unit of {@code date32}, for dates of the proleptic
 * Gregorian calendar. Allocation-free, for parsers' hot loops; {@link java.time.LocalDate#toEpochDay()}
 * gives the same count for the years it supports.
 */
public final class EpochDays {
    private EpochDays() {
    }

    /**
     * The days from 1970-01-01 to a civil date (negative before it), with any year: the count
     * {@code date32} stores.
     *
     * @param year the year, proleptic Gregorian (year 0 is 1 BC)
     * @param month the month, 1 to 12
     * @param day the day of the month, 1 to 31 (not checked against the month's length)
     * @return the epoch day
     */
    public static long fromCivil(long year, int month, int day) {
        long y = month <= 2 ? year - 1 : year;
        long era = Math.floorDiv(y, 400);
        long yearOfEra = y - era * 400;
        long dayOfYear = (153L * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;
        long dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
        return era * 146_097 + dayOfEra - 719_468;
    }
}
