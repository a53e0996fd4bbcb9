// SPDX-License-Identifier: Apache-2.0
package dev.quiver.interop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.extension.FixedShapeTensorArray;
import dev.quiver.core.type.ArrowType;
import dev.quiver.ipc.SparseIndex;
import dev.quiver.ipc.SparseTensor;
import dev.quiver.ipc.SparseTensorConversions;
import dev.quiver.ipc.SparseTensorMessages;
import dev.quiver.ipc.Tensor;
import dev.quiver.ipc.TensorMessages;
import dev.quiver.testkit.TestData;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Sparse tensors written by Arrow C++ 25 (pyarrow 25's library, testing/data/pyarrow/generate.py and
 * sparse_ipc.py), each beside its dense values written by ipc.write_tensor.
 */
class PyarrowSparseTensorFilesTest {

    private static MemorySegment bytes(String name) throws IOException {
        return MemorySegment.ofArray(Files.readAllBytes(TestData.resolve("pyarrow/" + name)));
    }

    static void assertSameValues(Tensor expected, Tensor actual) {
        assertEquals(expected.type(), actual.type());
        assertArrayEquals(expected.shape(), actual.shape());
        long[] at = new long[expected.ndim()];
        boolean floating = expected.type() instanceof ArrowType.FloatingPoint;
        for (long e = 0; e < expected.size(); e++) {
            if (floating) {
                assertEquals(expected.getDouble(at), actual.getDouble(at), () -> Arrays.toString(at));
            } else {
                assertEquals(expected.getLong(at), actual.getLong(at), () -> Arrays.toString(at));
            }
            for (int d = at.length - 1; d >= 0 && ++at[d] == expected.shape()[d]; d--) {
                at[d] = 0;
            }
        }
    }

    @ParameterizedTest
    @CsvSource({
        "sparse_coo_int64_2x3x4, COO, 5, a|b|c",
        "sparse_coo_int16_noncanonical_2x2, COO, 3, ''",
        "sparse_coo_uint8_empty_3x2, COO, 0, ''",
        "sparse_csr_float64_4x5, CSR, 5, ''",
        "sparse_csc_int32_4x5, CSC, 5, row|col",
        "sparse_csf_float32_2x3x4x5, CSF, 8, ''",
    })
    void readsWithTheDenseValues(String name, SparseIndex.Format format, long nonZeros, String names) throws IOException {
        SparseTensor sparse = SparseTensorMessages.read(bytes(name + ".sparse"));
        Tensor dense = TensorMessages.read(bytes(name + ".dense.tensor"));
        assertEquals(format, sparse.index().format());
        assertEquals(nonZeros, sparse.nonZeroLength());
        assertEquals(names.isEmpty() ? List.of() : List.of(names.split("\\|")), sparse.dimNames());
        assertEquals(dense.dimNames(), sparse.dimNames());
        assertSameValues(dense, SparseTensorConversions.toDense(sparse));
        if (sparse.index() instanceof SparseIndex.Coo coo) {
            assertEquals(!name.contains("noncanonical"), coo.canonical());
        }

        // Quiver's own message of it reads back the same, and so does Quiver's sparse form of the dense values.
        SparseTensor again = SparseTensorMessages.read(MemorySegment.ofArray(SparseTensorMessages.toBytes(sparse)));
        assertSameValues(dense, SparseTensorConversions.toDense(again));
        SparseTensor fromDense = SparseTensorConversions.fromDense(dense, format);
        assertEquals(nonZeros, fromDense.nonZeroLength());
        assertSameValues(dense, SparseTensorConversions.toDense(fromDense));

        // Through a fixed_shape_tensor value and back.
        FixedShapeTensorArray fixed = new FixedShapeTensorArray(SparseTensorConversions.toFixedShapeTensor(sparse));
        assertSameValues(dense, SparseTensorConversions.toDense(
                SparseTensorConversions.fromFixedShapeTensor(fixed, 0, format)));
    }

    @ParameterizedTest
    @CsvSource({"sparse_csr_float64_4x5", "sparse_csf_float32_2x3x4x5"})
    void corruptIndexValuesAreRefused(String name) throws IOException {
        byte[] good = Files.readAllBytes(TestData.resolve("pyarrow/" + name + ".sparse"));
        SparseTensor sparse = SparseTensorMessages.read(MemorySegment.ofArray(good));
        // Make the last index entry of the leaf level point past the shape.
        Tensor indices = switch (sparse.index()) {
            case SparseIndex.Csx csx -> csx.indices();
            case SparseIndex.Csf csf -> csf.indices().getLast();
            case SparseIndex.Coo coo -> coo.indices();
        };
        long at = indices.data().address() - MemorySegment.ofArray(good).address() + indices.byteOffset(indices.size() - 1);
        assertFalse(at < 0);
        good[(int) at] = 100;
        dev.quiver.ipc.IpcException e = org.junit.jupiter.api.Assertions.assertThrows(dev.quiver.ipc.IpcException.class,
                () -> SparseTensorMessages.read(MemorySegment.ofArray(good)));
        assertTrue(e.getMessage().contains("= 100 is outside"), e.getMessage());
    }
}
