// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.internal.validation.ValidityFlags;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;

/**
 * An array of variable-size lists: list and large_list. List {@code i} spans child slots
 * {@code [offsets[offset + i], offsets[offset + i + 1])}; offsets are 32-bit for list, 64-bit for
 * large_list. A null slot may cover a non-empty child range.
 */
public final class ListArray extends BaseListArray {
    private final MemorySegment offsets;
    private final boolean wide;

    private ListArray(ArrayData data) {
        super(data);
        this.offsets = segmentOf(data, 1);
        this.wide = storageType() instanceof ArrowType.LargeList;
    }

    /**
     * Checks the data's structure and that its type is list or large_list, and wraps it: the form for data that
     * does not come from Quiver's own builders or readers.
     *
     * @param data the data
     * @return the array over {@code data}
     * @throws ValidationException if the data's buffers or children do not fit its type and length, or its type
     *     is not list or large_list (rule {@link Rules#ARRAY_TYPE})
     */
    public static ListArray of(ArrayData data) {
        return checkedAs(data, ListArray.class);
    }

    /**
     * Wraps the data without any check: for data known to be structurally valid and of type list or large_list,
     * such as what a builder made, a reader validated or a slice shares.
     *
     * @param data structurally valid data of type list or large_list
     * @return the array over {@code data}
     */
    public static ListArray ofUnchecked(ArrayData data) {
        return new ListArray(data);
    }

    /**
     * A list array over {@code values} (type {@code list<item: values type>}): list {@code i} spans {@code
     * offsets[i]..offsets[i + 1]}; {@code validity} (null: all valid) marks the valid lists. The result is
     * structurally validated.
     *
     * @param offsets the {@code length + 1} offsets into {@code values}
     * @param validity per list whether it is valid, or null when all are
     * @param values the child array
     * @return the list array
     * @throws IllegalArgumentException if there is no offset or the validity has another length
     * @throws ValidationException if an offset is outside the child, as structural validation finds it
     */
    public static ListArray of(int[] offsets, boolean[] validity, Array values) {
        long length = offsets.length - 1L;
        if (length < 0) {
            throw new IllegalArgumentException("offsets need at least one entry");
        }
        if (validity != null && validity.length != length) {
            throw new IllegalArgumentException(validity.length + " validity flags for " + length + " lists");
        }
        ValidityFlags.Bits bits = ValidityFlags.of(validity);
        byte[] bytes = new byte[offsets.length * 4];
        ArrowBuffer buffer = ArrowBuffer.wrap(bytes);
        for (int k = 0; k < offsets.length; k++) {
            buffer.setInt(k * 4L, offsets[k]);
        }
        ArrowType type = ArrowType.List.of(values.type());
        ArrayData data = new ArrayData(type, length, 0, bits.nullCount(), Arrays.asList(bits.buffer(), buffer),
                List.of(values.data()), null);
        return of(data);
    }

    /**
     * Whether offsets are 64-bit (large_list).
     *
     * @return true for large_list
     */
    public boolean isLarge() {
        return wide;
    }

    /**
     * The value field of the list type.
     *
     * @return the field of the elements
     */
    public Field valueField() {
        return storageType().children().get(0);
    }

    @Override
    public long valueOffset(long i) {
        return readOffset(offsets, wide, data.offset() + i);
    }

    @Override
    public long valueLength(long i) {
        long at = data.offset() + i;
        return readOffset(offsets, wide, at + 1) - readOffset(offsets, wide, at);
    }

    @Override
    public ListArray slice(long offset, long length) {
        return new ListArray(data.slice(offset, length));
    }

    /** Offsets start at 0 or more, never decrease and stay inside the child; then the child is checked. */
    @Override
    protected void validateContent() {
        checkOffsets(offsets, wide, data.offset(), data.length(), values.length());
        values.validateContent();
    }
}
