// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.type;

/** The unit of a time, timestamp or duration (Schema.fbs {@code TimeUnit}). */
public enum TimeUnit {
    /** Seconds. */
    SECOND("s", 1L, 0),
    /** Milliseconds (10^-3 s). */
    MILLISECOND("ms", 1_000L, 3),
    /** Microseconds (10^-6 s). */
    MICROSECOND("us", 1_000_000L, 6),
    /** Nanoseconds (10^-9 s). */
    NANOSECOND("ns", 1_000_000_000L, 9);

    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private final String symbol;
    private final long perSecond;
    private final int fractionDigits;

    TimeUnit(String symbol, long perSecond, int fractionDigits) {
        this.symbol = symbol;
        this.perSecond = perSecond;
        this.fractionDigits = fractionDigits;
    }

    /**
     * How many of this unit make one second.
     *
     * @return 1, 1,000, 1,000,000 or 1,000,000,000
     */
    public long perSecond() {
        return perSecond;
    }

    /**
     * How many nanoseconds make one of this unit.
     *
     * @return 1,000,000,000, 1,000,000, 1,000 or 1
     */
    public long nanosPerUnit() {
        return NANOS_PER_SECOND / perSecond;
    }

    /**
     * The number of decimal digits of a fraction of a second in this unit.
     *
     * @return 0, 3, 6 or 9
     */
    public int fractionDigits() {
        return fractionDigits;
    }

    /**
     * The short symbol used in type names.
     *
     * @return {@code s}, {@code ms}, {@code us} or {@code ns}
     */
    public String symbol() {
        return symbol;
    }
}
