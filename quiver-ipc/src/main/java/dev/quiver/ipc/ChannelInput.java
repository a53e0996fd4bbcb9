// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.GrowableBuffer;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.SeekableByteChannel;

/**
 * Input from a channel. Reads copy into memory from the allocator, grown step by step as bytes really
 * arrive, so a length claimed by the input reserves no more memory than the input backs.
 */
final class ChannelInput implements ByteInput {
    private static final long FIRST_CHUNK = 1 << 16;
    private static final int MAX_READ = 1 << 30;

    private final ReadableByteChannel channel;
    private final BufferAllocator allocator;
    private long position;

    ChannelInput(ReadableByteChannel channel, BufferAllocator allocator) {
        this.channel = channel;
        this.allocator = allocator;
    }

    @Override
    public ArrowBuffer read(long n) throws IOException {
        if (n == 0) {
            return ArrowBuffer.EMPTY;
        }
        long known = size();
        long want = known >= 0 ? Math.min(n, Math.max(0, known - position)) : n;
        GrowableBuffer out = new GrowableBuffer(allocator);
        long got = 0;
        while (got < want) {
            long step = Math.min(want - got, Math.max(FIRST_CHUNK, got));
            out.ensureCapacity(got + step);
            long read = fill(out.segment().asSlice(got, step));
            got += read;
            out.setSize(got);
            if (read < step) {
                break;
            }
        }
        position += got;
        return out.finish();
    }

    /** Reads into {@code target} until it is full or the channel ends; returns the bytes read. */
    private long fill(MemorySegment target) throws IOException {
        long done = 0;
        while (done < target.byteSize()) {
            ByteBuffer bb = target.asSlice(done, Math.min(MAX_READ, target.byteSize() - done)).asByteBuffer();
            while (bb.hasRemaining()) {
                int r = channel.read(bb);
                if (r < 0) {
                    return done + bb.position();
                }
                if (r == 0 && !(channel instanceof SeekableByteChannel)) {
                    Thread.onSpinWait();
                }
            }
            done += bb.position();
        }
        return done;
    }

    @Override
    public long position() {
        return position;
    }

    @Override
    public void seek(long newPosition) throws IOException {
        if (!(channel instanceof SeekableByteChannel seekable)) {
            throw new IpcException("this input cannot seek");
        }
        if (newPosition < 0 || newPosition > seekable.size()) {
            throw new IpcException("position " + newPosition + " is outside the input of " + seekable.size()
                    + " bytes");
        }
        seekable.position(newPosition);
        position = newPosition;
    }

    @Override
    public long size() throws IOException {
        return channel instanceof SeekableByteChannel s ? s.size() : -1;
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
