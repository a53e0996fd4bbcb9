// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.internal.validation.VarBinaryValidator;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * The base of arrays whose slots are ranges of one child array: lists, large lists, list views,
 * fixed-size lists and maps. List {@code i} is the child's slots {@code [valueOffset(i),
 * valueOffset(i) + valueLength(i))}; two lists are equal when those child ranges are.
 */
public abstract sealed class BaseListArray extends Array
        permits ListArray, ListViewArray, FixedSizeListArray, MapArray {

    /** The child array, unsliced: list offsets are positions in it. */
    protected final Array values;

    BaseListArray(ArrayData data) {
        super(data);
        this.values = Array.ofUnchecked(data.child(0));
    }

    /**
     * The position in {@link #values()} of the first element of list {@code i}.
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return the child slot where the list starts
     */
    public abstract long valueOffset(long i);

    /**
     * The number of elements of list {@code i} (whatever is stored under a null slot).
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return the list's length
     */
    public abstract long valueLength(long i);

    /**
     * The child array, unsliced: list {@code i} starts at {@link #valueOffset(long)} in it.
     *
     * @return the child array
     */
    public Array values() {
        return values;
    }

    /**
     * List {@code i} as a zero-copy slice of the child array.
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return the list's elements
     */
    public Array getList(long i) {
        return values.slice(valueOffset(i), valueLength(i));
    }

    /** A {@link List} of the child's generic values, or null. */
    @Override
    public Object getObject(long i) {
        if (isNull(i)) {
            return null;
        }
        long start = valueOffset(i);
        int n = Math.toIntExact(valueLength(i));
        List<Object> out = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            out.add(values.getObject(start + k));
        }
        return out;
    }

    @Override
    protected boolean valueEquals(long i, Array other, long j) {
        BaseListArray o = (BaseListArray) other;
        long n = valueLength(i);
        return n == o.valueLength(j) && values.rangeEquals(valueOffset(i), o.values, o.valueOffset(j), n);
    }

    /** The memory of buffer {@code index}, or an empty segment when the buffer is absent. */
    static MemorySegment segmentOf(ArrayData data, int index) {
        ArrowBuffer buffer = data.buffer(index);
        return buffer == null ? ArrowBuffer.EMPTY.segment() : buffer.segment();
    }

    /** Reads entry {@code index} (absolute) of a 32-bit or 64-bit offsets or sizes buffer. */
    static long readOffset(MemorySegment segment, boolean wide, long index) {
        return wide ? segment.get(LittleEndian.LONG, index << 3) : segment.get(LittleEndian.INT, index << 2);
    }

    /**
     * Checks the {@code length + 1} offsets from absolute entry {@code first}: each inside
     * {@code [0, limit]} and none below its predecessor. Errors name the list (slot) whose end broke.
     * Checked in one branch-free pass first; entry by entry only when that finds a fault.
     */
    static void checkOffsets(MemorySegment offsets, boolean wide, long first, long length, long limit) {
        if (length == 0 || VarBinaryValidator.ascending(offsets, wide, first, length)
                && readOffset(offsets, wide, first + length) <= limit) {
            return;
        }
        long prev = readOffset(offsets, wide, first);
        if (prev < 0 || prev > limit) {
            throw new ValidationException(Rules.OFFSETS_IN_BOUNDS, 0, "first offset " + prev
                    + " is outside the child of length " + limit);
        }
        for (long i = 1; i <= length; i++) {
            long cur = wide ? offsets.get(LittleEndian.LONG, (first + i) << 3) : offsets.get(LittleEndian.INT, (first + i) << 2);
            if (cur < prev) {
                throw new ValidationException(Rules.OFFSETS_MONOTONIC, i - 1, "offset " + cur + " follows "
                        + prev);
            }
            if (cur > limit) {
                throw new ValidationException(Rules.OFFSETS_IN_BOUNDS, i - 1, "offset " + cur
                        + " is past the end of the child of length " + limit);
            }
            prev = cur;
        }
    }
}
