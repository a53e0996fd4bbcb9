// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.type;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SchemaDifferenceTest {
    private static final Field X = Field.notNull("x", ArrowType.INT64);

    private static String diff(Schema a, Schema b) {
        return a.difference(b).orElseThrow();
    }

    @Test
    void equalSchemasHaveNoDifference() {
        assertEquals(Optional.empty(), Schema.of(X).difference(Schema.of(X)));
    }

    @Test
    void eachKindOfDifferenceIsNamed() {
        assertEquals("field x: metadata {a=b} vs {}",
                diff(Schema.of(X.withMetadata(Map.of("a", "b"))), Schema.of(X)));
        assertEquals("field x: type int64 vs int32", diff(Schema.of(X), Schema.of(X.withType(ArrowType.INT32))));
        assertEquals("field x: not null vs nullable", diff(Schema.of(X), Schema.of(X.withNullable(true))));
        assertEquals("field 0: name x vs y", diff(Schema.of(X), Schema.of(X.withName("y"))));
        assertEquals("1 fields vs 2 (second has y: utf8)",
                diff(Schema.of(X), Schema.of(X, Field.nullable("y", ArrowType.UTF8))));
        assertEquals("schema metadata {k=v} vs {}", diff(Schema.of(X).withMetadata(Map.of("k", "v")), Schema.of(X)));
        assertEquals("byte order BIG vs LITTLE", diff(Schema.of(X).withEndianness(Endianness.BIG), Schema.of(X)));
    }

    @Test
    void nestedFieldsAreNamedByTheirPath() {
        Schema a = Schema.of(Field.nullable("s", new ArrowType.Struct(List.of(Field.nullable("a", ArrowType.INT32)))));
        Schema b = Schema.of(Field.nullable("s", new ArrowType.Struct(List.of(Field.notNull("a", ArrowType.INT32)))));
        assertEquals("field s.a: nullable vs not null", diff(a, b));
        Schema list = Schema.of(Field.nullable("l", new ArrowType.List(Field.nullable("item", ArrowType.INT32))));
        Schema tagged = Schema.of(Field.nullable("l", new ArrowType.List(Field.nullable("item", ArrowType.INT32)
                .withMetadata(Map.of("u", "m")))));
        assertEquals("field l.item: metadata {} vs {u=m}", diff(list, tagged));
    }

    @Test
    void dictionaryIdsDifferOnlyWhenTheyCount() {
        ArrowType.Dictionary dict = new ArrowType.Dictionary(ArrowType.INT32, ArrowType.UTF8, false);
        Schema zero = Schema.of(Field.nullable("c", dict).withDictionaryId(0L));
        Schema one = Schema.of(Field.nullable("c", dict).withDictionaryId(1L));
        assertEquals("field c: dictionary id 0 vs 1", diff(zero, one));
        assertEquals(Optional.empty(), zero.differenceIgnoringDictionaryIds(one));
        assertEquals(zero.equalsIgnoringDictionaryIds(one), zero.differenceIgnoringDictionaryIds(one).isEmpty());
    }

    @Test
    void fieldByNameFailsNamingTheFieldsThereAre() {
        Schema schema = Schema.of(X, Field.nullable("y", ArrowType.UTF8));
        assertEquals(X, schema.field("x"));
        assertEquals(1, schema.index("y"));
        assertEquals(-1, schema.indexOf("z"));
        assertEquals(List.of("x", "y"), schema.names());
        UnknownFieldException e = assertThrows(UnknownFieldException.class, () -> schema.field("z"));
        assertEquals("no field named 'z'; the fields are 'x', 'y'", e.getMessage());
        assertEquals("no field named 'z'; the fields are none",
                assertThrows(UnknownFieldException.class, () -> Schema.of().field("z")).getMessage());
    }
}
