// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;

/** Where messages are written: a channel, with the count of bytes written so far. */
final class ByteOutput {
    private static final int MAX_WRITE = 1 << 30;
    private static final byte[] ZEROS = new byte[64];

    private final WritableByteChannel channel;
    private long position;

    ByteOutput(WritableByteChannel channel) {
        this.channel = channel;
    }

    long position() {
        return position;
    }

    void write(MemorySegment segment) throws IOException {
        long done = 0;
        while (done < segment.byteSize()) {
            int n = (int) Math.min(MAX_WRITE, segment.byteSize() - done);
            write(segment.asSlice(done, n).asByteBuffer());
            done += n;
        }
    }

    void write(ByteBuffer buffer) throws IOException {
        while (buffer.hasRemaining()) {
            position += channel.write(buffer);
        }
    }

    void write(byte[] bytes) throws IOException {
        write(ByteBuffer.wrap(bytes));
    }

    void writeIntLE(int value) throws IOException {
        write(new byte[] {(byte) value, (byte) (value >>> 8), (byte) (value >>> 16), (byte) (value >>> 24)});
    }

    void writeZeros(long n) throws IOException {
        long left = n;
        while (left > 0) {
            int k = (int) Math.min(left, ZEROS.length);
            write(ByteBuffer.wrap(ZEROS, 0, k));
            left -= k;
        }
    }

    /** Writes zeros up to the next multiple of {@code alignment}. */
    void align(int alignment) throws IOException {
        writeZeros(padding(position, alignment));
    }

    static long padding(long size, int alignment) {
        return (alignment - (size % alignment)) % alignment;
    }

    void close() throws IOException {
        channel.close();
    }
}
