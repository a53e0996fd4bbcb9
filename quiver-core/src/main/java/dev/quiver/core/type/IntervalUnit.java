// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.type;

/** The unit of an interval (Schema.fbs {@code IntervalUnit}), which fixes its physical width. */
public enum IntervalUnit {
    /** Months, as one signed 32-bit integer. */
    YEAR_MONTH(32),
    /** Days and milliseconds, two signed 32-bit integers. */
    DAY_TIME(64),
    /** Months and days (32-bit each) and nanoseconds (64-bit). */
    MONTH_DAY_NANO(128);

    private final int bitWidth;

    IntervalUnit(int bitWidth) {
        this.bitWidth = bitWidth;
    }

    /**
     * The width of one value.
     *
     * @return 32, 64 or 128 bits
     */
    public int bitWidth() {
        return bitWidth;
    }
}
