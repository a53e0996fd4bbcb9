// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.read;

import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.LittleEndian;
import java.lang.foreign.MemorySegment;

/** Dense non-null BYTE_ARRAY values: 64-bit end offsets (value i spans ends[i-1]..ends[i]) and the bytes. */
final class BinaryValues {
    /** Bytes readable past the last value of a dictionary and writable past a gather's last: a short value moves as two longs. */
    static final int SLACK = 16;
    final ValueBuffer ends;
    final ValueBuffer data;
    int count;

    BinaryValues(BufferAllocator allocator) {
        this.ends = new ValueBuffer(allocator);
        this.data = new ValueBuffer(allocator);
    }

    /** Values only read while the chunk is decoded (a dictionary gathered from), all in memory borrowed from {@code scratch}. */
    BinaryValues(ScratchBuffers scratch) {
        this.ends = new ValueBuffer(scratch);
        this.data = new ValueBuffer(scratch);
    }

    /** Values whose end offsets (only read while the chunk is assembled) borrow their memory from {@code scratch}. */
    BinaryValues(BufferAllocator allocator, ScratchBuffers scratch) {
        this.ends = new ValueBuffer(scratch);
        this.data = new ValueBuffer(allocator);
    }

    long dataSize() {
        return data.size();
    }

    long start(int i) {
        return i == 0 ? 0 : ends.segment().get(LittleEndian.LONG, (long) (i - 1) * 8);
    }

    long end(int i) {
        return ends.segment().get(LittleEndian.LONG, (long) i * 8);
    }

    void ensure(int moreValues, long moreBytes) {
        ends.ensureCapacity((long) (count + moreValues) * 8);
        data.ensureCapacity(data.size() + moreBytes);
    }

    void append(MemorySegment source, long offset, long length) {
        data.appendBytes(source, offset, length);
        ends.appendLong(data.size());
        count++;
    }

    /** The start of each value, for gathering from this store as a dictionary (one more entry: the end). */
    long[] starts() {
        long[] starts = new long[count + 1];
        MemorySegment e = ends.segment();
        for (int i = 0; i < count; i++) {
            starts[i + 1] = e.get(LittleEndian.LONG, 8L * i);
        }
        // the gather reads up to SLACK bytes past a value
        data.ensureCapacity(data.size() + SLACK);
        return starts;
    }

    /**
     * Appends the dictionary's values at {@code indices[0..n)}, which the caller has checked.
     *
     * @param dictionary the dictionary
     * @param starts {@code dictionary.starts()}
     */
    void gather(BinaryValues dictionary, long[] starts, int[] indices, int n) {
        long bytes = 0;
        for (int i = 0; i < n; i++) {
            int k = indices[i];
            bytes += starts[k + 1] - starts[k];
        }
        ends.ensureCapacity((long) (count + n) * 8);
        data.ensureCapacity(data.size() + bytes + SLACK);
        MemorySegment src = dictionary.data.segment();
        MemorySegment dst = data.segment();
        MemorySegment endsOut = ends.segment();
        long at = data.size();
        long e = 8L * count;
        for (int i = 0; i < n; i++, e += 8) {
            int k = indices[i];
            long from = starts[k];
            long length = starts[k + 1] - from;
            if (length <= SLACK) {
                dst.set(LittleEndian.LONG, at, src.get(LittleEndian.LONG, from));
                dst.set(LittleEndian.LONG, at + 8, src.get(LittleEndian.LONG, from + 8));
            } else {
                MemorySegment.copy(src, from, dst, at, length);
            }
            at += length;
            endsOut.set(LittleEndian.LONG, e, at);
        }
        data.setSize(at);
        ends.setSize(e);
        count += n;
    }

    void release() {
        ends.clear();
        data.clear();
    }
}
