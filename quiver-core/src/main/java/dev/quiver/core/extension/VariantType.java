// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.extension;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.InvalidTypeException;
import dev.quiver.core.type.TimeUnit;
import java.util.List;

/**
 * The rules of {@code arrow.parquet.variant}: a struct with a non-nullable binary {@code metadata} field
 * (Binary, LargeBinary or BinaryView, which may be dictionary- or run-end-encoded) and a binary
 * {@code value} field, a {@code typed_value} field (shredding), or both; fields are found by name, in any
 * order. A {@code typed_value} is an Arrow type of the primitive type mapping, a list (List, LargeList or
 * ListView) of non-nullable structs of {@code value}/{@code typed_value}, or a struct of such non-nullable
 * structs. The metadata is the empty string.
 */
public final class VariantType {
    /** The extension name. */
    public static final String NAME = "arrow.parquet.variant";

    private VariantType() {
    }

    /**
     * The storage type of unshredded variants: {@code Struct<metadata: Binary not null, value: Binary>}.
     *
     * @return the storage type
     */
    public static ArrowType.Struct unshreddedStorage() {
        return ArrowType.Struct.of(Field.notNull("metadata", ArrowType.BINARY), Field.nullable("value", ArrowType.BINARY));
    }

    /**
     * The extension type of unshredded variants.
     *
     * @return the extension type over {@link #unshreddedStorage()}
     */
    public static ArrowType.Extension unshredded() {
        return new ArrowType.Extension(NAME, unshreddedStorage(), "");
    }

    /**
     * Checks a storage type and serialized metadata against the rules of the type.
     *
     * @param storage the storage type
     * @param metadata the serialized metadata, which must be empty
     * @throws InvalidTypeException naming the first rule broken
     */
    public static void check(ArrowType storage, String metadata) {
        if (!metadata.isEmpty()) {
            throw new InvalidTypeException(NAME + ": the metadata must be the empty string, not \"" + metadata
                    + "\"");
        }
        if (!(storage instanceof ArrowType.Struct struct)) {
            throw new InvalidTypeException(NAME + ": storage must be a Struct, not " + storage);
        }
        Field meta = find(struct, "metadata");
        if (meta == null || meta.nullable() || !isBinaryOrEncodedBinary(meta.type())) {
            throw new InvalidTypeException(NAME + ": storage needs a non-nullable binary field metadata, has "
                    + meta);
        }
        if (struct.fields().size() > 3) {
            throw new InvalidTypeException(NAME + ": storage has fields beyond metadata, value and typed_value: "
                    + storage);
        }
        checkGroup(struct, "", 1);
    }

    /**
     * Checks a storage type and metadata as {@link #check} does.
     *
     * @param type the extension type
     * @throws InvalidTypeException if its name is not {@link #NAME} or it breaks a rule
     */
    public static void check(ArrowType.Extension type) {
        if (!type.name().equals(NAME)) {
            throw new InvalidTypeException("not a " + NAME + ": " + type);
        }
        check(type.storageType(), type.metadata());
    }

    private static void checkGroup(ArrowType.Struct struct, String path, int allowedExtra) {
        Field value = find(struct, "value");
        Field typed = find(struct, "typed_value");
        if (value == null && typed == null) {
            throw new InvalidTypeException(NAME + ": " + where(path) + " has neither value nor typed_value");
        }
        int expected = (value != null ? 1 : 0) + (typed != null ? 1 : 0) + allowedExtra;
        if (struct.fields().size() != expected) {
            throw new InvalidTypeException(NAME + ": " + where(path) + " has fields other than value and "
                    + "typed_value: " + struct);
        }
        if (value != null && !Extensions.isBinary(value.type())) {
            throw new InvalidTypeException(NAME + ": " + where(path) + " field value must be binary, not "
                    + value.type());
        }
        if (typed != null) {
            checkTyped(typed.type(), path + "typed_value");
        }
    }

    private static void checkTyped(ArrowType type, String path) {
        switch (type) {
            case ArrowType.List l -> element(l.valueField(), path);
            case ArrowType.LargeList l -> element(l.valueField(), path);
            case ArrowType.ListView l -> element(l.valueField(), path);
            case ArrowType.Struct s -> {
                if (s.fields().isEmpty()) {
                    throw new InvalidTypeException(NAME + ": " + path + " is a struct without fields");
                }
                for (Field f : s.fields()) {
                    element(f, path + "." + f.name());
                }
            }
            default -> {
                if (!isShreddablePrimitive(type)) {
                    throw new InvalidTypeException(NAME + ": " + path + " has type " + type
                            + ", which is not in the variant primitive type mapping");
                }
            }
        }
    }

    private static void element(Field f, String path) {
        if (f.nullable() || !(f.type() instanceof ArrowType.Struct s)) {
            throw new InvalidTypeException(NAME + ": " + path + " must be a non-nullable struct of value and/or "
                    + "typed_value, not " + f);
        }
        checkGroup(s, path + ".", 0);
    }

    static boolean isShreddablePrimitive(ArrowType type) {
        return switch (type) {
            case ArrowType.Null t -> true;
            case ArrowType.Bool t -> true;
            case ArrowType.Int t -> t.signed() || t.bitWidth() < 64;
            case ArrowType.FloatingPoint t -> t.precision() != dev.quiver.core.type.Precision.HALF;
            case ArrowType.Decimal t -> t.bitWidth() <= 128;
            case ArrowType.Date t -> t.bitWidth() == 32;
            case ArrowType.Time t -> t.bitWidth() == 64 && t.unit() == TimeUnit.MICROSECOND;
            case ArrowType.Timestamp t -> (t.unit() == TimeUnit.MICROSECOND || t.unit() == TimeUnit.NANOSECOND)
                    && (t.timezone() == null || isUtc(t.timezone()));
            case ArrowType.Binary t -> true;
            case ArrowType.LargeBinary t -> true;
            case ArrowType.BinaryView t -> true;
            case ArrowType.Utf8 t -> true;
            case ArrowType.LargeUtf8 t -> true;
            case ArrowType.Utf8View t -> true;
            case ArrowType.Extension t -> t.name().equals("arrow.uuid");
            default -> false;
        };
    }

    static boolean isUtc(String zone) {
        return zone.equals("UTC") || zone.equals("+00:00") || zone.equals("Z");
    }

    private static boolean isBinaryOrEncodedBinary(ArrowType type) {
        return switch (type) {
            case ArrowType.Dictionary d -> Extensions.isBinary(d.valueType());
            case ArrowType.RunEndEncoded r -> Extensions.isBinary(r.values().type());
            default -> Extensions.isBinary(type);
        };
    }

    private static Field find(ArrowType.Struct struct, String name) {
        List<Field> matches = struct.fields().stream().filter(f -> f.name().equals(name)).toList();
        if (matches.size() > 1) {
            throw new InvalidTypeException(NAME + ": storage has " + matches.size() + " fields named " + name);
        }
        return matches.isEmpty() ? null : matches.getFirst();
    }

    private static String where(String path) {
        return path.isEmpty() ? "the storage struct" : path;
    }
}
