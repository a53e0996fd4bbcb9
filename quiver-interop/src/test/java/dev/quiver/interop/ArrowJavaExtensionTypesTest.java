// SPDX-License-Identifier: Apache-2.0
package dev.quiver.interop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.ipc.IpcWriteOptions;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.List;
import java.util.UUID;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.UuidVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.extension.OpaqueType;
import org.apache.arrow.vector.extension.OpaqueVector;
import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.types.pojo.ExtensionTypeRegistry;
import org.junit.jupiter.api.Test;

/** arrow-java 19 reads Quiver's arrow.uuid and arrow.opaque columns as its own UuidType and OpaqueType. */
class ArrowJavaExtensionTypesTest {

    @Test
    void uuidAndOpaqueColumnsAreArrowJavasOwnExtensionTypes() throws IOException {
        // arrow-java reads extension types it has registered; the registry is process-wide, so the
        // registrations are undone at the end (arrow-java's JSON writer, used by other tests, has no
        // extension vectors).
        OpaqueType opaqueKey = new OpaqueType(org.apache.arrow.vector.types.pojo.ArrowType.Null.INSTANCE, "", "");
        ExtensionTypeRegistry.register(UuidType.INSTANCE);
        ExtensionTypeRegistry.register(opaqueKey);
        try {
            readUuidAndOpaque();
        } finally {
            ExtensionTypeRegistry.unregister(UuidType.INSTANCE);
            ExtensionTypeRegistry.unregister(opaqueKey);
        }
    }

    private static void readUuidAndOpaque() throws IOException {
        RecordBatch full = CanonicalExtensionsRoundTripTest.batch();
        Schema schema = new Schema(List.of(field(full, "uuid"), field(full, "opaque")));
        RecordBatch batch = new RecordBatch(schema, List.of(full.column("uuid"), full.column("opaque")));
        byte[] stream = QuiverIpc.writeStream(schema, List.of(batch), IpcWriteOptions.DEFAULT);
        try (BufferAllocator allocator = new RootAllocator();
                ArrowStreamReader reader = new ArrowStreamReader(new ByteArrayInputStream(stream), allocator)) {
            assertTrue(reader.loadNextBatch());
            FieldVector uuids = reader.getVectorSchemaRoot().getVector("uuid");
            assertInstanceOf(UuidType.class, uuids.getField().getType());
            UuidVector uuidVector = assertInstanceOf(UuidVector.class, uuids);
            assertEquals(new UUID(0x1200000000000000L, 0x34L), uuidVector.getObject(0));
            assertTrue(uuidVector.isNull(1));
            assertEquals(new UUID(0, 0), uuidVector.getObject(2));
            FieldVector opaque = reader.getVectorSchemaRoot().getVector("opaque");
            OpaqueType type = assertInstanceOf(OpaqueType.class, opaque.getField().getType());
            assertEquals("geometry", type.typeName());
            assertEquals("PostGIS", type.vendorName());
            VarBinaryVector storage = (VarBinaryVector) assertInstanceOf(OpaqueVector.class, opaque).getUnderlyingVector();
            assertArrayEquals(new byte[] {1, 2}, storage.get(0));
            assertTrue(storage.isNull(1));
        }
    }

    private static Field field(RecordBatch batch, String name) {
        return batch.schema().fields().stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
    }
}
