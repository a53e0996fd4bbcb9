// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.extension;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ExtensionArray;
import dev.quiver.core.array.FixedSizeListArray;
import dev.quiver.core.array.Int32Array;
import dev.quiver.core.array.ListArray;
import dev.quiver.core.array.StructArray;
import dev.quiver.core.type.InvalidTypeException;
import dev.quiver.core.validation.ValidationException;
import java.util.List;
import java.util.Objects;

/**
 * A typed view of an {@code arrow.variable_shape_tensor} array: tensor {@code i} has the shape in slot
 * {@code i} of the {@code shape} field and its elements, row-major, in list {@code i} of the
 * {@code data} field.
 */
public final class VariableShapeTensorArray {
    private final ExtensionArray array;
    private final VariableShapeTensorType type;
    private final ListArray data;
    private final FixedSizeListArray shapes;
    private final Int32Array shapeValues;

    /**
     * A view of {@code array}.
     *
     * @param array an array of extension type {@code arrow.variable_shape_tensor}
     * @throws InvalidTypeException if it is not one, or its type breaks a rule of the type
     */
    public VariableShapeTensorArray(Array array) {
        this.array = Extensions.extensionArray(array, VariableShapeTensorType.NAME);
        this.type = VariableShapeTensorType.of(this.array.type());
        StructArray storage = (StructArray) this.array.storage();
        this.data = (ListArray) storage.field("data");
        this.shapes = (FixedSizeListArray) storage.field("shape");
        this.shapeValues = (Int32Array) shapes.values();
    }

    /**
     * The parameters of the tensor type.
     *
     * @return the type
     */
    public VariableShapeTensorType tensorType() {
        return type;
    }

    /**
     * The array viewed.
     *
     * @return the extension array
     */
    public ExtensionArray array() {
        return array;
    }

    /**
     * The number of tensors.
     *
     * @return the length
     */
    public long length() {
        return array.length();
    }

    /**
     * Whether tensor {@code i} is null.
     *
     * @param i the tensor's index
     * @return true if it is null
     */
    public boolean isNull(long i) {
        return array.isNull(i);
    }

    /**
     * The physical shape of tensor {@code i}.
     *
     * @param i the tensor's index
     * @return one size per dimension
     * @throws IndexOutOfBoundsException if {@code i} is out of range
     */
    public int[] shape(long i) {
        Objects.checkIndex(i, length());
        int[] shape = new int[type.ndim()];
        long start = shapes.valueOffset(i);
        for (int d = 0; d < shape.length; d++) {
            shape[d] = shapeValues.get(start + d);
        }
        return shape;
    }

    /**
     * Tensor {@code i}'s elements in physical (row-major) order, as a zero-copy slice.
     *
     * @param i the tensor's index
     * @return the slice of the data field's values
     */
    public Array tensor(long i) {
        return data.getList(i);
    }

    /**
     * The position, in the data field's values array, of one element of tensor {@code i}.
     *
     * @param i the tensor's index
     * @param logicalIndex one index per logical dimension
     * @return the position
     * @throws IndexOutOfBoundsException if {@code i} or an index is out of range
     */
    public long elementIndex(long i, int... logicalIndex) {
        int[] shape = shape(i);
        if (logicalIndex.length != shape.length) {
            throw new IndexOutOfBoundsException(logicalIndex.length + " indices for " + shape.length
                    + " dimensions");
        }
        long[] strides = new long[shape.length];
        long step = 1;
        for (int d = shape.length - 1; d >= 0; d--) {
            strides[d] = step;
            step *= shape[d];
        }
        List<Integer> perm = type.permutation();
        long offset = data.valueOffset(i);
        for (int k = 0; k < logicalIndex.length; k++) {
            int d = perm.isEmpty() ? k : perm.get(k);
            Objects.checkIndex(logicalIndex[k], shape[d]);
            offset += logicalIndex[k] * strides[d];
        }
        return offset;
    }

    /**
     * One element of tensor {@code i}, as the element array's generic value.
     *
     * @param i the tensor's index
     * @param logicalIndex one index per logical dimension
     * @return the element, or null if it is null
     * @throws IndexOutOfBoundsException if {@code i} or an index is out of range
     */
    public Object getElement(long i, int... logicalIndex) {
        return data.values().getObject(elementIndex(i, logicalIndex));
    }

    /**
     * Checks the rules between the fields: each valid tensor has a valid shape of sizes at least 0 whose
     * product is the length of its data list, and the sizes the uniform shape fixes.
     *
     * @throws ValidationException naming the first tensor that breaks a rule
     */
    public void validate() {
        List<Integer> uniform = type.uniformShape();
        for (long i = 0; i < length(); i++) {
            if (isNull(i)) {
                continue;
            }
            if (shapes.isNull(i) || data.isNull(i)) {
                throw new ValidationException(VariableShapeTensorType.NAME, i,
                        "a valid tensor has a null " + (shapes.isNull(i) ? "shape" : "data"));
            }
            int[] shape = shape(i);
            long size = 1;
            for (int d = 0; d < shape.length; d++) {
                if (shapeValues.isNull(shapes.valueOffset(i) + d) || shape[d] < 0) {
                    throw new ValidationException(VariableShapeTensorType.NAME, i,
                            "dimension " + d + " has a null or negative size");
                }
                if (!uniform.isEmpty() && uniform.get(d) != null && uniform.get(d) != shape[d]) {
                    throw new ValidationException(VariableShapeTensorType.NAME, i, "dimension " + d + " has size "
                            + shape[d] + " but uniform_shape fixes it to " + uniform.get(d));
                }
                size = shape[d] != 0 && size > Long.MAX_VALUE / shape[d] ? Long.MAX_VALUE : size * shape[d];
            }
            if (size != data.valueLength(i)) {
                throw new ValidationException(VariableShapeTensorType.NAME, i, "shape "
                        + java.util.Arrays.toString(shape) + " holds " + size + " elements but data holds "
                        + data.valueLength(i));
            }
        }
    }
}
