// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;
import java.lang.foreign.MemorySegment;

/**
 * An array of list views: list_view and large_list_view. List {@code i} is the {@code sizes[offset + i]}
 * child slots from {@code offsets[offset + i]}; views may come in any order and share child ranges.
 * Offsets and sizes are 32-bit for list_view, 64-bit for large_list_view.
 */
public final class ListViewArray extends BaseListArray {
    private final MemorySegment offsets;
    private final MemorySegment sizes;
    private final boolean wide;

    private ListViewArray(ArrayData data) {
        super(data);
        this.offsets = segmentOf(data, 1);
        this.sizes = segmentOf(data, 2);
        this.wide = storageType() instanceof ArrowType.LargeListView;
    }

    /**
     * Checks the data's structure and that its type is list_view or large_list_view, and wraps it: the form for
     * data that does not come from Quiver's own builders or readers.
     *
     * @param data the data
     * @return the array over {@code data}
     * @throws ValidationException if the data's buffers or children do not fit its type and length, or its type
     *     is not list_view or large_list_view (rule {@link Rules#ARRAY_TYPE})
     */
    public static ListViewArray of(ArrayData data) {
        return checkedAs(data, ListViewArray.class);
    }

    /**
     * Wraps the data without any check: for data known to be structurally valid and of type list_view or
     * large_list_view, such as what a builder made, a reader validated or a slice shares.
     *
     * @param data structurally valid data of type list_view or large_list_view
     * @return the array over {@code data}
     */
    public static ListViewArray ofUnchecked(ArrayData data) {
        return new ListViewArray(data);
    }

    /**
     * Whether offsets and sizes are 64-bit (large_list_view).
     *
     * @return true for large_list_view
     */
    public boolean isLarge() {
        return wide;
    }

    @Override
    public long valueOffset(long i) {
        return readOffset(offsets, wide, data.offset() + i);
    }

    @Override
    public long valueLength(long i) {
        return readOffset(sizes, wide, data.offset() + i);
    }

    @Override
    public ListViewArray slice(long offset, long length) {
        return new ListViewArray(data.slice(offset, length));
    }

    /**
     * Every view, null slots included (the spec requires it of all values), satisfies
     * {@code 0 <= offset <= child length} and {@code 0 <= size <= child length - offset}; then the child
     * is checked.
     */
    @Override
    protected void validateContent() {
        long limit = values.length();
        long first = data.offset();
        long n = data.length();
        for (long i = 0; i < n; i++) {
            long at = first + i;
            long offset = wide ? offsets.get(LittleEndian.LONG, at << 3) : offsets.get(LittleEndian.INT, at << 2);
            long size = wide ? sizes.get(LittleEndian.LONG, at << 3) : sizes.get(LittleEndian.INT, at << 2);
            if (offset < 0 || offset > limit) {
                throw new ValidationException(Rules.OFFSETS_IN_BOUNDS, i, "view offset " + offset
                        + " is outside the child of length " + limit);
            }
            if (size < 0 || size > limit - offset) {
                throw new ValidationException(Rules.OFFSETS_IN_BOUNDS, i, "view of size " + size + " at "
                        + offset + " does not fit in the child of length " + limit);
            }
        }
        values.validateContent();
    }
}
