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

    public int byteWidth() {
        return byteWidth;
    }

    /** The values buffer (for bulk access; shared, not copied). */
    public ArrowBuffer valuesBuffer() {
        return data.buffer(1);
    }

    /** The byte position of value {@code i} in the values buffer. */
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
