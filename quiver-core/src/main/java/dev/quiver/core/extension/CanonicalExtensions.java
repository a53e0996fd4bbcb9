// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.extension;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.InvalidTypeException;
import java.util.List;

/**
 * The eight canonical extension types and their checks in one place. A field whose extension name is
 * canonical but whose storage type or metadata breaks a rule is read as its storage type with the
 * metadata kept (see {@link dev.quiver.core.type.ExtensionTypes}); {@link #check} says why.
 */
public final class CanonicalExtensions {
    /** The names of the canonical extension types, in the order of the spec. */
    public static final List<String> NAMES = List.of(FixedShapeTensorType.NAME, VariableShapeTensorType.NAME,
            SimpleExtensions.JSON, SimpleExtensions.UUID, OpaqueType.NAME, SimpleExtensions.BOOL8, VariantType.NAME,
            TimestampWithOffsetType.NAME);

    private CanonicalExtensions() {
    }

    /**
     * Checks a storage type and serialized metadata against the rules of a canonical extension type.
     *
     * @param name a canonical extension name, one of {@link #NAMES}
     * @param storage the storage type
     * @param metadata the serialized metadata (empty when absent)
     * @throws InvalidTypeException naming the broken rule, or if {@code name} is not canonical
     */
    public static void check(String name, ArrowType storage, String metadata) {
        switch (name) {
            case FixedShapeTensorType.NAME -> FixedShapeTensorType.parse(storage, metadata);
            case VariableShapeTensorType.NAME -> VariableShapeTensorType.parse(storage, metadata);
            case SimpleExtensions.JSON -> SimpleExtensions.checkJson(storage, metadata);
            case SimpleExtensions.UUID -> SimpleExtensions.checkUuid(storage, metadata);
            case OpaqueType.NAME -> OpaqueType.parse(metadata);
            case SimpleExtensions.BOOL8 -> SimpleExtensions.checkBool8(storage, metadata);
            case VariantType.NAME -> VariantType.check(storage, metadata);
            case TimestampWithOffsetType.NAME -> TimestampWithOffsetType.parse(storage, metadata);
            default -> throw new InvalidTypeException(name + " is not a canonical extension type");
        }
    }

    /**
     * Whether a storage type and serialized metadata obey the rules of a canonical extension type.
     *
     * @param name a canonical extension name
     * @param storage the storage type
     * @param metadata the serialized metadata
     * @return true if {@link #check} accepts them
     */
    public static boolean accepts(String name, ArrowType storage, String metadata) {
        try {
            check(name, storage, metadata);
            return true;
        } catch (InvalidTypeException e) {
            return false;
        }
    }
}
