// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.type;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExtensionTypesTest {

    private static Field stored(String name, ArrowType storage, String meta) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("other", "kept");
        m.put(ExtensionTypes.NAME_KEY, name);
        m.put(ExtensionTypes.METADATA_KEY, meta);
        return Field.nullable("x", storage).withMetadata(m);
    }

    @Test
    void registeredExtensionResolvesAndRoundTrips() {
        Field field = stored("arrow.uuid", new ArrowType.FixedSizeBinary(16), "");
        Field resolved = ExtensionTypes.resolve(field);
        ArrowType.Extension ext = assertInstanceOf(ArrowType.Extension.class, resolved.type());
        assertEquals("arrow.uuid", ext.name());
        assertEquals(new ArrowType.FixedSizeBinary(16), ext.storageType());
        assertEquals(Map.of("other", "kept"), resolved.metadata());
        Field back = ExtensionTypes.toStorage(resolved);
        assertEquals(new ArrowType.FixedSizeBinary(16), back.type());
        assertEquals("arrow.uuid", back.metadata().get(ExtensionTypes.NAME_KEY));
        assertEquals("kept", back.metadata().get("other"));
    }

    @Test
    void unknownExtensionStaysItsStorageTypeWithMetadataKept() {
        Field field = stored("example.unknown", ArrowType.INT32, "{\"a\":1}");
        Field resolved = ExtensionTypes.resolve(field);
        assertEquals(ArrowType.INT32, resolved.type());
        assertEquals(field.metadata(), resolved.metadata());
    }

    @Test
    void registeredExtensionWithWrongStorageIsNotResolved() {
        Field field = stored("arrow.uuid", new ArrowType.FixedSizeBinary(8), "");
        assertEquals(field, ExtensionTypes.resolve(field));
    }

    @Test
    void userExtensionsAndNestedResolution() {
        ExtensionTypes.register("test.point", (storage, meta) -> storage instanceof ArrowType.Struct);
        try {
            Field point = stored("test.point", ArrowType.Struct.of(Field.nullable("x", ArrowType.FLOAT64),
                    Field.nullable("y", ArrowType.FLOAT64)), "");
            Field list = Field.nullable("points", new ArrowType.List(point));
            Field resolved = ExtensionTypes.resolve(list);
            ArrowType.List type = assertInstanceOf(ArrowType.List.class, resolved.type());
            ArrowType.Extension ext = assertInstanceOf(ArrowType.Extension.class, type.valueField().type());
            assertEquals("test.point", ext.name());
            assertEquals(list, ExtensionTypes.toStorage(resolved));
        } finally {
            ExtensionTypes.unregister("test.point");
        }
    }
}
