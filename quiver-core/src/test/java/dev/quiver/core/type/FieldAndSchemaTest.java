// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.type;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FieldAndSchemaTest {

    @Test
    void fieldToStringShowsNullabilityAndNesting() {
        Field field = Field.nullable("s", ArrowType.Struct.of(Field.nullable("a", ArrowType.INT32),
                Field.nullable("b", new ArrowType.List(Field.notNull("item", ArrowType.UTF8)))));
        assertEquals("s: struct<a: int32, b: list<item: utf8 not null>>", field.toString());
        assertEquals("x: int64 not null", Field.notNull("x", ArrowType.INT64).toString());
    }

    @Test
    void childrenComeFromTheType() {
        Field a = Field.nullable("a", ArrowType.INT32);
        Field s = Field.nullable("s", ArrowType.Struct.of(a));
        assertEquals(List.of(a), s.children());
        assertEquals(List.of(), a.children());
    }

    @Test
    void metadataIsAnOrderedPartOfEquality() {
        Map<String, String> meta = new LinkedHashMap<>();
        meta.put("z", "1");
        meta.put("a", "2");
        Field field = Field.nullable("x", ArrowType.INT8).withMetadata(meta);
        assertEquals(List.of("z", "a"), List.copyOf(field.metadata().keySet()));
        assertEquals(field, Field.nullable("x", ArrowType.INT8).withMetadata(meta));
        assertNotEquals(field, Field.nullable("x", ArrowType.INT8));
        assertThrows(UnsupportedOperationException.class, () -> field.metadata().put("b", "3"));
        meta.put("late", "change");
        assertEquals(2, field.metadata().size(), "a copy was taken");
    }

    @Test
    void dictionaryEncodingIsPartOfTheField() {
        Field field = Field.dictionary("cat", ArrowType.INT32, ArrowType.UTF8, false, 0, true);
        assertEquals(new DictionaryEncoding(0, ArrowType.INT32, false), field.dictionaryEncoding());
        assertEquals(new ArrowType.Dictionary(ArrowType.INT32, ArrowType.UTF8, false), field.type());
        assertNull(Field.nullable("x", ArrowType.UTF8).dictionaryEncoding());
        assertNotEquals(field, field.withDictionaryId(1L));
        assertEquals("cat: dictionary<values=utf8, indices=int32>", field.toString());
    }

    @Test
    void withersChangeOneThing() {
        Field field = Field.nullable("x", ArrowType.INT8);
        assertEquals(Field.nullable("y", ArrowType.INT8), field.withName("y"));
        assertEquals(Field.notNull("x", ArrowType.INT8), field.withNullable(false));
        assertEquals(Field.nullable("x", ArrowType.UTF8), field.withType(ArrowType.UTF8));
    }

    @Test
    void schemaEqualityMetadataAndEndianness() {
        Schema schema = Schema.of(Field.nullable("a", ArrowType.INT32), Field.notNull("b", ArrowType.UTF8));
        assertEquals("schema<a: int32, b: utf8 not null>", schema.toString());
        assertEquals(Endianness.LITTLE, schema.endianness());
        assertEquals(1, schema.indexOf("b"));
        assertEquals(-1, schema.indexOf("c"));
        assertEquals(schema, Schema.of(Field.nullable("a", ArrowType.INT32), Field.notNull("b", ArrowType.UTF8)));
        assertNotEquals(schema, schema.withMetadata(Map.of("k", "v")));
        assertNotEquals(schema, schema.withEndianness(Endianness.BIG));
        assertEquals(Map.of("k", "v"), schema.withMetadata(Map.of("k", "v")).metadata());
    }

    @Test
    void duplicateFieldNamesAreAllowed() {
        Schema schema = Schema.of(Field.nullable("a", ArrowType.INT32), Field.nullable("a", ArrowType.INT64));
        assertEquals(2, schema.fields().size());
        assertEquals(0, schema.indexOf("a"));
    }
}
