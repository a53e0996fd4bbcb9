// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.extension;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ExtensionArray;
import dev.quiver.core.array.FixedSizeListArray;
import dev.quiver.core.type.InvalidTypeException;

/**
 * A typed view of an {@code arrow.fixed_shape_tensor} array: tensor {@code i} is the row-major run of
 * {@link FixedShapeTensorType#size()} elements of the storage's child array that list {@code i} covers.
 */
public final class FixedShapeTensorArray {
    private final ExtensionArray array;
    private final FixedShapeTensorType type;
    private final FixedSizeListArray storage;

    /**
     * A view of {@code array}.
     *
     * @param array an array of extension type {@code arrow.fixed_shape_tensor}
     * @throws InvalidTypeException if it is not one, or its type breaks a rule of the type
     */
    public FixedShapeTensorArray(Array array) {
        this.array = Extensions.extensionArray(array, FixedShapeTensorType.NAME);
        this.type = FixedShapeTensorType.of(this.array.type());
        this.storage = (FixedSizeListArray) this.array.storage();
    }

    /**
     * The parameters of the tensor type.
     *
     * @return the type
     */
    public FixedShapeTensorType tensorType() {
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
     * The elements of all tensors, unsliced: tensor {@code i} starts at {@link #valueOffset(long)}.
     *
     * @return the child array of the storage
     */
    public Array values() {
        return storage.values();
    }

    /**
     * The position in {@link #values()} of the first element of tensor {@code i}.
     *
     * @param i the tensor's index
     * @return the position
     */
    public long valueOffset(long i) {
        return storage.valueOffset(i);
    }

    /**
     * The position in {@link #values()} of one element of tensor {@code i}.
     *
     * @param i the tensor's index
     * @param logicalIndex one index per logical dimension
     * @return the position
     * @throws IndexOutOfBoundsException if {@code i} or an index is out of range
     */
    public long elementIndex(long i, int... logicalIndex) {
        java.util.Objects.checkIndex(i, length());
        return storage.valueOffset(i) + type.elementOffset(logicalIndex);
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
        return storage.values().getObject(elementIndex(i, logicalIndex));
    }

    /**
     * Tensor {@code i}'s elements in physical (row-major) order, as a zero-copy slice.
     *
     * @param i the tensor's index
     * @return the slice of {@link #values()}
     */
    public Array tensor(long i) {
        return storage.getList(i);
    }
}
