// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.memory.GrowableBuffer;
import dev.quiver.core.memory.LittleEndian;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.foreign.MemorySegment;

/** Streams over memory, for the codecs: reading a segment, and writing into a growing buffer. */
final class SegmentStreams {
    private SegmentStreams() {
    }

    /** An input stream of a segment's bytes. */
    static InputStream reading(MemorySegment segment) {
        return new InputStream() {
            private long position;

            @Override
            public int read() {
                return position < segment.byteSize() ? segment.get(LittleEndian.BYTE, position++) & 0xFF : -1;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                long left = segment.byteSize() - position;
                if (left <= 0) {
                    return len == 0 ? 0 : -1;
                }
                int n = (int) Math.min(len, left);
                MemorySegment.copy(segment, LittleEndian.BYTE, position, b, off, n);
                position += n;
                return n;
            }

            @Override
            public int available() {
                return (int) Math.min(Integer.MAX_VALUE, segment.byteSize() - position);
            }
        };
    }

    /** An output stream appending to {@code out}. */
    static OutputStream writing(GrowableBuffer out) {
        return new OutputStream() {
            @Override
            public void write(int b) {
                out.appendByte((byte) b);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                out.appendBytes(b, off, len);
            }
        };
    }
}
