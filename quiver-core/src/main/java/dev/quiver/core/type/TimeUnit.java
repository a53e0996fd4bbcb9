// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.type;

/** The unit of a time, timestamp or duration (Schema.fbs {@code TimeUnit}). */
public enum TimeUnit {
    /** Seconds. */
    SECOND("s"),
    /** Milliseconds (10^-3 s). */
    MILLISECOND("ms"),
    /** Microseconds (10^-6 s). */
    MICROSECOND("us"),
    /** Nanoseconds (10^-9 s). */
    NANOSECOND("ns");

    private final String symbol;

    TimeUnit(String symbol) {
        this.symbol = symbol;
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
