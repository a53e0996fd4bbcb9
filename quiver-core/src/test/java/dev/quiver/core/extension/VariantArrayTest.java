// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.extension;

import static dev.quiver.core.extension.ExtensionTestSupport.ALLOC;
import static dev.quiver.core.extension.ExtensionTestSupport.bytes;
import static dev.quiver.core.extension.ExtensionTestSupport.extension;
import static dev.quiver.core.extension.ExtensionTestSupport.row;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ExtensionArray;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.builder.StructBuilder;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.InvalidTypeException;
import dev.quiver.core.type.TimeUnit;
import dev.quiver.core.validation.ValidationException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The storage rules of arrow.parquet.variant and the examples of the spec's Examples page. */
class VariantArrayTest {
    /** Empty metadata as the Examples page writes it ("01 00"). */
    private static final byte[] EMPTY_META = bytes(0x01, 0x00);
    private static final byte[] VARIANT_NULL = bytes(0x00);
    private static final ArrowType UTC_MICROS = new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC");

    /** The example's timestamps are Timestamp(us, UTC) values: microseconds since the epoch. */
    private static Instant micros(long us) {
        return Instant.EPOCH.plusNanos(us * 1_000L);
    }

    private static byte[] shortString(String s) {
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[utf8.length + 1];
        out[0] = (byte) ((utf8.length << 2) | 1);
        System.arraycopy(utf8, 0, out, 1, utf8.length);
        return out;
    }

    /** Metadata with the one name {@code name}. */
    private static byte[] meta(String name) {
        byte[] utf8 = name.getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[4 + utf8.length];
        out[0] = 0x01;
        out[1] = 1;
        out[3] = (byte) utf8.length;
        System.arraycopy(utf8, 0, out, 4, utf8.length);
        return out;
    }

    /** An object of field id 0 with a short string value. */
    private static byte[] object1(String value) {
        byte[] v = shortString(value);
        byte[] out = new byte[5 + v.length];
        out[0] = 0x02;
        out[1] = 1;
        out[4] = (byte) v.length;
        System.arraycopy(v, 0, out, 5, v.length);
        return out;
    }

    private static Field group(String name, ArrowType typed) {
        return Field.notNull(name, ArrowType.Struct.of(Field.nullable("value", ArrowType.BINARY),
                Field.nullable("typed_value", typed)));
    }

    private static ArrowType.Struct variantStorage(ArrowType typed) {
        return ArrowType.Struct.of(Field.notNull("metadata", ArrowType.BINARY), Field.nullable("value", ArrowType.BINARY),
                Field.nullable("typed_value", typed));
    }

    private static ArrowType.Extension variant(ArrowType.Struct storage) {
        return new ArrowType.Extension(VariantType.NAME, storage, "");
    }

    @Test
    void examplesUnshreddedStorageTypesAreValid() {
        assertDoesNotThrow(() -> VariantType.check(VariantType.unshreddedStorage(), ""));
        assertDoesNotThrow(() -> VariantType.check(ArrowType.Struct.of(Field.nullable("value", ArrowType.BINARY),
                Field.notNull("metadata", ArrowType.BINARY)), ""));
        assertDoesNotThrow(() -> VariantType.check(ArrowType.Struct.of(Field.dictionary("metadata", ArrowType.INT8,
                ArrowType.BINARY, false, 0L, false), Field.nullable("value", ArrowType.BINARY_VIEW)), ""));
    }

    @Test
    void unshreddedValuesDecode() {
        VariantArray a = new VariantArray(extension(VariantType.unshredded(),
                row("metadata", VariantDecoderTest.AB, "value", bytes(0x02, 2, 0, 1, 0, 2, 4, 3 << 2, 1, 5, 'x')),
                row("metadata", EMPTY_META, "value", VARIANT_NULL), null));
        assertEquals(Map.of("a", (byte) 1, "b", "x"), a.get(0));
        assertNull(a.get(1));
        assertFalse(a.isNull(1));
        assertTrue(a.isNull(2));
        a.validate();
        VariantArray bad = new VariantArray(extension(VariantType.unshredded(),
                row("metadata", EMPTY_META, "value", VARIANT_NULL), row("metadata", EMPTY_META, "value", bytes(99))));
        ValidationException e = assertThrows(ValidationException.class, bad::validate);
        assertEquals(1, e.index());
    }

