// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.extension;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ExtensionArray;
import dev.quiver.core.array.Int16Array;
import dev.quiver.core.array.StructArray;
import dev.quiver.core.array.TimestampArray;
import dev.quiver.core.type.InvalidTypeException;
import dev.quiver.core.type.TimeUnit;
import dev.quiver.core.validation.ValidationException;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Objects;

/**
 * A typed view of an {@code arrow.timestamp_with_offset} array: value {@code i} is the instant of the
 * {@code timestamp} field at the offset of the {@code offset_minutes} field, as an {@link OffsetDateTime}.
 */
public final class TimestampWithOffsetArray {
    private final ExtensionArray array;
    private final TimestampWithOffsetType type;
    private final TimestampArray timestamps;
    private final Array offsets;

    /**
     * A view of {@code array}.
     *
     * @param array an array of extension type {@code arrow.timestamp_with_offset}
     * @throws InvalidTypeException if it is not one, or its type breaks a rule of the type
     */
    public TimestampWithOffsetArray(Array array) {
        this.array = Extensions.extensionArray(array, TimestampWithOffsetType.NAME);
        this.type = TimestampWithOffsetType.of(this.array.type());
        StructArray storage = (StructArray) this.array.storage();
        this.timestamps = (TimestampArray) storage.field(0);
        this.offsets = storage.field(1);
    }

    /**
     * The parameters of the type.
     *
     * @return the type
     */
    public TimestampWithOffsetType timestampType() {
        return type;
    }

    /**
     * The array viewed.
     *
     * @return the extension array
     */
    public ExtensionArray array() {
        return array;
    }

    /**
     * The number of values.
     *
     * @return the length
     */
    public long length() {
        return array.length();
    }

    /**
     * Whether value {@code i} is null.
     *
     * @param i the value's index
     * @return true if it is null
     */
    public boolean isNull(long i) {
        return array.isNull(i);
    }

    /**
     * The offset of value {@code i} in minutes east of UTC.
     *
     * @param i the value's index
     * @return the offset
     * @throws ValidationException if the offset field is null in that slot
     */
    public short offsetMinutes(long i) {
        Objects.checkIndex(i, length());
        if (offsets instanceof Int16Array plain) {
            return plain.get(i);
        }
        Object o = offsets.getObject(i);
        if (o == null) {
            throw new ValidationException(TimestampWithOffsetType.NAME, i, "offset_minutes is null");
        }
        return ((Number) o).shortValue();
    }

    /**
     * The timestamp of value {@code i} in the type's unit since the epoch, UTC.
     *
     * @param i the value's index
     * @return the stored timestamp
     */
    public long epochValue(long i) {
        return timestamps.get(i);
    }

    /**
     * Value {@code i}.
     *
     * @param i the value's index
     * @return the instant at its offset, or null if the value is null
     * @throws ValidationException if the offset is beyond the &plusmn;18:00 that {@link ZoneOffset} allows
     *     or the instant beyond the range of {@link Instant}
     */
    public OffsetDateTime get(long i) {
        if (isNull(i)) {
            return null;
        }
        short minutes = offsetMinutes(i);
        try {
            return OffsetDateTime.ofInstant(instant(timestamps.get(i), type.unit()),
                    ZoneOffset.ofTotalSeconds(minutes * 60));
        } catch (DateTimeException e) {
            throw new ValidationException(TimestampWithOffsetType.NAME, i, "cannot be an OffsetDateTime: "
                    + e.getMessage());
        }
    }

    static Instant instant(long value, TimeUnit unit) {
        long perSecond = unit.perSecond();
        return Instant.ofEpochSecond(Math.floorDiv(value, perSecond),
                Math.floorMod(value, perSecond) * unit.nanosPerUnit());
    }
}
