// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.extension;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.InvalidTypeException;
import dev.quiver.core.type.TimeUnit;
import java.util.List;
import java.util.Objects;

/**
 * The parameters of {@code arrow.timestamp_with_offset}: an instant in UTC with the offset, in minutes,
 * of the time zone it was recorded in. The storage is
 * {@code Struct<timestamp: Timestamp(unit, "UTC") not null, offset_minutes: Int16 not null>}, in that
 * order; the offsets may also be dictionary- or run-end-encoded Int16. The metadata is the empty string.
 *
 * @param unit the unit of the timestamps
 */
public record TimestampWithOffsetType(TimeUnit unit) {
    /** The extension name. */
    public static final String NAME = "arrow.timestamp_with_offset";

    /**
     * Checks the unit.
     *
     * @throws NullPointerException if {@code unit} is null
     */
    public TimestampWithOffsetType {
        Objects.requireNonNull(unit, "unit");
    }

    /**
     * Reads the parameters of an extension type named {@link #NAME}.
     *
     * @param type the extension type
     * @return its parameters
     * @throws InvalidTypeException if the name, the storage type or the metadata break a rule of the type
     */
    public static TimestampWithOffsetType of(ArrowType.Extension type) {
        if (!type.name().equals(NAME)) {
            throw new InvalidTypeException("not a " + NAME + ": " + type);
        }
        return parse(type.storageType(), type.metadata());
    }

    /**
     * Reads the parameters from a storage type and serialized metadata.
     *
     * @param storage the storage type
     * @param metadata the serialized metadata, which must be empty
     * @return the parameters
     * @throws InvalidTypeException if the storage type is not the struct described above, or the metadata
     *     is not empty
     */
    public static TimestampWithOffsetType parse(ArrowType storage, String metadata) {
        if (!metadata.isEmpty()) {
            throw new InvalidTypeException(NAME + ": the metadata must be the empty string, not \"" + metadata
                    + "\"");
        }
        if (!(storage instanceof ArrowType.Struct struct) || struct.fields().size() != 2) {
            throw new InvalidTypeException(NAME + ": storage must be a Struct of 2 fields, not " + storage);
        }
        Field timestamp = struct.fields().get(0);
        Field offset = struct.fields().get(1);
        if (!timestamp.name().equals("timestamp") || timestamp.nullable()
                || !(timestamp.type() instanceof ArrowType.Timestamp ts) || !"UTC".equals(ts.timezone())) {
            throw new InvalidTypeException(NAME + ": the first field must be a non-nullable timestamp: "
                    + "Timestamp(unit, \"UTC\"), not " + timestamp);
        }
        if (!offset.name().equals("offset_minutes") || offset.nullable() || !isInt16(offset)) {
            throw new InvalidTypeException(NAME + ": the second field must be a non-nullable offset_minutes: "
                    + "Int16 (plain, dictionary- or run-end-encoded), not " + offset);
        }
        return new TimestampWithOffsetType(ts.unit());
    }

    private static boolean isInt16(Field offset) {
        ArrowType type = offset.type();
        if (type instanceof ArrowType.RunEndEncoded ree) {
            type = ree.values().type();
        } else if (type instanceof ArrowType.Dictionary dict) {
            type = dict.valueType();
        }
        return type.equals(ArrowType.INT16);
    }

    /**
     * The storage type, with plain Int16 offsets.
     *
     * @return the storage type
     */
    public ArrowType.Struct storageType() {
        return new ArrowType.Struct(List.of(Field.notNull("timestamp", new ArrowType.Timestamp(unit, "UTC")),
                Field.notNull("offset_minutes", ArrowType.INT16)));
    }

    /**
     * This type as an Arrow extension type.
     *
     * @return the extension type
     */
    public ArrowType.Extension toArrowType() {
        return new ArrowType.Extension(NAME, storageType(), "");
    }
}
