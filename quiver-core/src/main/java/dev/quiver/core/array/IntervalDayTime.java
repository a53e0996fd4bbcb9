// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

/**
 * An interval of days and milliseconds: a value of interval[day_time].
 *
 * @param days the days
 * @param milliseconds the milliseconds
 */
public record IntervalDayTime(int days, int milliseconds) {
}
