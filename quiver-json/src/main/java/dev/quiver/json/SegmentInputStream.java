// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import java.io.InputStream;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Objects;

/** The bytes of a memory segment as an input stream. */
final class SegmentInputStream extends InputStream {
    private final MemorySegment bytes;
    private long position;

    SegmentInputStream(MemorySegment bytes) {
        this.bytes = Objects.requireNonNull(bytes, "bytes");
    }

    @Override
    public int read() {
        return position < bytes.byteSize() ? bytes.get(ValueLayout.JAVA_BYTE, position++) & 0xFF : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) {
        Objects.checkFromIndexSize(off, len, b.length);
        if (len == 0) {
            return 0;
        }
        long left = bytes.byteSize() - position;
        if (left <= 0) {
            return -1;
        }
        int n = (int) Math.min(len, left);
        MemorySegment.copy(bytes, ValueLayout.JAVA_BYTE, position, b, off, n);
        position += n;
        return n;
    }

    @Override
    public int available() {
        return (int) Math.min(Integer.MAX_VALUE, bytes.byteSize() - position);
    }
}
