// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Reads a channel ahead of its reader on a thread of its own, a chunk at a time, at most {@link #AHEAD}
 * chunks ahead, so that the thread that tokenizes and parses never waits for the input (Arrow C++ reads a
 * CSV file ahead in the same way, with {@code use_threads} off too). The reader takes the bytes with
 * {@link #read}; a failure of the channel reaches it there, after the bytes read before it. Chunks are
 * direct buffers: a file channel reads into them without the copy through a temporary direct buffer it
 * makes for a heap array.
 */
final class Readahead implements AutoCloseable {
    /** The chunks read and not yet taken, at most. */
    static final int AHEAD = 2;

    private final ReadableByteChannel in;
    private final int chunkSize;
    private final BlockingQueue<Chunk> ready = new ArrayBlockingQueue<>(AHEAD + 1);
    /** Chunks taken and copied out, to fill again. */
    private final BlockingQueue<ByteBuffer> free = new ArrayBlockingQueue<>(AHEAD + 2);
    private final Thread thread;
    private volatile boolean closed;
    private Chunk current;
    private int position;

    /** Bytes of the input ({@code bytes[0, length)}), its end ({@code bytes} null), or a failure. */
    private record Chunk(ByteBuffer bytes, int length, Exception failure) {
    }

    private static final Chunk END = new Chunk(null, 0, null);

    Readahead(ReadableByteChannel in, int chunkSize) {
        this.in = in;
        this.chunkSize = chunkSize;
        this.thread = Thread.ofPlatform().daemon().name("quiver-csv-readahead").unstarted(this::run);
        thread.start();
    }

    private void run() {
        try {
            int made = 0;
            while (!closed) {
                ByteBuffer target = free.poll();
                if (target == null) {
                    target = made < AHEAD + 2 ? ByteBuffer.allocateDirect(chunkSize) : free.take();
                    made++;
                }
                target.clear();
                boolean end = false;
                Exception failure = null;
                try {
                    while (target.hasRemaining() && !end) {
                        end = in.read(target) < 0;
                    }
                } catch (IOException | RuntimeException e) {
                    failure = e;
                }
                if (target.position() > 0) {
                    ready.put(new Chunk(target, target.position(), null));
                }
                if (failure != null || end) {
                    if (!closed) {
                        ready.put(failure != null ? new Chunk(null, 0, failure) : END);
                    }
                    return;
                }
            }
        } catch (InterruptedException e) {
            // closed while waiting for room: nothing more to read
        }
    }

    /**
     * Copies up to {@code length} bytes of the input into {@code target} from {@code offset}, waiting
     * for them if they are not read yet.
     *
     * @return the count of bytes copied (at least 1), or -1 at the end of the input
     * @throws IOException if the channel failed
     */
    int read(byte[] target, int offset, int length) throws IOException {
        if (current == null || current.bytes() != null && position == current.length()) {
            if (current != null) {
                free.offer(current.bytes());
            }
            current = take();
            position = 0;
        }
        if (current.failure() != null) {
            throw new IOException(current.failure().getMessage(), current.failure());
        }
        if (current.bytes() == null) {
            return -1;
        }
        int n = Math.min(length, current.length() - position);
        current.bytes().get(position, target, offset, n);
        position += n;
        return n;
    }

    private Chunk take() throws IOException {
        try {
            return ready.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while waiting for the input");
        }
    }

    /** Stops reading ahead (the channel stays open: its owner closes it). */
    @Override
    public void close() {
        closed = true;
        thread.interrupt();
    }
}
