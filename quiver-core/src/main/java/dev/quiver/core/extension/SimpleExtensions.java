// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.extension;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.InvalidTypeException;

/**
 * The rules of the canonical extension types without parameters: {@code arrow.uuid} (FixedSizeBinary(16)),
 * {@code arrow.json} (String, LargeString or StringView; metadata empty or a JSON object, whose fields
 * are reserved for the future and ignored) and {@code arrow.bool8} (Int8; metadata empty).
 */
public final class SimpleExtensions {
    /** The name of the UUID extension. */
    public static final String UUID = "arrow.uuid";
    /** The name of the JSON extension. */
    public static final String JSON = "arrow.json";
    /** The name of the 8-bit boolean extension. */
    public static final String BOOL8 = "arrow.bool8";

    private SimpleExtensions() {
    }

    /**
     * Checks the storage type of {@code arrow.uuid}.
     *
     * @param storage the storage type
     * @param metadata the serialized metadata (not interpreted)
     * @throws InvalidTypeException if the storage is not FixedSizeBinary(16)
     */
    public static void checkUuid(ArrowType storage, String metadata) {
        if (!storage.equals(new ArrowType.FixedSizeBinary(16))) {
            throw new InvalidTypeException(UUID + ": storage must be FixedSizeBinary(16), not " + storage);
        }
    }

    /**
     * Checks the storage type and metadata of {@code arrow.json}.
     *
     * @param storage the storage type
     * @param metadata the serialized metadata
     * @throws InvalidTypeException if the storage is not a string type or the metadata neither empty nor a
     *     JSON object
     */
    public static void checkJson(ArrowType storage, String metadata) {
        if (!(storage instanceof ArrowType.Utf8 || storage instanceof ArrowType.LargeUtf8
                || storage instanceof ArrowType.Utf8View)) {
            throw new InvalidTypeException(JSON + ": storage must be String, LargeString or StringView, not " + storage);
        }
        if (!metadata.isEmpty()) {
            MetadataJson.parseObject(metadata, JSON);
        }
    }

    /**
     * Checks the storage type and metadata of {@code arrow.bool8}.
     *
     * @param storage the storage type
     * @param metadata the serialized metadata
     * @throws InvalidTypeException if the storage is not Int8 or the metadata is not empty
     */
    public static void checkBool8(ArrowType storage, String metadata) {
        if (!storage.equals(ArrowType.INT8)) {
            throw new InvalidTypeException(BOOL8 + ": storage must be Int8, not " + storage);
        }
        if (!metadata.isEmpty()) {
            throw new InvalidTypeException(BOOL8 + ": the metadata must be the empty string, not \"" + metadata + "\"");
        }
    }
}
