// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;

/**
 * An {@link InputStream} read as a channel, in large reads. A plain {@link FileInputStream} (standard input,
 * a pipe, a file) is read through its own {@link FileChannel}, straight into the reader's memory: one
 * copy, from the kernel. Any other stream is read into an array of up to {@link #CHUNK} bytes and copied
 * from there ({@link java.nio.channels.Channels#newChannel(InputStream)} would read 8 KiB at a time).
 * Either way the channel is not seekable: the stream is read from where it stands, to its end. Standard
 * input's descriptor, when it is a pipe on Linux, gets a buffer of {@link PipeBuffer#SIZE} bytes.
 */
final class InputStreamChannel implements ReadableByteChannel {
    /** The largest read asked of a stream that is not a {@link FileInputStream}. */
    static final int CHUNK = 1 << 20;

    private final InputStream in;
    private final FileChannel file;
    private byte[] chunk;
    private boolean open = true;

    private InputStreamChannel(InputStream in) {
        this.in = in;
        this.file = in.getClass() == FileInputStream.class ? ((FileInputStream) in).getChannel() : null;
        if (file != null && isStandardInput((FileInputStream) in)) {
            PipeBuffer.enlarge(0, PipeBuffer.SIZE);
        }
    }

    private static boolean isStandardInput(FileInputStream in) {
        try {
            return in.getFD() == FileDescriptor.in;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The channel of a stream.
     *
     * @param in the stream; closing the channel closes it
     * @return a channel of no known size
     */
    static ReadableByteChannel of(InputStream in) {
        return new InputStreamChannel(in);
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
        if (!open) {
            throw new ClosedChannelException();
        }
        if (!dst.hasRemaining()) {
            return 0;
        }
        if (file != null) {
            return file.read(dst);
        }
        int n = Math.min(dst.remaining(), CHUNK);
        if (chunk == null || chunk.length < n) {
            chunk = new byte[Math.min(CHUNK, Math.max(n, 1 << 16))];
        }
        int r = in.read(chunk, 0, n);
        if (r > 0) {
            dst.put(chunk, 0, r);
        }
        return r;
    }

    @Override
    public boolean isOpen() {
        return open;
    }

    @Override
    public void close() throws IOException {
        open = false;
        in.close();
    }
}
