// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.builder;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.TimeUnit;

/** Exact conversions of seconds and nanoseconds to the raw counts of the temporal types. */
final class TemporalConversions {
    private TemporalConversions() {
    }

    /** How many of {@code unit} make one second. */
    static long perSecond(TimeUnit unit) {
        return switch (unit) {
            case SECOND -> 1;
            case MILLISECOND -> 1_000;
            case MICROSECOND -> 1_000_000;
            case NANOSECOND -> 1_000_000_000;
        };
    }

    /**
     * {@code seconds + nanos / 1e9} in {@code unit}, exactly.
     *
     * @param value the value as given, for the message
     * @throws ValueOutOfRangeException if the count overflows 64 bits or the nanoseconds are finer than
     *     the unit
     */
    static long toUnit(long seconds, int nanos, TimeUnit unit, Object value, ArrowType type) {
        long perSecond = perSecond(unit);
        long nanosPerUnit = 1_000_000_000L / perSecond;
        if (nanos % nanosPerUnit != 0) {
            throw new ValueOutOfRangeException(value, type, "finer than " + unit.symbol()
                    + " (it would need rounding)");
        }
        try {
            if (seconds < 0 && nanos > 0) {
                // seconds * perSecond alone may pass Long.MIN_VALUE where the sum does not
                return Math.addExact(Math.multiplyExact(seconds + 1, perSecond), nanos / nanosPerUnit - perSecond);
            }
            return Math.addExact(Math.multiplyExact(seconds, perSecond), nanos / nanosPerUnit);
        } catch (ArithmeticException e) {
            throw new ValueOutOfRangeException(value, type, "overflows 64 bits of " + unit.symbol());
        }
    }
}
