// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.builder;

import dev.quiver.core.array.DurationArray;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import java.time.Duration;

/**
 * Builds arrays of durations from {@link Duration}s or raw counts of the type's unit. A duration that
 * overflows 64 bits of the unit, or is finer than the unit (would need rounding), is refused with a
 * {@link ValueOutOfRangeException}.
 *
 * <pre>{@code
 * DurationArray a = new DurationBuilder(new ArrowType.Duration(TimeUnit.SECOND), allocator)
 *         .append(Duration.ofMinutes(-90)).build();
 * }</pre>
 */
public final class DurationBuilder extends FixedWidthBuilder<DurationBuilder> {
    private final ArrowType.Duration type;

    /**
     * An empty builder.
     *
     * @param type the duration type
     * @param allocator the memory of the built arrays
     */
    public DurationBuilder(ArrowType.Duration type, BufferAllocator allocator) {
        super(type, 8, allocator);
        this.type = type;
    }

    /**
     * Appends a raw value: a count of the type's unit.
     *
     * @param value the count
     * @return this builder
     */
    public DurationBuilder append(long value) {
        values.appendLong(value);
        return valueAppended();
    }

    /**
     * Appends a duration.
     *
     * @param duration the duration, or null to append a null
     * @return this builder
     * @throws ValueOutOfRangeException if the duration overflows the unit or is finer than it; nothing is
     *     appended
     */
    public DurationBuilder append(Duration duration) {
        if (duration == null) {
            return appendNull();
        }
        return append(TemporalConversions.toUnit(duration.getSeconds(), duration.getNano(), type.unit(),
                duration, type));
    }

    /**
     * Appends a {@link Duration}, or a raw count as a whole number of any integer class; null appends a
     * null.
     *
     * @param value the duration, the raw count, or null
     * @return this builder
     * @throws ValueOutOfRangeException if the type cannot hold the value; nothing is appended
     * @throws IllegalArgumentException if the value is neither a duration nor an integer
     */
    @Override
    public DurationBuilder appendObject(Object value) {
        return switch (value) {
            case null -> appendNull();
            case Duration d -> append(d);
            case Long n -> append(n.longValue());
            case Integer n -> append(n.longValue());
            case Short n -> append(n.longValue());
            case Byte n -> append(n.longValue());
            default -> throw new IllegalArgumentException("not a duration: " + value + " for " + type);
        };
    }

    /**
     * The array of all slots appended; the builder starts over empty.
     *
     * @return the durations
     */
    @Override
    public DurationArray build() {
        return DurationArray.ofUnchecked(finishData());
    }

    /**
     * An empty builder of durations.
     *
     * @param type the type of the values built
     * @param allocator the memory of the built arrays
     * @return the builder
     */
    public static DurationBuilder of(ArrowType.Duration type, BufferAllocator allocator) {
        return new DurationBuilder(type, allocator);
    }
}
