// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

/** An interval of months, days and nanoseconds (interval[month_day_nano]). */
public record IntervalMonthDayNano(int months, int days, long nanoseconds) {
}
