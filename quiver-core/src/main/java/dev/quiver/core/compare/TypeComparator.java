// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.compare;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import java.util.List;

/**
 * Type equality as the reference (C++) implementation's {@code TypeEquals} without metadata: the
 * names of a list's (or list view's, fixed-size list's) item field, of a map's entries, key and value
 * fields and of a run-end encoded type's children are not part of the type, and neither is field
 * metadata; struct and union field names and all nullability (but that of map and run-end encoded
 * children) are. Two types that {@code equals} are always equal here; the converse does not hold.
 *
 * {@snippet :
 * ArrowType a = new ArrowType.List(Field.nullable("item", ArrowType.INT32));
 * ArrowType b = new ArrowType.List(Field.nullable("element", ArrowType.INT32));
 * TypeComparator.difference(a, b);   // null: item names are not part of the type
 * }
 */
public final class TypeComparator {
    private TypeComparator() {
    }

    /**
     * Compares two types, children included.
     *
     * @param a a type
     * @param b another type
     * @return null when the types are equal, otherwise what differs first, in a few words (such as
     *     {@code types differ} or {@code item nullability differs})
     * @throws NullPointerException if a type is null
     */
    public static String difference(ArrowType a, ArrowType b) {
        if (a.getClass() != b.getClass()) {
            return "types differ";
        }
        return switch (a) {
            case ArrowType.List x -> item(x.valueField(), ((ArrowType.List) b).valueField());
            case ArrowType.LargeList x -> item(x.valueField(), ((ArrowType.LargeList) b).valueField());
            case ArrowType.ListView x -> item(x.valueField(), ((ArrowType.ListView) b).valueField());
            case ArrowType.LargeListView x -> item(x.valueField(), ((ArrowType.LargeListView) b).valueField());
            case ArrowType.FixedSizeList x -> x.listSize() != ((ArrowType.FixedSizeList) b).listSize()
                    ? "list sizes differ" : item(x.valueField(), ((ArrowType.FixedSizeList) b).valueField());
            case ArrowType.Struct x -> fields(x.fields(), ((ArrowType.Struct) b).fields());
            case ArrowType.Union x -> {
                ArrowType.Union y = (ArrowType.Union) b;
                yield x.mode() != y.mode() || !x.typeIds().equals(y.typeIds()) ? "union modes or type ids differ"
                        : fields(x.fields(), y.fields());
            }
            case ArrowType.Map x -> {
                ArrowType.Map y = (ArrowType.Map) b;
                yield x.keysSorted() != y.keysSorted() ? "keysSorted differs"
                        : first(difference(x.keyField().type(), y.keyField().type()),
                                difference(x.valueField().type(), y.valueField().type()));
            }
            case ArrowType.RunEndEncoded x -> {
                ArrowType.RunEndEncoded y = (ArrowType.RunEndEncoded) b;
                yield first(difference(x.runEnds().type(), y.runEnds().type()),
                        difference(x.values().type(), y.values().type()));
            }
            case ArrowType.Dictionary x -> {
                ArrowType.Dictionary y = (ArrowType.Dictionary) b;
                yield !x.indexType().equals(y.indexType()) || x.ordered() != y.ordered()
                        ? "dictionary index types or ordering differ" : difference(x.valueType(), y.valueType());
            }
            case ArrowType.Extension x -> {
                ArrowType.Extension y = (ArrowType.Extension) b;
                yield !x.name().equals(y.name()) || !x.metadata().equals(y.metadata()) ? "extension types differ"
                        : difference(x.storageType(), y.storageType());
            }
            default -> a.equals(b) ? null : "types differ";
        };
    }

    private static String item(Field a, Field b) {
        return a.nullable() != b.nullable() ? "item nullability differs" : difference(a.type(), b.type());
    }

    private static String fields(List<Field> a, List<Field> b) {
        if (a.size() != b.size()) {
            return "numbers of fields differ";
        }
        for (int i = 0; i < a.size(); i++) {
            String d = field(a.get(i), b.get(i));
            if (d != null) {
                return d;
            }
        }
        return null;
    }

    /**
     * Compares two fields: names, nullability and types as {@link #difference} compares them; metadata
     * and dictionary ids do not matter.
     *
     * @param a a field
     * @param b another field
     * @return null when the fields are equal, otherwise what differs first, in a few words (such as
     *     {@code field names differ})
     * @throws NullPointerException if a field is null
     */
    public static String field(Field a, Field b) {
        if (!a.name().equals(b.name())) {
            return "field names differ";
        }
        if (a.nullable() != b.nullable()) {
            return "nullability of " + a.name() + " differs";
        }
        return difference(a.type(), b.type());
    }

    private static String first(String a, String b) {
        return a != null ? a : b;
    }
}