    /** Examples, "Simple Shredding": 34, null, "n/a", 100 with int64 typed_value. */
    @Test
    void exampleSimpleShredding() {
        ArrowType.Struct storage = variantStorage(ArrowType.INT64);
        StructBuilder b = (StructBuilder) ArrayBuilder.of(storage, ALLOC);
        byte[][] values = {null, VARIANT_NULL, shortString("n/a"), null};
        Long[] typed = {34L, null, null, 100L};
        for (int i = 0; i < 4; i++) {
            b.field(0).appendObject(EMPTY_META);
            b.field(1).appendObject(values[i]);
            b.field(2).appendObject(typed[i]);
            // The example's validity bitmap 00001011 marks slot 2 null although it holds "n/a".
            if (i == 2) {
                b.appendNull();
            } else {
                b.append();
            }
        }
        // The example prints "n/a" as 0x13 0x6E 0x2F 0x61; a 3-byte short string's header is 3 << 2 | 1 = 0x0D.
        assertEquals(0x0D, shortString("n/a")[0]);
        VariantArray a = new VariantArray(ExtensionArray.ofUnchecked(b.build().data().withType(variant(storage))));
        assertEquals(34L, a.get(0));
        assertNull(a.get(1));
        assertFalse(a.isNull(1));
        assertTrue(a.isNull(2));
        assertEquals("n/a", VariantDecoder.decode(a.metadata(2), a.value(2)));
        assertEquals(100L, a.get(3));
    }

    /** Examples, "Shredding an Array": ["comedy","drama"], ["horror", null], ["comedy","drama","romance"], null. */
    @Test
    void exampleShreddingAnArray() {
        ArrowType.Struct element = ArrowType.Struct.of(Field.nullable("value", ArrowType.BINARY),
                Field.nullable("typed_value", ArrowType.UTF8));
        ArrowType.Struct storage = variantStorage(new ArrowType.List(Field.notNull("element", element)));
        VariantArray a = new VariantArray(extension(variant(storage),
                row("metadata", EMPTY_META, "typed_value", List.of(row("typed_value", "comedy"), row("typed_value", "drama"))),
                row("metadata", EMPTY_META, "typed_value", List.of(row("typed_value", "horror"),
                        row("value", VARIANT_NULL))),
                row("metadata", EMPTY_META, "typed_value", List.of(row("typed_value", "comedy"),
                        row("typed_value", "drama"), row("typed_value", "romance"))),
                null));
        assertEquals(List.of("comedy", "drama"), a.get(0));
        assertEquals(Arrays.asList("horror", null), a.get(1));
        assertEquals(List.of("comedy", "drama", "romance"), a.get(2));
        assertTrue(a.isNull(3));
    }

    private static ArrowType.Struct eventStorage() {
        return variantStorage(ArrowType.Struct.of(group("event_type", ArrowType.UTF8), group("event_ts", UTC_MICROS)));
    }

    /** Examples, "Shredding an Object": the ten events, with the shredded fields event_type and event_ts. */
    @Test
    void exampleShreddingAnObject() {
        byte[] email = meta("email");
        byte[] error = meta("error_msg");
        byte[] click = meta("click");
        VariantArray a = new VariantArray(extension(variant(eventStorage()),
                row("metadata", EMPTY_META, "typed_value", row("event_type", row("typed_value", "noop"),
                        "event_ts", row("typed_value", 1729794114937L))),
                row("metadata", email, "value", object1("user@example.com"), "typed_value",
                        row("event_type", row("typed_value", "login"), "event_ts", row("typed_value", 1729794146402L))),
                row("metadata", error, "value", object1("malformed..."), "typed_value",
                        row("event_type", row(), "event_ts", row())),
                row("metadata", EMPTY_META, "value", shortString("malformed: not an object")),
                row("metadata", click, "value", object1("_button"), "typed_value",
                        row("event_type", row(), "event_ts", row("typed_value", 1729794240241L))),
                row("metadata", EMPTY_META, "typed_value",
                        row("event_type", row(), "event_ts", row("typed_value", 1729794954163L))),
                row("metadata", EMPTY_META, "typed_value", row("event_type", row("typed_value", "noop"),
                        "event_ts", row("value", shortString("2024-10-24")))),
                row("metadata", EMPTY_META, "typed_value", row("event_type", row(), "event_ts", row())),
                row("metadata", EMPTY_META, "value", VARIANT_NULL),
                null));
        Instant ts0 = micros(1729794114937L);
        assertEquals(Map.of("event_type", "noop", "event_ts", ts0), a.get(0));
        assertEquals(List.of("event_ts", "event_type"), List.copyOf(((Map<?, ?>) a.get(0)).keySet()));
        assertEquals(Map.of("event_type", "login", "event_ts", micros(1729794146402L),
                "email", "user@example.com"), a.get(1));
        assertEquals(List.of("email", "event_ts", "event_type"), List.copyOf(((Map<?, ?>) a.get(1)).keySet()));
        assertEquals(Map.of("error_msg", "malformed..."), a.get(2));
        assertEquals("malformed: not an object", a.get(3));
        assertEquals(Map.of("event_ts", micros(1729794240241L), "click", "_button"), a.get(4));
        assertEquals(Map.of("event_ts", micros(1729794954163L)), a.get(5));
        assertEquals(Map.of("event_type", "noop", "event_ts", "2024-10-24"), a.get(6));
        assertEquals(Map.of(), a.get(7));
        assertNull(a.get(8));
        assertFalse(a.isNull(8));
        assertTrue(a.isNull(9));
    }

