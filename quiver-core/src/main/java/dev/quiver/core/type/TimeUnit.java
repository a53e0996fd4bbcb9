// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.type;

/** The unit of a time, timestamp or duration (Schema.fbs {@code TimeUnit}). */
public enum TimeUnit {
    SECOND("s"), MILLISECOND("ms"), MICROSECOND("us"), NANOSECOND("ns");

    private final String symbol;

    TimeUnit(String symbol) {
        this.symbol = symbol;
    }

    /** The short symbol used in type names: s, ms, us, ns. */
    public String symbol() {
        return symbol;
    }
}
