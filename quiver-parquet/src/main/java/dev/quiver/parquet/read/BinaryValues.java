// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.read;

import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.GrowableBuffer;
import dev.quiver.core.memory.LittleEndian;
import java.lang.foreign.MemorySegment;

/** Dense non-null BYTE_ARRAY values: 64-bit end offsets (value i spans ends[i-1]..ends[i]) and the bytes. */
final class BinaryValues {
    final GrowableBuffer ends;
    final GrowableBuffer data;
    int count;

    BinaryValues(BufferAllocator allocator) {
        this.ends = new GrowableBuffer(allocator);
        this.data = new GrowableBuffer(allocator);
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

    void release() {
        ends.clear();
        data.clear();
    }
}
