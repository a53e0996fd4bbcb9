// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;

/**
 * An array of lists that all have {@code listSize} elements: element {@code k} of list {@code i} is child
 * slot {@code (offset + i) * listSize + k}. A null slot still owns its {@code listSize} child slots.
 */
public final class FixedSizeListArray extends BaseListArray {
    private final int listSize;

    private FixedSizeListArray(ArrayData data) {
        super(data);
        this.listSize = ((ArrowType.FixedSizeList) storageType()).listSize();
    }

    /**
     * Checks the data's structure and that its type is fixed_size_list, and wraps it: the form for data that
     * does not come from Quiver's own builders or readers.
     *
     * @param data the data
     * @return the array over {@code data}
     * @throws ValidationException if the data's buffers or children do not fit its type and length, or its type
     *     is not fixed_size_list (rule {@link Rules#ARRAY_TYPE})
     */
    public static FixedSizeListArray of(ArrayData data) {
        return checkedAs(data, FixedSizeListArray.class);
    }

    /**
     * Wraps the data without any check: for data known to be structurally valid and of type fixed_size_list,
     * such as what a builder made, a reader validated or a slice shares.
     *
     * @param data structurally valid data of type fixed_size_list
     * @return the array over {@code data}
     */
    public static FixedSizeListArray ofUnchecked(ArrayData data) {
        return new FixedSizeListArray(data);
    }

    /**
     * The number of elements of every list.
     *
     * @return the type's list size
     */
    public int listSize() {
        return listSize;
    }

    @Override
    public long valueOffset(long i) {
        return (data.offset() + i) * listSize;
    }

    @Override
    public long valueLength(long i) {
        return listSize;
    }

    @Override
    public FixedSizeListArray slice(long offset, long length) {
        return new FixedSizeListArray(data.slice(offset, length));
    }

    /** The child is checked (its length was checked structurally). */
    @Override
    protected void validateContent() {
        values.validateContent();
    }
}
