// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.UnionMode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Type equality as in C++'s TypeEquals without metadata. */
class TypeComparatorTest {

    @Test
    void leavesCompareByValue() {
        assertNull(TypeComparator.difference(ArrowType.INT32, new ArrowType.Int(32, true)));
        assertEquals("types differ", TypeComparator.difference(ArrowType.INT32, ArrowType.UINT32));
        assertEquals("types differ", TypeComparator.difference(ArrowType.INT32, ArrowType.UTF8));
    }

    @Test
    void fieldMetadataDoesNotMatter() {
        Field plain = Field.nullable("a", ArrowType.INT8);
        assertNull(TypeComparator.field(plain, plain.withMetadata(Map.of("k", "v"))));
        assertEquals("nullability of a differs", TypeComparator.field(plain, plain.withNullable(false)));
    }

    @Test
    void runEndEncodedChildNamesDoNotMatter() {
        ArrowType.RunEndEncoded canonical = ArrowType.RunEndEncoded.of(ArrowType.INT16, ArrowType.UTF8);
        ArrowType.RunEndEncoded renamed = new ArrowType.RunEndEncoded(Field.notNull("ends", ArrowType.INT16),
                Field.nullable("vals", ArrowType.UTF8));
        assertNull(TypeComparator.difference(canonical, renamed));
        assertEquals("types differ", TypeComparator.difference(canonical,
                ArrowType.RunEndEncoded.of(ArrowType.INT32, ArrowType.UTF8)));
    }

    @Test
    void unionModesTypeIdsAndFieldNamesMatter() {
        List<Field> fields = List.of(Field.nullable("a", ArrowType.INT8), Field.nullable("b", ArrowType.UTF8));
        ArrowType.Union u = new ArrowType.Union(UnionMode.SPARSE, fields, List.of(1, 2));
        assertNull(TypeComparator.difference(u, new ArrowType.Union(UnionMode.SPARSE, fields, List.of(1, 2))));
        assertEquals("union modes or type ids differ",
                TypeComparator.difference(u, new ArrowType.Union(UnionMode.SPARSE, fields, List.of(1, 3))));
        assertEquals("union modes or type ids differ",
                TypeComparator.difference(u, new ArrowType.Union(UnionMode.DENSE, fields, List.of(1, 2))));
        List<Field> renamed = List.of(Field.nullable("a", ArrowType.INT8), Field.nullable("c", ArrowType.UTF8));
        assertEquals("field names differ",
                TypeComparator.difference(u, new ArrowType.Union(UnionMode.SPARSE, renamed, List.of(1, 2))));
    }

    @Test
    void dictionariesAndExtensionsCompareTheirParts() {
        ArrowType.Dictionary d = new ArrowType.Dictionary(ArrowType.INT8, ArrowType.UTF8, false);
        assertNull(TypeComparator.difference(d, new ArrowType.Dictionary(ArrowType.INT8, ArrowType.UTF8, false)));
        assertEquals("dictionary index types or ordering differ",
                TypeComparator.difference(d, new ArrowType.Dictionary(ArrowType.INT8, ArrowType.UTF8, true)));
        ArrowType.Extension uuid = new ArrowType.Extension("arrow.uuid", new ArrowType.FixedSizeBinary(16), "");
        assertNull(TypeComparator.difference(uuid,
                new ArrowType.Extension("arrow.uuid", new ArrowType.FixedSizeBinary(16), "")));
        assertEquals("extension types differ", TypeComparator.difference(uuid,
                new ArrowType.Extension("arrow.uuid", new ArrowType.FixedSizeBinary(16), "x")));
    }

    @Test
    void fixedSizeListsCompareTheirSize() {
        ArrowType.FixedSizeList four = new ArrowType.FixedSizeList(Field.nullable("item", ArrowType.INT8), 4);
        assertNull(TypeComparator.difference(four,
                new ArrowType.FixedSizeList(Field.nullable("element", ArrowType.INT8), 4)));
        assertEquals("list sizes differ", TypeComparator.difference(four,
                new ArrowType.FixedSizeList(Field.nullable("item", ArrowType.INT8), 3)));
    }
}
