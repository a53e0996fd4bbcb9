// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.internal.io;

/**
 * Starts the write-back of a file's bytes to its device a step behind the writer, so that the device
 * writes while the writer encodes. Where the file will be forced or moved over an existing file (which
 * ext4 and btrfs follow by writing the new file out before the move returns), the device's work then
 * overlaps the writer's instead of following it. Told of every byte appended; stops at the first failed
 * start (the file is written all the same).
 */
public final class WritebackAhead implements AutoCloseable {
    /** Bytes written between two starts of write-back. */
    static final long STEP = 16L << 20;

    /** Starts write-back of a range of the file; false when it cannot. */
    @FunctionalInterface
    interface Starter {
        boolean start(long offset, long length);
    }

    private final Starter starter;
    private final Runnable release;
    private long written;
    private long started;
    private boolean stopped;
    private boolean closed;

    /**
     * A write-back that starts ranges through {@code starter} and ends with {@code release}.
     *
     * @param starter starts write-back of one range
     * @param release frees what the starter holds, run once by {@link #close()}
     */
    WritebackAhead(Starter starter, Runnable release) {
        this.starter = starter;
        this.release = release;
    }

    /**
     * Counts {@code bytes} appended to the file and starts write-back of what was appended since the last
     * start once that is a {@link #STEP} or more.
     *
     * @param bytes bytes just appended
     */
    public void appended(long bytes) {
        written += bytes;
        if (!stopped && written - started >= STEP) {
            stopped = !starter.start(started, written - started);
            started = written;
        }
    }

    /**
     * Whether write-back is still started as the file grows (not after a failed start or the close).
     *
     * @return true while advising
     */
    boolean active() {
        return !stopped;
    }

    /** Ends the advice; the rest of the file is written back as the kernel sees fit. */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            stopped = true;
            release.run();
        }
    }
}
