// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ReadableByteChannel;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A channel that reads ahead: a daemon thread reads the channel given into a ring of bytes (its size, given,
 * is the most read ahead) while the reader decodes what came before, so that waiting for a pipe's bytes
 * overlaps with the work on them. A read hands over whatever the ring holds (at least one byte; it waits only when the ring
 * is empty), so a peer that waits for an answer after one message is not kept waiting. What the channel
 * throws, and its end, reach the reader in order: after every byte read before them.
 *
 * <p>{@link #close()} closes the channel given, which ends a read of the thread blocked in it where the
 * channel is interruptible (a {@link java.nio.channels.FileChannel}, a socket channel); bytes the thread
 * still reads after that are dropped.
 */
final class ReadAheadChannel implements ReadableByteChannel {
    /** The ring's size when none is given: the most bytes read ahead of the reader. */
    static final int CAPACITY = 8 << 20;

    private final ReadableByteChannel channel;
    private final MemorySegment ring;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition filled = lock.newCondition();
    private final Condition drained = lock.newCondition();
    /** Bytes the thread has read in all, and bytes the reader has taken in all: the ring holds the difference. */
    private long written;
    private long taken;
    private boolean ended;
    private IOException failure;
    private boolean open = true;
    private Thread thread;

    private ReadAheadChannel(ReadableByteChannel channel, int capacity) {
        this.channel = channel;
        this.ring = Arena.ofAuto().allocate(capacity);
    }

    /**
     * A channel reading {@code channel} ahead, its thread started.
     *
     * @param channel the channel to read; closed by {@link #close()}
     * @param capacity the most bytes read ahead
     * @return the channel
     */
    static ReadAheadChannel start(ReadableByteChannel channel, int capacity) {
        ReadAheadChannel ahead = new ReadAheadChannel(channel, capacity);
        ahead.thread = Thread.ofPlatform().daemon().name("quiver-read-ahead").start(ahead::fill);
        return ahead;
    }

    /** The thread that reads ahead: it ends at the channel's end, at its failure, or after {@link #close()}. */
    Thread thread() {
        return thread;
    }

    /** The thread's work: reads the channel into the free part of the ring until the channel ends or fails. */
    private void fill() {
        long size = ring.byteSize();
        while (true) {
            long at;
            long room;
            lock.lock();
            try {
                while (open && written - taken == size) {
                    drained.awaitUninterruptibly();
                }
                if (!open) {
                    return;
                }
                at = written % size;
                room = Math.min(size - at, size - (written - taken));
            } finally {
                lock.unlock();
            }
            int r;
            IOException error = null;
            try {
                r = channel.read(ring.asSlice(at, room).asByteBuffer());
            } catch (IOException e) {
                r = -1;
                error = e;
            } catch (RuntimeException | Error e) {
                r = -1;
                error = new IOException("reading ahead failed: " + e, e);
            }
            lock.lock();
            try {
                if (r > 0) {
                    written += r;
                } else if (r < 0) {
                    ended = true;
                    failure = open ? error : null;
                }
                filled.signalAll();
                if (ended) {
                    return;
                }
            } finally {
                lock.unlock();
            }
        }
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
        if (!dst.hasRemaining()) {
            return 0;
        }
        long size = ring.byteSize();
        long from;
        int n;
        lock.lock();
        try {
            while (open && written == taken && !ended) {
                filled.awaitUninterruptibly();
            }
            if (!open) {
                throw new ClosedChannelException();
            }
            if (written == taken) {
                if (failure != null) {
                    IOException e = failure;
                    failure = null;
                    throw new IOException(e.getMessage(), e);
                }
                return -1;
            }
            from = taken % size;
            n = (int) Math.min(dst.remaining(), Math.min(written - taken, size - from));
        } finally {
            lock.unlock();
        }
        MemorySegment.ofBuffer(dst).copyFrom(ring.asSlice(from, n));
        dst.position(dst.position() + n);
        lock.lock();
        try {
            taken += n;
            drained.signal();
        } finally {
            lock.unlock();
        }
        return n;
    }

    @Override
    public boolean isOpen() {
        return open;
    }

    @Override
    public void close() throws IOException {
        lock.lock();
        try {
            if (!open) {
                return;
            }
            open = false;
            filled.signalAll();
            drained.signalAll();
        } finally {
            lock.unlock();
        }
        channel.close();
    }
}
