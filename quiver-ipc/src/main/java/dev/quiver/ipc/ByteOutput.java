// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.GatheringByteChannel;
import java.nio.channels.WritableByteChannel;
import java.util.List;

/**
 * Where messages are written: a channel, with the count of bytes written so far. A message's pieces
 * (prefix, metadata, padding, body buffers) go to a {@link GatheringByteChannel} in one gathering write
 * (one system call for a file instead of one per piece), to another channel one by one.
 */
final class ByteOutput {
    private static final int MAX_WRITE = 1 << 30;
    private static final byte[] ZEROS = new byte[64];
    /** Padding for gathering writes: direct, so that a file channel sends it without a copy. */
    private static final ByteBuffer DIRECT_ZEROS = ByteBuffer.allocateDirect(ZEROS.length).asReadOnlyBuffer();

    private final WritableByteChannel channel;
    private final GatheringByteChannel gathering;
    private long position;

    ByteOutput(WritableByteChannel channel) {
        this.channel = channel;
        this.gathering = channel instanceof GatheringByteChannel g ? g : null;
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

    /**
     * Writes {@code parts} in order: in gathering writes when the channel gathers, else one by one.
     *
     * @param parts the buffers, each written from its position to its limit
     */
    void write(List<ByteBuffer> parts) throws IOException {
        if (gathering == null) {
            for (ByteBuffer part : parts) {
                write(part);
            }
            return;
        }
        ByteBuffer[] all = parts.toArray(ByteBuffer[]::new);
        int first = 0;
        while (first < all.length) {
            if (!all[first].hasRemaining()) {
                first++;
                continue;
            }
            position += gathering.write(all, first, all.length - first);
        }
    }

    /** Adds the buffers of {@code segment}'s bytes to {@code parts} (more than one past 1 GiB). */
    static void addTo(List<ByteBuffer> parts, MemorySegment segment) {
        for (long done = 0; done < segment.byteSize(); ) {
            int n = (int) Math.min(MAX_WRITE, segment.byteSize() - done);
            parts.add(segment.asSlice(done, n).asByteBuffer());
            done += n;
        }
    }

    /** Adds {@code n} zero bytes to {@code parts}. */
    static void addZeros(List<ByteBuffer> parts, long n) {
        for (long left = n; left > 0; ) {
            int k = (int) Math.min(left, ZEROS.length);
            parts.add(DIRECT_ZEROS.duplicate().limit(k));
            left -= k;
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
