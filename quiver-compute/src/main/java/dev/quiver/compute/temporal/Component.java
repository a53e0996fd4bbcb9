// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.temporal;

/** The fields {@link Temporal#extract} takes out of dates, times and timestamps, named after pyarrow.compute's functions. */
public enum Component {
    /** The year ({@code year}). */
    YEAR,
    /** The month, 1 to 12 ({@code month}). */
    MONTH,
    /** The day of the month, 1 to 31 ({@code day}). */
    DAY,
    /** The hour, 0 to 23 ({@code hour}). */
    HOUR,
    /** The minute, 0 to 59 ({@code minute}). */
    MINUTE,
    /** The second, 0 to 59 ({@code second}). */
    SECOND,
    /** The millisecond of the second, 0 to 999 ({@code millisecond}). */
    MILLISECOND,
    /** The microsecond of the millisecond, 0 to 999 ({@code microsecond}). */
    MICROSECOND,
    /** The nanosecond of the microsecond, 0 to 999 ({@code nanosecond}). */
    NANOSECOND,
    /** The day of the week, Monday 0 to Sunday 6 ({@code day_of_week}). */
    DAY_OF_WEEK,
    /** The day of the year, 1 to 366 ({@code day_of_year}). */
    DAY_OF_YEAR,
    /** The ISO 8601 week, 1 to 53 ({@code iso_week}). */
    ISO_WEEK,
    /** The ISO 8601 week-numbering year ({@code iso_year}). */
    ISO_YEAR,
    /** The quarter, 1 to 4 ({@code quarter}). */
    QUARTER;

    /** Whether the field is part of the time of day (the only fields times have). */
    boolean isTimeOfDay() {
        return ordinal() >= HOUR.ordinal() && ordinal() <= NANOSECOND.ordinal();
    }
}
