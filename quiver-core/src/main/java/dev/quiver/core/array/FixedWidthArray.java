// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.memory.ArrowBuffer;
import java.lang.foreign.MemorySegment;

/**
 * The base of arrays whose values have one fixed width of whole bytes (integers, floats, decimals,
 * temporal types, intervals, fixed-size binary): value {@code i} lives at byte
 * {@code (offset + i) * byteWidth} of buffer 1. Values compare byte for byte.
 */
public abstract sealed class FixedWidthArray extends Array
        permits Int8Array, UInt8Array, Int16Array, UInt16Array, Int32Array, UInt32Array, Int64Array, UInt64Array,
        Float16Array, Float32Array, Float64Array, DecimalArray, FixedSizeBinaryArray, IntervalDayTimeArray,
        IntervalMonthDayNanoArray, DateArray, TimeArray, TimestampArray, DurationArray, IntervalYearMonthArray {

    /** The values buffer's memory, for hot loops: value i is at {@code (offset() + i) * byteWidth()}. */
    protected final MemorySegment values;
    private final int byteWidth;

    FixedWidthArray(ArrayData data, int byteWidth) {
        super(data);
        ArrowBuffer buffer = data.buffer(1);
        this.values = buffer == null ? ArrowBuffer.EMPTY.segment() : buffer.segment();
        this.byteWidth = byteWidth;
    }

    /**
     * The width of one value in bytes.
     *
     * @return the byte width
     */
    public int byteWidth() {
        return byteWidth;
    }

    /**
     * The values buffer, for bulk access: value {@code i} lies at byte {@code (offset() + i) * byteWidth()}.
     *
     * @return the buffer (shared, not copied), or null when the data has none
     */
    public ArrowBuffer valuesBuffer() {
        return data.buffer(1);
    }

    /**
     * The byte position of value {@code i} in the values buffer.
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return {@code (offset() + i) * byteWidth()}
     */
    protected final long at(long i) {
        return (data.offset() + i) * byteWidth;
    }

    @Override
    protected boolean valueEquals(long i, Array other, long j) {
        FixedWidthArray o = (FixedWidthArray) other;
        long a = at(i);
        long b = o.at(j);
        return MemorySegment.mismatch(values, a, a + byteWidth, o.values, b, b + byteWidth) == -1;
    }
}
