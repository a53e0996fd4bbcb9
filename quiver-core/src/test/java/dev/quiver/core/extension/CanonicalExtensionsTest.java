// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.extension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.ExtensionTypes;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.InvalidTypeException;
import dev.quiver.core.type.TimeUnit;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every canonical extension resolves when valid and stays its storage type, metadata kept, when not. */
class CanonicalExtensionsTest {

    private static Field stored(String name, ArrowType storage, String meta) {
        return Field.nullable("x", storage).withMetadata(Map.of(ExtensionTypes.NAME_KEY, name,
                ExtensionTypes.METADATA_KEY, meta));
    }

    private static void resolves(String name, ArrowType storage, String meta) {
        ArrowType.Extension ext = assertInstanceOf(ArrowType.Extension.class,
                ExtensionTypes.resolve(stored(name, storage, meta)).type(), name);
        assertEquals(name, ext.name());
        assertEquals(meta, ext.metadata());
    }

    private static void staysStorage(String name, ArrowType storage, String meta, String why) {
        Field field = stored(name, storage, meta);
        assertEquals(field, ExtensionTypes.resolve(field), name + " " + meta);
        InvalidTypeException e = assertThrows(InvalidTypeException.class,
                () -> CanonicalExtensions.check(name, storage, meta));
        assertTrue(e.getMessage().contains(why), e.getMessage());
    }

    @Test
    void validCanonicalTypesResolve() {
        FixedShapeTensorType fixed = FixedShapeTensorType.of(ArrowType.FLOAT32, 2, 5);
        resolves(FixedShapeTensorType.NAME, fixed.storageType(), "{ \"shape\": [2, 5]}");
        resolves(VariableShapeTensorType.NAME, VariableShapeTensorType.of(ArrowType.INT8, 3).storageType(), "");
        resolves(TimestampWithOffsetType.NAME, new TimestampWithOffsetType(TimeUnit.NANOSECOND).storageType(), "");
        resolves(VariantType.NAME, VariantType.unshreddedStorage(), "");
        resolves("arrow.uuid", new ArrowType.FixedSizeBinary(16), "");
        resolves("arrow.json", ArrowType.UTF8, "");
        resolves("arrow.json", ArrowType.LARGE_UTF8, "{}");
        resolves("arrow.bool8", ArrowType.INT8, "");
        // The spec's Opaque examples.
        resolves("arrow.opaque", ArrowType.NULL, "{\"type_name\": \"varray\", \"vendor_name\": \"Oracle\"}");
        resolves("arrow.opaque", ArrowType.BINARY, "{\"type_name\": \"geometry\", \"vendor_name\": \"PostGIS\"}");
        resolves("arrow.opaque", ArrowType.Struct.of(Field.nullable("r", ArrowType.FLOAT64)),
                "{\"type_name\": \"database_name.schema_name.complex\", \"vendor_name\": \"PostgreSQL\"}");
        resolves("arrow.opaque", ArrowType.NULL, "{\"type_name\": \"OTHER\", \"vendor_name\": \"JDBC driver name\"}");
        assertEquals(new OpaqueType("varray", "Oracle"),
                OpaqueType.parse("{\"type_name\": \"varray\", \"vendor_name\": \"Oracle\", \"future\": 1}"));
    }

    @Test
    void invalidCanonicalTypesStayTheirStorageWithMetadataKept() {
        staysStorage(FixedShapeTensorType.NAME, FixedShapeTensorType.of(ArrowType.FLOAT32, 2, 5).storageType(),
                "{\"shape\": [2, 6]}", "not the product");
        staysStorage(VariableShapeTensorType.NAME, ArrowType.INT8, "", "storage must be a Struct");
        staysStorage(TimestampWithOffsetType.NAME, ArrowType.INT64, "", "storage must be a Struct");
        staysStorage(VariantType.NAME, ArrowType.BINARY, "", "storage must be a Struct");
        staysStorage("arrow.uuid", new ArrowType.FixedSizeBinary(8), "", "FixedSizeBinary(16)");
        staysStorage("arrow.json", ArrowType.BINARY, "", "String, LargeString or StringView");
        staysStorage("arrow.json", ArrowType.UTF8, "not json", "invalid metadata JSON");
        staysStorage("arrow.bool8", ArrowType.INT8, "x", "empty string");
        staysStorage("arrow.bool8", ArrowType.UINT8, "", "Int8");
        staysStorage("arrow.opaque", ArrowType.NULL, "{\"type_name\": \"t\"}", "vendor_name");
        assertThrows(InvalidTypeException.class, () -> CanonicalExtensions.check("arrow.nope", ArrowType.NULL, ""));
    }

    @Test
    void canonicalTypesInsideNestedTypesResolve() {
        Field inner = stored(TimestampWithOffsetType.NAME, new TimestampWithOffsetType(TimeUnit.SECOND).storageType(), "");
        Field list = Field.nullable("l", new ArrowType.List(inner));
        ArrowType.List resolved = (ArrowType.List) ExtensionTypes.resolve(list).type();
        assertInstanceOf(ArrowType.Extension.class, resolved.valueField().type());
        assertEquals(list, ExtensionTypes.toStorage(ExtensionTypes.resolve(list)));
    }
}
