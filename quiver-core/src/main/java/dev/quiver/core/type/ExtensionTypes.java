// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.type;

import dev.quiver.core.extension.CanonicalExtensions;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiPredicate;

/**
 * The registry of extension types, keyed by {@code ARROW:extension:name}. A field read with that
 * metadata key becomes an {@link ArrowType.Extension} when its name is registered and the registered
 * check accepts the storage type and metadata; otherwise it stays its storage type, with the two
 * metadata entries kept so nothing is lost ({@link CanonicalExtensions#check} tells why a canonical one was
 * not resolved). The eight canonical extensions are registered from the start, with every rule of their
 * storage types and metadata checked by the classes of {@code dev.quiver.core.extension}:
 * {@code arrow.uuid}, {@code arrow.json}, {@code arrow.bool8}, {@code arrow.opaque},
 * {@code arrow.fixed_shape_tensor}, {@code arrow.variable_shape_tensor},
 * {@code arrow.timestamp_with_offset} and {@code arrow.parquet.variant}.
 */
public final class ExtensionTypes {
    /** The field metadata key that names a field's extension type. */
    public static final String NAME_KEY = "ARROW:extension:name";
    /** The field metadata key of an extension type's serialized metadata. */
    public static final String METADATA_KEY = "ARROW:extension:metadata";

    private static final Map<String, BiPredicate<ArrowType, String>> REGISTRY = new ConcurrentHashMap<>();

    static {
        for (String name : CanonicalExtensions.NAMES) {
            register(name, (storage, meta) -> CanonicalExtensions.accepts(name, storage, meta));
        }
    }

    private ExtensionTypes() {
    }

    /**
     * Registers an extension name with a check of the storage type and serialized metadata it accepts.
     * A later registration of the same name replaces the earlier one. The registry is process-wide and
     * safe to use from any thread.
     *
     * @param name the extension name, such as {@code arrow.uuid}
     * @param accepts given a storage type and the serialized metadata (empty when absent), whether a
     *     field with them is of this extension type
     * @throws NullPointerException if an argument is null
     */
    public static void register(String name, BiPredicate<ArrowType, String> accepts) {
        REGISTRY.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(accepts, "accepts"));
    }

    /**
     * Removes an extension name from the registry; fields of that name are read as their storage type
     * from then on. Removing a name that is not registered does nothing.
     *
     * @param name the extension name
     */
    public static void unregister(String name) {
        REGISTRY.remove(name);
    }

    /**
     * Whether an extension name is registered.
     *
     * @param name the extension name
     * @return true if {@link #resolve} may turn fields of that name into extension types
     */
    public static boolean isRegistered(String name) {
        return REGISTRY.containsKey(name);
    }

    /**
     * Turns a field as stored (storage type, extension keys in its metadata) into its extension-typed
     * form when the extension is registered and accepts it; children are resolved too. The two
     * extension keys leave the metadata of a field that is resolved; other fields are kept as they are.
     * Dictionary-encoded fields are not resolved themselves (only their value type's children).
     *
     * @param stored the field as stored
     * @return the field with its extension types, or an equal field when there is none to resolve
     */
    public static Field resolve(Field stored) {
        Field field = stored.withType(Types.mapChildren(stored.type(), ExtensionTypes::resolve));
        String name = field.metadata().get(NAME_KEY);
        if (name == null || field.type() instanceof ArrowType.Dictionary) {
            return field;
        }
        String meta = field.metadata().getOrDefault(METADATA_KEY, "");
        BiPredicate<ArrowType, String> accepts = REGISTRY.get(name);
        if (accepts == null || !accepts.test(field.type(), meta)) {
            return field;
        }
        Map<String, String> rest = new LinkedHashMap<>(field.metadata());
        rest.remove(NAME_KEY);
        rest.remove(METADATA_KEY);
        return new Field(field.name(), new ArrowType.Extension(name, field.type(), meta), field.nullable(),
                field.dictionaryId(), rest);
    }

    /**
     * The inverse of {@link #resolve}: extension types become storage types plus the two metadata keys,
     * at every level of the field's tree.
     *
     * @param field a field that may have extension types
     * @return the field as stored
     */
    public static Field toStorage(Field field) {
        ArrowType type = Types.mapChildren(field.type(), ExtensionTypes::toStorage);
        if (!(type instanceof ArrowType.Extension ext)) {
            return field.withType(type);
        }
        Map<String, String> meta = new LinkedHashMap<>(field.metadata());
        meta.put(NAME_KEY, ext.name());
        meta.put(METADATA_KEY, ext.metadata());
        return new Field(field.name(), ext.storageType(), field.nullable(), field.dictionaryId(), meta);
    }
}
