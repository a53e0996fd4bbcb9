// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.TimeUnit;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;
import java.time.Duration;

/**
 * An array of durations: signed 64-bit counts of the type's unit. {@link #getDuration} and
 * {@link #getObject} give {@link Duration}s (every value fits); {@link #get} gives the raw count.
 */
public final class DurationArray extends FixedWidthArray {
    private final ArrowType.Duration type;

    private DurationArray(ArrayData data) {
        super(data, 8);
        if (!(data.type() instanceof ArrowType.Duration t)) {
            throw new IllegalArgumentException("a DurationArray holds durations, not " + data.type());
        }
        this.type = t;
    }

    /**
     * Checks the data's structure and that its type is duration, and wraps it: the form for data that does
     * not come from Quiver's own builders or readers.
     *
     * @param data the data
     * @return the array over {@code data}
     * @throws ValidationException if the data's buffers or children do not fit its type and length, or its
     *     type is not duration (rule {@link Rules#ARRAY_TYPE})
     */
    public static DurationArray of(ArrayData data) {
        return checkedAs(data, DurationArray.class);
    }

    /**
     * Wraps the data without any check: for data known to be structurally valid and of type duration, such
     * as what a builder made, a reader validated or a slice shares.
     *
     * @param data structurally valid data of type duration
     * @return the array over {@code data}
     */
    public static DurationArray ofUnchecked(ArrayData data) {
        return new DurationArray(data);
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
        return values.get(LittleEndian.LONG, at(i));
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
        return DurationArray.ofUnchecked(data.slice(offset, length));
    }
}
