// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.SeekableByteChannel;

/**
 * Input from a channel. Small reads (length prefixes, message metadata, small bodies) go through a
 * staging buffer that each channel read fills with whatever the channel has ready, so that one read
 * usually brings several of them; a large read (a message body) goes straight into its own buffer,
 * after the bytes already staged, in as few channel reads as the channel allows. Reading stops as soon
 * as the bytes wanted have come: a peer that waits for an answer after one message is not kept waiting.
 *
 * <p>Owned reads ({@link #read(long, BufferAllocator)}) take their memory from the allocator given, not
 * zero-filled ({@link BufferAllocator#allocateForOverwrite}): every byte handed on is one the channel
 * delivered. Of a length the input does not back, at most {@link #UNBACKED_LIMIT} bytes are allocated
 * before the bytes arrive: beyond that the buffer grows, doubling, as they do; a channel of known size
 * (a file) is trusted up to its end. The staging buffer grows the same way, as bytes arrive.
 */
final class ChannelInput implements ByteInput {
    /** The staging buffer's first capacity. */
    private static final int STAGING = 1 << 16;
    /** The most bytes of one read allocated ahead of the bytes that back them, on a channel of unknown size. */
    static final long UNBACKED_LIMIT = 64L << 20;
    private static final int MAX_READ = 1 << 30;

    private final ReadableByteChannel channel;
    private final BufferAllocator allocator;
    /** Bytes read from the channel and not consumed: {@code [stagedFrom, stagedTo)} of {@link #staging}. */
    private MemorySegment staging;
    private long stagedFrom;
    private long stagedTo;
    /** Whether the channel has reported its end. */
    private boolean ended;
    private long position;

    ChannelInput(ReadableByteChannel channel, BufferAllocator allocator) {
        this.channel = channel;
        this.allocator = allocator;
    }

    @Override
    public ArrowBuffer read(long n) throws IOException {
        return read(n, allocator);
    }

    @Override
    public ArrowBuffer read(long n, BufferAllocator memory) throws IOException {
        long want = available(n);
        if (want == 0) {
            return ArrowBuffer.EMPTY;
        }
        if (want > staged() && want <= STAGING) {
            stage(want);
        }
        if (want <= staged()) {
            ArrowBuffer out = memory.allocateForOverwrite(want);
            MemorySegment.copy(staging, stagedFrom, out.segment(), 0, want);
            consume(want);
            return out;
        }
        return readLarge(want, size() >= 0 ? want : Math.max(UNBACKED_LIMIT, staged()), memory);
    }

    @Override
    public ArrowBuffer readTransient(long n) throws IOException {
        long want = available(n);
        if (want == 0) {
            return ArrowBuffer.EMPTY;
        }
        stage(want);
        long take = Math.min(want, staged());
        ArrowBuffer out = ArrowBuffer.wrap(staging.asSlice(stagedFrom, take));
        consume(take);
        return out;
    }

    /** {@code n}, or fewer when the channel's size is known and fewer bytes are left. */
    private long available(long n) throws IOException {
        long known = size();
        return known >= 0 ? Math.min(n, Math.max(0, known - position)) : n;
    }

    private long staged() {
        return stagedTo - stagedFrom;
    }

    private void consume(long n) {
        stagedFrom += n;
        position += n;
    }

    /**
     * Reads until {@code n} bytes are staged or the channel ends. The staged bytes move to the start of
     * the staging buffer when it has no room left; when they fill it, it doubles (up to {@code n} bytes),
     * in memory of the input's allocator: as bytes arrive, and counted.
     */
    private void stage(long n) throws IOException {
        if (staging == null) {
            staging = Arena.ofAuto().allocate(STAGING, BufferAllocator.ALIGNMENT);
        }
        while (staged() < n && !ended) {
            if (stagedTo == staging.byteSize()) {
                MemorySegment target = staged() == staging.byteSize()
                        ? allocator.allocateForOverwrite(Math.min(2 * staging.byteSize(), n)).segment()
                        : staging;
                MemorySegment.copy(staging, stagedFrom, target, 0, staged());
                staging = target;
                stagedTo -= stagedFrom;
                stagedFrom = 0;
            }
            long room = Math.min(MAX_READ, staging.byteSize() - stagedTo);
            int r = readOnce(staging.asSlice(stagedTo, room).asByteBuffer());
            if (r > 0) {
                stagedTo += r;
            }
        }
    }

    /**
     * Every byte from here to the channel's end, in memory of the input's allocator that grows (doubling)
     * as the bytes arrive.
     */
    ArrowBuffer readToEnd() throws IOException {
        return readLarge(Long.MAX_VALUE, Math.max(STAGING, staged()), allocator);
    }

    /**
     * A read of up to {@code want} bytes into memory of its own, {@code first} bytes of it allocated at
     * once and the rest as the bytes arrive: what is staged, then the rest straight from the channel.
     */
    private ArrowBuffer readLarge(long want, long first, BufferAllocator memory) throws IOException {
        long capacity = Math.min(want, first);
        ArrowBuffer out = memory.allocateForOverwrite(capacity);
        long got = Math.min(staged(), capacity);
        if (got > 0) {
            MemorySegment.copy(staging, stagedFrom, out.segment(), 0, got);
            consume(got);
        }
        while (true) {
            long read = fill(out.segment().asSlice(got, capacity - got));
            got += read;
            position += read;
            if (got < capacity || capacity == want) {
                return got == capacity ? out : out.slice(0, got);
            }
            capacity = Math.min(want, 2 * capacity);
            out = memory.reallocate(out, capacity);
        }
    }

    /** Reads into {@code target} until it is full or the channel ends; returns the bytes read. */
    private long fill(MemorySegment target) throws IOException {
        long done = 0;
        while (done < target.byteSize() && !ended) {
            ByteBuffer bb = target.asSlice(done, Math.min(MAX_READ, target.byteSize() - done)).asByteBuffer();
            while (bb.hasRemaining() && !ended) {
                readOnce(bb);
            }
            done += bb.position();
        }
        return done;
    }

    /** One read from the channel into {@code bb}; notes the channel's end. */
    private int readOnce(ByteBuffer bb) throws IOException {
        int r = channel.read(bb);
        if (r < 0) {
            ended = true;
        } else if (r == 0 && !(channel instanceof SeekableByteChannel)) {
            Thread.onSpinWait();
        }
        return r;
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
        if (newPosition >= position && newPosition - position <= staged()) {
            consume(newPosition - position);
            return;
        }
        seekable.position(newPosition);
        position = newPosition;
        stagedFrom = 0;
        stagedTo = 0;
        ended = false;
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
