// SPDX-License-Identifier: Apache-2.0
package dev.quiver.interop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.extension.FixedShapeTensorArray;
import dev.quiver.core.extension.FixedShapeTensorType;
import dev.quiver.core.extension.OpaqueType;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.testkit.TestData;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The canonical extension types pyarrow 25 has (uuid, json, bool8, opaque, fixed_shape_tensor), written by
 * testing/data/pyarrow/generate.py, read with the values the script wrote.
 */
class PyarrowExtensionFilesTest {

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void everyExtensionColumnReadsAsWritten(boolean file) throws IOException {
        String name = file ? "pyarrow/extensions.arrow_file" : "pyarrow/extensions.stream";
        QuiverIpc.Read read = QuiverIpc.read(file, Files.readAllBytes(TestData.resolve(name)));
        for (Field f : read.schema().fields()) {
            assertInstanceOf(ArrowType.Extension.class, f.type(), f.name());
        }
        assertEquals(1, read.batches().size());
        RecordBatch b = read.batches().getFirst();
        assertEquals(3, b.rowCount());

        Array uuid = b.column("uuid");
        assertEquals("arrow.uuid", ((ArrowType.Extension) uuid.type()).name());
        ByteBuffer id = ByteBuffer.wrap((byte[]) uuid.getObject(0));
        assertEquals(UUID.fromString("12345678-1234-5678-1234-567812345678"), new UUID(id.getLong(), id.getLong()));
        assertNull(uuid.getObject(1));
        assertArrayEquals(new byte[16], (byte[]) uuid.getObject(2));

        Array json = b.column("json");
        assertEquals(new ArrowType.Extension("arrow.json", ArrowType.UTF8, ""), json.type());
        assertEquals("{\"a\": 1}", json.getObject(0));
        assertNull(json.getObject(1));
        assertEquals("[1,2]", json.getObject(2));

        Array bool8 = b.column("bool8");
        assertEquals(new ArrowType.Extension("arrow.bool8", ArrowType.INT8, ""), bool8.type());
        assertEquals(1, bool8.getObject(0));
        assertNull(bool8.getObject(1));
        assertEquals(0, bool8.getObject(2));

        Array opaque = b.column("opaque");
        ArrowType.Extension opaqueType = (ArrowType.Extension) opaque.type();
        assertEquals(ArrowType.BINARY, opaqueType.storageType());
        assertEquals(new OpaqueType("geometry", "PostGIS"), OpaqueType.parse(opaqueType.metadata()));
        assertArrayEquals(new byte[] {1, 2}, (byte[]) opaque.getObject(0));
        assertNull(opaque.getObject(1));
        assertArrayEquals(new byte[0], (byte[]) opaque.getObject(2));

        FixedShapeTensorArray tensor = new FixedShapeTensorArray(b.column("tensor"));
        assertEquals(new FixedShapeTensorType(ArrowType.FLOAT32, List.of(2, 2), List.of("x", "y"), List.of(1, 0)),
                tensor.tensorType());
        assertEquals(List.of(1f, 2f, 3f, 4f), b.column("tensor").getObject(0));
        // Logical [1, 0] is physical [0, 1] under the permutation [1, 0].
        assertEquals(2f, tensor.getElement(0, 1, 0));
        assertEquals(7f, tensor.getElement(2, 0, 1));
        assertEquals(true, tensor.isNull(1));

        FixedShapeTensorArray plain = new FixedShapeTensorArray(b.column("tensor_plain"));
        assertEquals(FixedShapeTensorType.of(ArrowType.INT64, 2, 3), plain.tensorType());
        assertEquals(15L, plain.getElement(1, 1, 2));
        assertEquals(3L, plain.getElement(0, 1, 0));
        assertEquals(true, plain.isNull(2));
    }
}
