// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.type.ArrowType;

/**
 * An array of lists that all have {@code listSize} elements: element {@code k} of list {@code i} is child
 * slot {@code (offset + i) * listSize + k}. A null slot still owns its {@code listSize} child slots.
 */
public final class FixedSizeListArray extends BaseListArray {
    private final int listSize;

    public FixedSizeListArray(ArrayData data) {
        super(data);
        this.listSize = ((ArrowType.FixedSizeList) storageType()).listSize();
    }

    /** The number of elements of every list. */
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
