// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.memory.LE;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.TimeUnit;
import java.time.Duration;

/**
 * An array of durations: signed 64-bit counts of the type's unit. {@link #getDuration} and
 * {@link #getObject} give {@link Duration}s (every value fits); {@link #get} gives the raw count.
 */
public final class DurationArray extends FixedWidthArray {
    private final ArrowType.Duration type;

    /**
     * Wraps duration data without checks (see {@link Array#of} for the checked way).
     *
     * @param data the data, of a duration type
     * @throws IllegalArgumentException if the data's type is not a duration
     */
    public DurationArray(ArrayData data) {
        super(data, 8);
        if (!(data.type() instanceof ArrowType.Duration t)) {
            throw new IllegalArgumentException("a DurationArray holds durations, not " + data.type());
        }
        this.type = t;
    }

    /**
     * The unit of the raw values.
     *
     * @return seconds, milliseconds, microseconds or nanoseconds
     */
    public TimeUnit unit() {
        return type.unit();
    }

    /**
     * The raw value of slot {@code i} in the type's unit (whatever is stored under a null slot).
     *
     * @param i the slot
     * @return the count of the type's unit
     */
    public long get(long i) {
        return values.get(LE.LONG, at(i));
    }

    /**
     * The duration of slot {@code i}.
     *
     * @param i the slot, not null
     * @return the duration
     */
    public Duration getDuration(long i) {
        return TemporalUnits.duration(get(i), type.unit());
    }

    /**
     * The duration of slot {@code i}, or null.
     *
     * @param i the slot
     * @return a {@link Duration}, or null for a null slot
     */
    @Override
    public Object getObject(long i) {
        return isNull(i) ? null : getDuration(i);
    }

    @Override
    public DurationArray slice(long offset, long length) {
        return new DurationArray(data.slice(offset, length));
    }
}
