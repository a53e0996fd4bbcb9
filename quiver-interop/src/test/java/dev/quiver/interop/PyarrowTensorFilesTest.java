// SPDX-License-Identifier: Apache-2.0
package dev.quiver.interop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.ExtensionArray;
import dev.quiver.core.extension.FixedShapeTensorArray;
import dev.quiver.core.extension.FixedShapeTensorType;
import dev.quiver.core.type.ArrowType;
import dev.quiver.ipc.Tensor;
import dev.quiver.ipc.TensorConversions;
import dev.quiver.ipc.TensorMessages;
import dev.quiver.testkit.TestData;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Dense tensors written by pyarrow 25's ipc.write_tensor (testing/data/pyarrow/generate.py). */
class PyarrowTensorFilesTest {

    private static Tensor read(String name) throws IOException {
        return TensorMessages.read(MemorySegment.ofArray(Files.readAllBytes(TestData.resolve("pyarrow/" + name))));
    }

    @Test
    void int32RowMajorWithNames() throws IOException {
        Tensor t = read("tensor_int32_2x3.tensor");
        assertEquals(ArrowType.INT32, t.type());
        assertArrayEquals(new long[] {2, 3}, t.shape());
        assertArrayEquals(new long[] {12, 4}, t.strides());
        assertEquals(List.of("r", "c"), t.dimNames());
        for (int i = 0; i < 2; i++) {
            for (int j = 0; j < 3; j++) {
                assertEquals(3L * i + j, t.getLong(i, j));
            }
        }
    }

    @Test
    void float64ColumnMajor() throws IOException {
        Tensor t = read("tensor_float64_2x3_colmajor.tensor");
        assertEquals(ArrowType.FLOAT64, t.type());
        assertArrayEquals(new long[] {8, 16}, t.strides());
        assertEquals(List.of(), t.dimNames());
        for (int i = 0; i < 2; i++) {
            for (int j = 0; j < 3; j++) {
                assertEquals((3 * i + j) / 2.0, t.getDouble(i, j));
            }
        }
        Tensor back = TensorMessages.read(MemorySegment.ofArray(TensorMessages.toBytes(t)));
        assertEquals(2.5, back.getDouble(1, 2));
    }

    @Test
    void uint8ThreeDimensions() throws IOException {
        Tensor t = read("tensor_uint8_2x2x2.tensor");
        assertEquals(ArrowType.UINT8, t.type());
        assertArrayEquals(new long[] {2, 2, 2}, t.shape());
        assertEquals(7, t.getLong(1, 1, 1));
        assertEquals(5, t.getLong(1, 0, 1));
    }

    @Test
    void conversionsToAndFromFixedShapeTensor() throws IOException {
        Tensor t = read("tensor_float64_2x3_colmajor.tensor");
        ExtensionArray array = TensorConversions.toFixedShapeTensor(t);
        FixedShapeTensorArray fixed = new FixedShapeTensorArray(array);
        assertEquals(FixedShapeTensorType.of(ArrowType.FLOAT64, 2, 3), fixed.tensorType());
        assertEquals(List.of(0.0, 0.5, 1.0, 1.5, 2.0, 2.5), array.getObject(0));
        Tensor back = TensorConversions.fromFixedShapeTensor(fixed, 0);
        assertTrue(back.isRowMajor());
        assertEquals(2.5, back.getDouble(1, 2));

        // A permuted fixed-shape tensor becomes a strided Tensor in its logical layout.
        QuiverIpc.Read read = QuiverIpc.read(true, Files.readAllBytes(TestData.resolve("pyarrow/extensions.arrow_file")));
        FixedShapeTensorArray permuted = new FixedShapeTensorArray(read.batches().getFirst().column("tensor"));
        Tensor logical = TensorConversions.fromFixedShapeTensor(permuted, 2);
        assertEquals(List.of("y", "x"), logical.dimNames());
        assertArrayEquals(new long[] {4, 8}, logical.strides());
        for (int i = 0; i < 2; i++) {
            for (int j = 0; j < 2; j++) {
                assertEquals(((Float) permuted.getElement(2, i, j)).doubleValue(), logical.getDouble(i, j));
            }
        }
        assertThrows(IllegalArgumentException.class, () -> TensorConversions.fromFixedShapeTensor(permuted, 1));
    }
}
