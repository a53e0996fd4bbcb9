// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.NonWritableChannelException;
import java.nio.channels.SeekableByteChannel;

/** A read-only seekable channel over a byte array, so the file reader's channel path needs no file. */
final class ByteArrayChannel implements SeekableByteChannel {
    private final byte[] bytes;
    private long position;
    private boolean open = true;

    ByteArrayChannel(byte[] bytes) {
        this.bytes = bytes;
    }

    @Override
    public int read(ByteBuffer dst) throws ClosedChannelException {
        checkOpen();
        if (position >= bytes.length) {
            return -1;
        }
        int n = (int) Math.min(dst.remaining(), bytes.length - position);
        dst.put(bytes, (int) position, n);
        position += n;
        return n;
    }

    @Override
    public int write(ByteBuffer src) {
        throw new NonWritableChannelException();
    }

    @Override
    public long position() throws ClosedChannelException {
        checkOpen();
        return position;
    }

    @Override
    public SeekableByteChannel position(long newPosition) throws ClosedChannelException {
        checkOpen();
        if (newPosition < 0) {
            throw new IllegalArgumentException("negative position " + newPosition);
        }
        position = newPosition;
        return this;
    }

    @Override
    public long size() throws ClosedChannelException {
        checkOpen();
        return bytes.length;
    }

    @Override
    public SeekableByteChannel truncate(long size) {
        throw new NonWritableChannelException();
    }

    @Override
    public boolean isOpen() {
        return open;
    }

    @Override
    public void close() {
        open = false;
    }

    private void checkOpen() throws ClosedChannelException {
        if (!open) {
            throw new ClosedChannelException();
        }
    }
}
