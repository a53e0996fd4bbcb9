// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.GatheringByteChannel;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A message's pieces (prefix, metadata, padding, body buffers with their padding) go to a gathering channel
 * in one gathering call: the same bytes as piece by piece, in far fewer writes.
 */
class GatheringWriteTest {
    /** Records what it is given; takes at most {@code most} bytes per call (a short write). */
    private static final class Recording implements GatheringByteChannel {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final int most;
        int singleWrites;
        int gatheringWrites;

        Recording(int most) {
            this.most = most;
        }

        @Override
        public int write(ByteBuffer src) {
            singleWrites++;
            return take(src, most);
        }

        @Override
        public long write(ByteBuffer[] srcs, int offset, int length) {
            gatheringWrites++;
            long done = 0;
            for (int i = offset; i < offset + length && done < most; i++) {
                done += take(srcs[i], (int) (most - done));
            }
            return done;
        }

        @Override
        public long write(ByteBuffer[] srcs) {
            return write(srcs, 0, srcs.length);
        }

        private int take(ByteBuffer src, int limit) {
            int n = Math.min(src.remaining(), limit);
            for (int k = 0; k < n; k++) {
                bytes.write(src.get());
            }
            return n;
        }

        @Override
        public boolean isOpen() {
            return true;
        }

        @Override
        public void close() {
        }
    }

    private static final Schema SCHEMA = new Schema(List.of(Field.notNull("id", ArrowType.INT64),
            Field.nullable("maybe", ArrowType.INT32), Field.nullable("small", ArrowType.INT8)));

    private static RecordBatch batch(int rows) {
        return RoundTripTest.batch(SCHEMA, rows, 7);
    }

    private static byte[] piecewise(int rows) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (IpcFileWriter writer = IpcFileWriter.open(Channels.newChannel(out), SCHEMA)) {
            writer.write(batch(rows));
            writer.write(batch(rows / 2 + 1));
        }
        return out.toByteArray();
    }

    private static Recording gathered(int rows, int most) {
        Recording channel = new Recording(most);
        try (IpcFileWriter writer = IpcFileWriter.open(channel, SCHEMA)) {
            writer.write(batch(rows));
            writer.write(batch(rows / 2 + 1));
        }
        return channel;
    }

    @Test
    void aGatheringChannelGetsTheSameBytesOneCallPerMessage() {
        Recording channel = gathered(999, Integer.MAX_VALUE);
        assertArrayEquals(piecewise(999), channel.bytes.toByteArray());
        // The schema and two record batches: one gathering write each.
        assertEquals(3, channel.gatheringWrites);
    }

    @Test
    void shortGatheringWritesAreResumedWhereTheyStopped() {
        Recording channel = gathered(999, 7);
        assertArrayEquals(piecewise(999), channel.bytes.toByteArray());
    }
}
