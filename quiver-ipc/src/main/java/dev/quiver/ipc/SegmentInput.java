// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import java.lang.foreign.MemorySegment;

/** Input from memory (a mapped file, or bytes at hand): reads are zero-copy slices. */
final class SegmentInput implements ByteInput {
    private final MemorySegment segment;
    private long position;

    SegmentInput(MemorySegment segment) {
        this.segment = segment;
    }

    @Override
    public ArrowBuffer read(long n) {
        long take = Math.min(n, segment.byteSize() - position);
        ArrowBuffer out = ArrowBuffer.wrap(segment.asSlice(position, take));
        position += take;
        return out;
    }

    @Override
    public ArrowBuffer read(long n, BufferAllocator memory) {
        return read(n);
    }

    @Override
    public long position() {
        return position;
    }

    @Override
    public void seek(long newPosition) {
        if (newPosition < 0 || newPosition > segment.byteSize()) {
            throw new IpcException("position " + newPosition + " is outside the input of " + segment.byteSize()
                    + " bytes");
        }
        position = newPosition;
    }

    @Override
    public long size() {
        return segment.byteSize();
    }

    @Override
    public void close() {
    }
}
