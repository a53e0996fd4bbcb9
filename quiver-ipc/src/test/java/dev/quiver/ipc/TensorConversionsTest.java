// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quiver.core.extension.FixedShapeTensorArray;
import dev.quiver.core.extension.FixedShapeTensorBuilder;
import dev.quiver.core.extension.FixedShapeTensorType;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;

class TensorConversionsTest {
    private static final BufferAllocator ALLOC = BufferAllocator.managed();

    @Test
    void aTensorAppendsInItsLogicalLayout() {
        // Logical shape [3, 2] stored as physical [2, 3].
        FixedShapeTensorType type = new FixedShapeTensorType(ArrowType.INT32, List.of(2, 3), List.of("a", "b"),
                List.of(1, 0));
        FixedShapeTensorBuilder builder = new FixedShapeTensorBuilder(type, ALLOC);
        Tensor tensor = Tensor.rowMajor(ArrowType.INT32, new long[] {3, 2}, List.of(),
                MemorySegment.ofArray(new int[] {0, 1, 10, 11, 20, 21}));
        TensorConversions.append(builder, tensor);
        FixedShapeTensorArray array = new FixedShapeTensorArray(builder.build());
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 2; j++) {
                assertEquals(10 * i + j, array.getElement(0, i, j));
            }
        }
        Tensor back = TensorConversions.fromFixedShapeTensor(array, 0);
        assertEquals(21, back.getLong(2, 1));
        assertThrows(IllegalArgumentException.class, () -> TensorConversions.append(builder,
                Tensor.rowMajor(ArrowType.INT32, new long[] {2, 3}, List.of(), MemorySegment.ofArray(new int[6]))));
        assertThrows(IllegalArgumentException.class, () -> TensorConversions.append(builder,
                Tensor.rowMajor(ArrowType.INT64, new long[] {3, 2}, List.of(), MemorySegment.ofArray(new long[6]))));
    }

    @Test
    void unsigned64ElementsAndSparseTensorsThroughFixedShapeTensors() {
        FixedShapeTensorBuilder u64 = new FixedShapeTensorBuilder(FixedShapeTensorType.of(ArrowType.UINT64, 2), ALLOC);
        TensorConversions.append(u64, Tensor.rowMajor(ArrowType.UINT64, new long[] {2}, List.of(),
                MemorySegment.ofArray(new long[] {-1L, 5})));
        assertEquals(new BigInteger("18446744073709551615"),
                new BigInteger(Long.toUnsignedString(TensorConversions.fromFixedShapeTensor(
                        new FixedShapeTensorArray(u64.build()), 0).getLong(0))));
        SparseTensor sparse = SparseTensorConversions.fromDense(Tensor.rowMajor(ArrowType.FLOAT64, new long[] {2, 2},
                List.of(), MemorySegment.ofArray(new double[] {0, 1.5, 0, 0})), SparseIndex.Format.CSR);
        FixedShapeTensorArray fixed = new FixedShapeTensorArray(SparseTensorConversions.toFixedShapeTensor(sparse));
        assertEquals(1.5, fixed.getElement(0, 0, 1));
        assertEquals(1, SparseTensorConversions.fromFixedShapeTensor(fixed, 0, SparseIndex.Format.COO).nonZeroLength());
    }
}
