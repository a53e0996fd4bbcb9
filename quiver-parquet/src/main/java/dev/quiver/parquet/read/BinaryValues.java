// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.read;

import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.LittleEndian;
import java.lang.foreign.MemorySegment;

/** Dense non-null BYTE_ARRAY values: 64-bit end offsets (value i spans ends[i-1]..ends[i]) and the bytes. */
final class BinaryValues {
    /** The bytes a gather collects on the heap before copying them out. */
    static final int GATHER_WINDOW = 32 * 1024;
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
        MemorySegment.copy(ends.segment(), LittleEndian.LONG, 0, starts, 1, count);
        return starts;
    }

    /**
     * The values' bytes on the heap, for gathering from this store as a dictionary (a dictionary page's
     * values, so fewer than 2 GiB).
     */
    byte[] bytes() {
        byte[] bytes = new byte[Math.toIntExact(data.size())];
        MemorySegment.copy(data.segment(), LittleEndian.BYTE, 0, bytes, 0, bytes.length);
        return bytes;
    }

    /**
     * Appends the dictionary's values at {@code indices[0..n)}, which the caller has checked. The values
     * are gathered on the heap a window at a time and copied out in bulk: before the JIT compiles this loop
     * (a JVM's first reads), an access to a segment per value costs many times what an array access does.
     *
     * @param dictionary {@code dictionary.bytes()}
     * @param starts {@code dictionary.starts()}
     */
    void gather(byte[] dictionary, long[] starts, int[] indices, int n) {
        long bytes = 0;
        for (int i = 0; i < n; i++) {
            int k = indices[i];
            bytes += starts[k + 1] - starts[k];
        }
        ends.ensureCapacity((long) (count + n) * 8);
        data.ensureCapacity(data.size() + bytes);
        MemorySegment dst = data.segment();
        MemorySegment endsOut = ends.segment();
        byte[] window = new byte[(int) Math.min(GATHER_WINDOW, Math.max(1, bytes))];
        long[] endsWindow = new long[Math.min(n, GATHER_WINDOW / 8)];
        long at = data.size();
        int done = 0;
        while (done < n) {
            int filled = 0;
            int k = 0;
            while (done + k < n && k < endsWindow.length) {
                int index = indices[done + k];
                int from = (int) starts[index];
                int length = (int) (starts[index + 1] - from);
                if (length > window.length - filled) {
                    break;
                }
                System.arraycopy(dictionary, from, window, filled, length);
                filled += length;
                endsWindow[k++] = at + filled;
            }
            if (k == 0) {
                // a value longer than the window: copied alone
                int index = indices[done];
                int from = (int) starts[index];
                int length = (int) (starts[index + 1] - from);
                MemorySegment.copy(dictionary, from, dst, LittleEndian.BYTE, at, length);
                at += length;
                endsOut.set(LittleEndian.LONG, 8L * (count + done), at);
                done++;
                continue;
            }
            MemorySegment.copy(window, 0, dst, LittleEndian.BYTE, at, filled);
            MemorySegment.copy(endsWindow, 0, endsOut, LittleEndian.LONG, 8L * (count + done), k);
            at += filled;
            done += k;
        }
        data.setSize(at);
        ends.setSize(8L * (count + n));
        count += n;
    }

    void release() {
        ends.clear();
        data.clear();
    }
}
