// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.BinaryViewArray;
import dev.quiver.core.memory.LittleEndian;
import java.lang.foreign.MemorySegment;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * The vectors of variable and fixed-size binary and text. A string is handed to Spark as a
 * {@link UTF8String} pointing at the bytes where they lie ({@code UTF8String.fromAddress}), when the data is
 * native memory (a mapped file, an allocator's arena); bytes on the Java heap are copied.
 */
final class BinaryVectors {
    private BinaryVectors() {
    }

    private static UTF8String utf8(MemorySegment data, long start, int length) {
        if (data.isNative()) {
            return UTF8String.fromAddress(null, data.address() + start, length);
        }
        return UTF8String.fromBytes(data.asSlice(start, length).toArray(LittleEndian.BYTE));
    }

    /** The address of a native segment's first byte, or -1 for a segment on the Java heap. */
    private static long address(MemorySegment data) {
        return data.isNative() ? data.address() : -1;
    }

    /** utf8, large_utf8, binary and large_binary: offsets (buffer 1, 32- or 64-bit) into data (buffer 2). */
    static final class VarBinary extends SegmentVector {
        private final MemorySegment offsets;
        private final MemorySegment data;
        /** The data's address when it is native memory (the strings are handed out where they lie), else -1. */
        private final long base;
        private final boolean large;

        VarBinary(DataType type, ArrayData array, String path, boolean large) {
            super(type, array, path);
            this.offsets = array.buffer(1).segment();
            this.data = array.buffer(2).segment();
            this.base = address(data);
            this.large = large;
        }

        private long start(int rowId) {
            long slot = offset + rowId;
            return large ? offsets.get(LittleEndian.LONG, slot * 8) : offsets.get(LittleEndian.INT, slot * 4);
        }

        private int length(int rowId, long start) {
            long slot = offset + rowId + 1;
            long end = large ? offsets.get(LittleEndian.LONG, slot * 8) : offsets.get(LittleEndian.INT, slot * 4);
            long length = end - start;
            if (length > Integer.MAX_VALUE) {
                throw new QuiverSparkException("column " + path + ", row " + rowId + ": a value of " + length
                        + " bytes, more than Spark's 2 GiB");
            }
            return (int) length;
        }

        @Override
        public UTF8String getUTF8String(int rowId) {
            long start = start(rowId);
            int length = length(rowId, start);
            if (start < 0 || length < 0 || start + length > data.byteSize()) {
                // Only offsets left unvalidated (validation=structure) can point outside the data.
                throw new QuiverSparkException("column " + path + ", row " + rowId + ": offsets " + start + "+" + length
                        + " outside the " + data.byteSize() + " bytes of data");
            }
            return base >= 0 ? UTF8String.fromAddress(null, base + start, length) : utf8(data, start, length);
        }

        @Override
        public byte[] getBinary(int rowId) {
            long start = start(rowId);
            return data.asSlice(start, length(rowId, start)).toArray(LittleEndian.BYTE);
        }
    }

    /** utf8_view and binary_view: each value in its 16-byte view or in a data buffer it names. */
    static final class View extends SegmentVector {
        private final BinaryViewArray array;

        View(DataType type, ArrayData data, String path) {
            super(type, data, path);
            this.array = BinaryViewArray.ofUnchecked(data);
        }

        @Override
        public UTF8String getUTF8String(int rowId) {
            MemorySegment value = array.getSegment(rowId);
            return utf8(value, 0, (int) value.byteSize());
        }

        @Override
        public byte[] getBinary(int rowId) {
            return array.getBytes(rowId);
        }
    }

    /** fixed_size_binary: values of one width, back to back in buffer 1. */
    static final class FixedSize extends SegmentVector {
        private final MemorySegment data;
        private final int width;

        FixedSize(DataType type, ArrayData array, String path, int width) {
            super(type, array, path);
            this.data = array.buffer(1).segment();
            this.width = width;
        }

        @Override
        public byte[] getBinary(int rowId) {
            return data.asSlice((offset + rowId) * width, width).toArray(LittleEndian.BYTE);
        }
    }
}
