// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

/**
 * An interval of months, days and nanoseconds: a value of interval[month_day_nano].
 *
 * @param months the months
 * @param days the days
 * @param nanoseconds the nanoseconds
 */
public record IntervalMonthDayNano(int months, int days, long nanoseconds) {
}
