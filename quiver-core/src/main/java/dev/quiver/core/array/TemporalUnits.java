// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.type.TimeUnit;
import java.time.Duration;
import java.time.Instant;

/** Conversions from the raw values of the temporal types to seconds and nanoseconds. */
final class TemporalUnits {
    static final long NANOS_PER_DAY = 86_400_000_000_000L;

    private TemporalUnits() {
    }

    /** The instant {@code value} units after the Unix epoch. */
    static Instant instant(long value, TimeUnit unit) {
        long perSecond = unit.perSecond();
        return Instant.ofEpochSecond(Math.floorDiv(value, perSecond),
                Math.floorMod(value, perSecond) * (1_000_000_000 / perSecond));
    }

    /** The duration of {@code value} units. */
    static Duration duration(long value, TimeUnit unit) {
        long perSecond = unit.perSecond();
        return Duration.ofSeconds(Math.floorDiv(value, perSecond),
                Math.floorMod(value, perSecond) * (1_000_000_000 / perSecond));
    }
}