    /** Examples, "Putting it all together": nested shredded objects and lists. */
    @Test
    void examplePuttingItAllTogether() {
        ArrowType.Struct location = ArrowType.Struct.of(group("longitude", ArrowType.FLOAT64),
                group("latitude", ArrowType.FLOAT64));
        ArrowType.Struct element = ArrowType.Struct.of(Field.nullable("value", ArrowType.BINARY),
                Field.nullable("typed_value", ArrowType.UTF8));
        ArrowType.Struct storage = variantStorage(ArrowType.Struct.of(group("event_type", ArrowType.UTF8),
                group("event_ts", UTC_MICROS), group("location", location),
                group("tags", new ArrowType.List(Field.notNull("element", element)))));
        VariantArray a = new VariantArray(extension(variant(storage),
                row("metadata", EMPTY_META, "typed_value", row(
                        "event_type", row("typed_value", "login"),
                        "event_ts", row("typed_value", 1729794114937L),
                        "location", row("typed_value", row("longitude", row("typed_value", 1.5),
                                "latitude", row("typed_value", 5.5))),
                        "tags", row("typed_value", List.of(row("typed_value", "foo"), row("typed_value", "bar"),
                                row("typed_value", "baz")))))));
        assertEquals(Map.of("event_type", "login", "event_ts", micros(1729794114937L),
                "location", Map.of("longitude", 1.5, "latitude", 5.5), "tags", List.of("foo", "bar", "baz")), a.get(0));
    }

    @Test
    void shreddingRulesAreChecked() {
        ArrowType.Struct storage = variantStorage(ArrowType.INT64);
        ValidationException both = assertThrows(ValidationException.class, () -> new VariantArray(extension(
                variant(storage), row("metadata", EMPTY_META, "value", VARIANT_NULL, "typed_value", 1L))).get(0));
        assertTrue(both.getMessage().contains("both value and a non-object typed_value"), both.getMessage());
        ValidationException twice = assertThrows(ValidationException.class, () -> new VariantArray(extension(
                variant(eventStorage()), row("metadata", meta("event_type"), "value", object1("x"),
                        "typed_value", row("event_type", row("typed_value", "y"), "event_ts", row())))).get(0));
        assertTrue(twice.getMessage().contains("both shredded and in value"), twice.getMessage());
        ValidationException notObject = assertThrows(ValidationException.class, () -> new VariantArray(extension(
                variant(eventStorage()), row("metadata", EMPTY_META, "value", shortString("s"),
                        "typed_value", row("event_type", row(), "event_ts", row())))).get(0));
        assertTrue(notObject.getMessage().contains("value is not"), notObject.getMessage());
    }

    @Test
    void storageRulesAreChecked() {
        ArrowType.Struct[] bad = {
            ArrowType.Struct.of(Field.nullable("metadata", ArrowType.BINARY), Field.nullable("value", ArrowType.BINARY)),
            ArrowType.Struct.of(Field.notNull("metadata", ArrowType.UTF8), Field.nullable("value", ArrowType.BINARY)),
            ArrowType.Struct.of(Field.notNull("metadata", ArrowType.BINARY)),
            ArrowType.Struct.of(Field.notNull("metadata", ArrowType.BINARY), Field.nullable("value", ArrowType.UTF8)),
            ArrowType.Struct.of(Field.notNull("metadata", ArrowType.BINARY), Field.nullable("value", ArrowType.BINARY),
                    Field.nullable("extra", ArrowType.BINARY)),
            ArrowType.Struct.of(Field.notNull("metadata", ArrowType.BINARY), Field.nullable("value", ArrowType.BINARY),
                    Field.nullable("value", ArrowType.BINARY)),
            variantStorage(ArrowType.UINT64),
            variantStorage(new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC")),
            variantStorage(new ArrowType.List(Field.nullable("element", ArrowType.Struct.of(
                    Field.nullable("value", ArrowType.BINARY))))),
            variantStorage(new ArrowType.List(Field.notNull("element", ArrowType.INT8))),
            variantStorage(ArrowType.Struct.of(Field.nullable("f", ArrowType.Struct.of(
                    Field.nullable("value", ArrowType.BINARY))))),
            variantStorage(ArrowType.Struct.of(Field.notNull("f", ArrowType.Struct.of(
                    Field.nullable("other", ArrowType.BINARY))))),
        };
        for (ArrowType.Struct s : bad) {
            assertThrows(InvalidTypeException.class, () -> VariantType.check(s, ""), s.toString());
        }
        assertThrows(InvalidTypeException.class, () -> VariantType.check(VariantType.unshreddedStorage(), "{}"));
        assertThrows(InvalidTypeException.class, () -> new VariantArray(Array.of(
                ExtensionTestSupport.build(VariantType.unshreddedStorage()).data())));
    }
}
