// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

/** An interval of days and milliseconds (interval[day_time]). */
public record IntervalDayTime(int days, int milliseconds) {
}
