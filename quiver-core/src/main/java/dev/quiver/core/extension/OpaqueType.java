// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.extension;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.InvalidTypeException;
import java.util.Map;
import java.util.Objects;

/**
 * The parameters of {@code arrow.opaque}: a type of an external system that could not be interpreted,
 * over any storage type (Null when there is no data). The metadata is a JSON object with the string
 * fields {@code type_name} and {@code vendor_name}; further fields are allowed, as the spec reserves
 * them for the future, and ignored.
 *
 * @param typeName the name of the type in the external system
 * @param vendorName the name of the external system
 */
public record OpaqueType(String typeName, String vendorName) {
    /** The extension name. */
    public static final String NAME = "arrow.opaque";

    /**
     * Checks the names are present.
     *
     * @throws NullPointerException if a name is null
     */
    public OpaqueType {
        Objects.requireNonNull(typeName, "typeName");
        Objects.requireNonNull(vendorName, "vendorName");
    }

    /**
     * Reads the parameters from serialized metadata.
     *
     * @param metadata the serialized metadata
     * @return the parameters
     * @throws InvalidTypeException if the metadata is not a JSON object with string fields
     *     {@code type_name} and {@code vendor_name}
     */
    public static OpaqueType parse(String metadata) {
        Map<String, Object> json = MetadataJson.parseObject(metadata, NAME);
        if (!(json.get("type_name") instanceof String type) || !(json.get("vendor_name") instanceof String vendor)) {
            throw new InvalidTypeException(NAME + ": the metadata needs the string fields type_name and vendor_name: "
                    + metadata);
        }
        return new OpaqueType(type, vendor);
    }

    /**
     * The serialized metadata.
     *
     * @return a JSON object of the two names
     */
    public String metadata() {
        return "{\"type_name\":" + MetadataJson.quote(typeName) + ",\"vendor_name\":" + MetadataJson.quote(vendorName)
                + "}";
    }

    /**
     * This type as an Arrow extension type over {@code storage}.
     *
     * @param storage the storage type, any type but an extension
     * @return the extension type
     */
    public ArrowType.Extension toArrowType(ArrowType storage) {
        return new ArrowType.Extension(NAME, storage, metadata());
    }
}
