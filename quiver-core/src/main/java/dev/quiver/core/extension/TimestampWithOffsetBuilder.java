// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.extension;

import dev.quiver.core.array.ExtensionArray;
import dev.quiver.core.array.Int16Array;
import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.builder.StructBuilder;
import dev.quiver.core.builder.TimestampBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.TimeUnit;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;

/** Builds {@code arrow.timestamp_with_offset} arrays from {@link OffsetDateTime} values. */
public final class TimestampWithOffsetBuilder {
    private final TimestampWithOffsetType type;
    private final TimestampBuilder timestamps;
    private final IntBuilder<Int16Array> offsets;
    private final StructBuilder struct;

    /**
     * An empty builder.
     *
     * @param unit the unit the timestamps are stored in
     * @param allocator where the buffers are allocated
     */
    public TimestampWithOffsetBuilder(TimeUnit unit, BufferAllocator allocator) {
        this.type = new TimestampWithOffsetType(unit);
        ArrowType.Struct storage = type.storageType();
        this.timestamps = new TimestampBuilder((ArrowType.Timestamp) storage.fields().get(0).type(), allocator);
        this.offsets = IntBuilder.int16(allocator);
        this.struct = new StructBuilder(storage, List.of(timestamps, offsets), allocator);
    }

    /**
     * Appends a value.
     *
     * @param value the value, or null
     * @return this builder
     * @throws IllegalArgumentException if the value's offset is not a whole number of minutes, or its
     *     instant is not a whole number of the unit or out of the int64 range of the unit
     */
    public TimestampWithOffsetBuilder append(OffsetDateTime value) {
        if (value == null) {
            return appendNull();
        }
        int seconds = value.getOffset().getTotalSeconds();
        if (seconds % 60 != 0) {
            throw new IllegalArgumentException("offset " + value.getOffset() + " of " + value
                    + " is not a whole number of minutes");
        }
        long stored = epochValue(value.toInstant(), type.unit(), value);
        timestamps.append(stored);
        offsets.append(seconds / 60);
        struct.append();
        return this;
    }

    /**
     * Appends a null value (the non-nullable fields hold zeros under it).
     *
     * @return this builder
     */
    public TimestampWithOffsetBuilder appendNull() {
        timestamps.append(0);
        offsets.append(0);
        struct.appendNull();
        return this;
    }

    /**
     * The number of values appended.
     *
     * @return the length
     */
    public long length() {
        return struct.length();
    }

    /**
     * The values appended; the builder starts over empty.
     *
     * @return the array, of {@link TimestampWithOffsetType#toArrowType()}
     */
    public ExtensionArray build() {
        return ExtensionArray.ofUnchecked(struct.build().data().withType(type.toArrowType()));
    }

    private static long epochValue(Instant t, TimeUnit unit, OffsetDateTime value) {
        long perSecond = unit.perSecond();
        long nanosPerUnit = unit.nanosPerUnit();
        if (t.getNano() % nanosPerUnit != 0) {
            throw new IllegalArgumentException(value + " is not a whole number of " + unit);
        }
        try {
            return Math.addExact(Math.multiplyExact(t.getEpochSecond(), perSecond), t.getNano() / nanosPerUnit);
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException(value + " is out of the int64 range of " + unit, e);
        }
    }
}
