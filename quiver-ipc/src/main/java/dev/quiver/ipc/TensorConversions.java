// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.ExtensionArray;
import dev.quiver.core.array.FixedWidthArray;
import dev.quiver.core.extension.FixedShapeTensorArray;
import dev.quiver.core.extension.FixedShapeTensorBuilder;
import dev.quiver.core.extension.FixedShapeTensorType;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.type.ArrowType;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Conversions between {@link Tensor}s and values of the {@code arrow.fixed_shape_tensor} extension type. */
public final class TensorConversions {
    private TensorConversions() {
    }

    /**
     * Tensor {@code i} of a fixed-shape tensor array as a {@link Tensor} in its logical layout (the
     * permutation becomes strides, the dimension names their logical order), zero-copy over the array's
     * element buffer.
     *
     * @param array the fixed-shape tensor array, of integer or floating-point elements
     * @param i the tensor's index
     * @return the tensor
     * @throws IllegalArgumentException if the elements are not integers or floating-point numbers, the
     *     tensor is null, or one of its elements is null (a Tensor has no validity)
     * @throws IndexOutOfBoundsException if {@code i} is out of range
     */
    public static Tensor fromFixedShapeTensor(FixedShapeTensorArray array, long i) {
        java.util.Objects.checkIndex(i, array.length());
        FixedShapeTensorType type = array.tensorType();
        int width = Tensor.byteWidth(type.valueType());
        if (array.isNull(i)) {
            throw new IllegalArgumentException("tensor " + i + " is null");
        }
        FixedWidthArray values = (FixedWidthArray) array.values();
        long start = array.valueOffset(i);
        for (long k = 0; k < type.size(); k++) {
            if (values.isNull(start + k)) {
                throw new IllegalArgumentException("tensor " + i + " has a null element at " + k);
            }
        }
        MemorySegment data = values.valuesBuffer().segment().asSlice((values.offset() + start) * width,
                (long) type.size() * width);
        long[] strides = type.logicalStrides();
        for (int d = 0; d < strides.length; d++) {
            strides[d] *= width;
        }
        long[] shape = type.logicalShape().stream().mapToLong(Integer::longValue).toArray();
        return new Tensor(type.valueType(), shape, strides, type.logicalDimNames(), data);
    }

    /**
     * A tensor as a one-value {@code arrow.fixed_shape_tensor} array of its shape and dimension names,
     * its elements copied row-major.
     *
     * @param tensor the tensor
     * @return the array
     * @throws IllegalArgumentException if a size does not fit an int32 or the tensor holds more than
     *     2^31-1 elements
     */
    public static ExtensionArray toFixedShapeTensor(Tensor tensor) {
        List<Integer> shape = new ArrayList<>();
        for (long s : tensor.shape()) {
            if (s > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("size " + s + " does not fit an int32");
            }
            shape.add((int) s);
        }
        List<String> names = tensor.dimNames().stream().allMatch(String::isEmpty) ? List.of() : tensor.dimNames();
        FixedShapeTensorType type = new FixedShapeTensorType(tensor.type(), shape, names, List.of());
        int width = Tensor.byteWidth(tensor.type());
        byte[] bytes = new byte[Math.multiplyExact(type.size(), width)];
        TensorMessages.copyRowMajor(tensor, MemorySegment.ofArray(bytes), width);
        ArrayData values = ArrayData.of(tensor.type(), type.size(), Arrays.asList(null, ArrowBuffer.wrap(bytes)),
                List.of());
        ArrowType.Extension ext = type.toArrowType();
        ArrayData list = ArrayData.of(ext, 1, Arrays.asList((ArrowBuffer) null), List.of(values));
        return (ExtensionArray) Array.of(list);
    }

    /**
     * Appends a tensor to a fixed-shape tensor builder, read in its logical layout: its shape must be the
     * type's logical shape, and the permutation decides where each element is stored.
     *
     * <pre>{@code
     * FixedShapeTensorBuilder builder = new FixedShapeTensorBuilder(FixedShapeTensorType.of(ArrowType.INT32, 2, 3), allocator);
     * TensorConversions.append(builder, TensorMessages.read(message));
     * }</pre>
     *
     * @param builder the builder
     * @param tensor the tensor, of the builder's value type
     * @throws IllegalArgumentException if the element type or the shape differs from the builder's type
     */
    public static void append(FixedShapeTensorBuilder builder, Tensor tensor) {
        FixedShapeTensorType type = builder.tensorType();
        long[] logical = type.logicalShape().stream().mapToLong(Integer::longValue).toArray();
        if (!tensor.type().equals(type.valueType()) || !Arrays.equals(logical, tensor.shape())) {
            throw new IllegalArgumentException("a " + tensor.type() + " tensor of shape " + Arrays.toString(tensor.shape())
                    + " is not a value of " + type.valueType() + " tensors of logical shape " + Arrays.toString(logical));
        }
        boolean integers = tensor.type() instanceof ArrowType.Int;
        boolean unsigned64 = tensor.type().equals(ArrowType.UINT64);
        long[] index = new long[logical.length];
        builder.appendLogical(at -> {
            for (int d = 0; d < at.length; d++) {
                index[d] = at[d];
            }
            if (!integers) {
                return tensor.getDouble(index);
            }
            long value = tensor.getLong(index);
            return unsigned64 ? (Object) new BigInteger(Long.toUnsignedString(value)) : (Object) value;
        });
    }
}
