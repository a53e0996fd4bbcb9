// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.type;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/** Operations over the tree of a type. */
public final class Types {
    private Types() {
    }

    /**
     * The same type with each direct child field replaced by {@code f(child)}; types without children,
     * and dictionary and extension types (whose children live in their value or storage types), are
     * mapped through their inner type.
     *
     * @param type the type
     * @param f the replacement of a child field
     * @return a type of the same kind and parameters with the new children; {@code type} itself when it
     *     has no children
     * @throws InvalidTypeException if the new children break a rule of the type (for example a map
     *     entry whose key became nullable)
     */
    public static ArrowType mapChildren(ArrowType type, UnaryOperator<Field> f) {
        return switch (type) {
            case ArrowType.List t -> new ArrowType.List(f.apply(t.valueField()));
            case ArrowType.LargeList t -> new ArrowType.LargeList(f.apply(t.valueField()));
            case ArrowType.ListView t -> new ArrowType.ListView(f.apply(t.valueField()));
            case ArrowType.LargeListView t -> new ArrowType.LargeListView(f.apply(t.valueField()));
            case ArrowType.FixedSizeList t -> new ArrowType.FixedSizeList(f.apply(t.valueField()), t.listSize());
            case ArrowType.Struct t -> new ArrowType.Struct(map(t.fields(), f));
            case ArrowType.Map t -> new ArrowType.Map(f.apply(t.entries()), t.keysSorted());
            case ArrowType.Union t -> new ArrowType.Union(t.mode(), map(t.fields(), f), t.typeIds());
            case ArrowType.RunEndEncoded t -> new ArrowType.RunEndEncoded(f.apply(t.runEnds()), f.apply(t.values()));
            case ArrowType.Dictionary t -> new ArrowType.Dictionary(t.indexType(), mapChildren(t.valueType(), f),
                    t.ordered());
            case ArrowType.Extension t -> new ArrowType.Extension(t.name(), mapChildren(t.storageType(), f),
                    t.metadata());
            default -> type;
        };
    }

    private static List<Field> map(List<Field> fields, UnaryOperator<Field> f) {
        List<Field> out = new ArrayList<>(fields.size());
        for (Field field : fields) {
            out.add(f.apply(field));
        }
        return out;
    }

    /**
     * The same type with no dictionary id on any field inside it. Dictionary ids only pair an IPC
     * stream's dictionary batches with their fields: two writers may number the same dictionaries
     * differently, so value equality ({@code Array}, {@code RecordBatch}, {@code Table}) compares types
     * without them.
     *
     * @param type the type
     * @return the type with every nested field's dictionary id removed
     */
    public static ArrowType withoutDictionaryIds(ArrowType type) {
        return mapChildren(type, Types::withoutDictionaryIds);
    }

    /**
     * The same field, and every field inside its type, without dictionary id.
     *
     * @param field the field
     * @return the field without dictionary ids
     */
    public static Field withoutDictionaryIds(Field field) {
        return new Field(field.name(), withoutDictionaryIds(field.type()), field.nullable(), null, field.metadata());
    }

    /**
     * Type equality but for the dictionary ids of nested fields (see {@link #withoutDictionaryIds(ArrowType)}).
     *
     * @param a a type
     * @param b another type
     * @return whether the types are equal once their dictionary ids are removed
     */
    public static boolean equalIgnoringDictionaryIds(ArrowType a, ArrowType b) {
        return a.equals(b) || withoutDictionaryIds(a).equals(withoutDictionaryIds(b));
    }

    /**
     * The type stripped of extension wrappers: the type its values are stored as.
     *
     * @param type the type
     * @return its storage type if it is an extension type, otherwise {@code type} itself
     */
    public static ArrowType storage(ArrowType type) {
        return type instanceof ArrowType.Extension e ? storage(e.storageType()) : type;
    }
}
