// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.compare.BatchComparator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.Pipe;
import java.nio.channels.ReadableByteChannel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Reading ahead on a thread of its own (a channel that cannot seek): the bytes come in order through a
 * ring smaller than the input, a failure of the channel surfaces after the bytes before it and so at the
 * batch it cut short, closing ends the thread blocked in a read, a slow pipe is not waited on past the
 * batch it has sent, and a truncated pipe ends in an {@link IpcException}.
 */
class ReadAheadChannelTest {
    /** Hands over {@code bytes} in pieces of 1 to 300 bytes, then fails with {@code failure} if not null. */
    private static class Pieces implements ReadableByteChannel {
        private final byte[] bytes;
        private final IOException failure;
        private final Random random = new Random(34);
        private int position;
        private boolean open = true;
        final Set<String> readers = ConcurrentHashMap.newKeySet();

        Pieces(byte[] bytes, IOException failure) {
            this.bytes = bytes;
            this.failure = failure;
        }

        @Override
        public int read(ByteBuffer dst) throws IOException {
            readers.add(Thread.currentThread().getName());
            if (position == bytes.length) {
                if (failure != null) {
                    throw failure;
                }
                return -1;
            }
            int n = Math.min(Math.min(dst.remaining(), 1 + random.nextInt(300)), bytes.length - position);
            dst.put(bytes, position, n);
            position += n;
            return n;
        }

        @Override
        public boolean isOpen() {
            return open;
        }

        @Override
        public void close() {
            open = false;
        }
    }

    private static byte[] data(int n) {
        byte[] bytes = new byte[n];
        new Random(n).nextBytes(bytes);
        return bytes;
    }

    /** Everything {@code channel} gives, in reads of 1 to 1,000 bytes. */
    private static byte[] drain(ReadableByteChannel channel) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Random random = new Random(7);
        while (true) {
            ByteBuffer bb = ByteBuffer.allocate(1 + random.nextInt(1000));
            int r = channel.read(bb);
            if (r < 0) {
                return out.toByteArray();
            }
            out.write(bb.array(), 0, bb.position());
        }
    }

    @Test
    void bytesComeInOrderThroughARingSmallerThanTheInput() throws IOException {
        byte[] bytes = data(200_000);
        try (ReadAheadChannel ahead = ReadAheadChannel.start(new Pieces(bytes, null), 517)) {
            assertArrayEquals(bytes, drain(ahead));
            assertEquals(-1, ahead.read(ByteBuffer.allocate(8)));
        }
    }

    @Test
    void aFailureComesAfterEveryByteReadBeforeIt() throws IOException {
        byte[] bytes = data(50_000);
        try (ReadAheadChannel ahead = ReadAheadChannel.start(new Pieces(bytes, new IOException("the pipe broke")),
                4096)) {
            ByteBuffer all = ByteBuffer.allocate(bytes.length);
            while (all.hasRemaining()) {
                assertTrue(ahead.read(all) > 0);
            }
            assertArrayEquals(bytes, all.array());
            IOException e = assertThrows(IOException.class, () -> ahead.read(ByteBuffer.allocate(8)));
            assertEquals("the pipe broke", e.getMessage());
        }
    }

    @Test
    void anErrorOfTheChannelEndsTheReadAheadAsAnIoException() throws IOException {
        ReadableByteChannel broken = new Pieces(new byte[0], null) {
            @Override
            public int read(ByteBuffer dst) {
                throw new IllegalStateException("a bug in the channel");
            }
        };
        try (ReadAheadChannel ahead = ReadAheadChannel.start(broken, 64)) {
            IOException e = assertThrows(IOException.class, () -> ahead.read(ByteBuffer.allocate(8)));
            assertTrue(e.getMessage().contains("a bug in the channel"), e.getMessage());
        }
    }

    /** The batches as the zero-copy reader over memory reads them, the reference. */
    private static List<RecordBatch> reference(byte[] stream) {
        List<RecordBatch> out = new ArrayList<>();
        try (IpcStreamReader r = IpcStreamReader.open(MemorySegment.ofArray(stream))) {
            r.forEach(out::add);
        }
        return out;
    }

    /** Where message {@code index} (0: the schema) ends, its body included. */
    private static int endOfMessage(byte[] stream, int index) throws IOException {
        MessageReader reader = new MessageReader(new SegmentInput(MemorySegment.ofArray(stream)));
        for (int i = 0; i <= index; i++) {
            reader.next();
        }
        return (int) reader.input().position();
    }

    @Test
    void aFailureOfTheChannelSurfacesAtTheBatchItCutShort() throws IOException {
        byte[] stream = StreamInputTest.large(IpcWriteOptions.DEFAULT);
        List<RecordBatch> expected = reference(stream);
        // The channel fails within the body of batch 2 (message 3): batches 0 and 1 read whole first.
        byte[] part = Arrays.copyOf(stream, endOfMessage(stream, 2) + 100);
        Pieces channel = new Pieces(part, new IOException("connection reset"));
        try (IpcStreamReader r = IpcStreamReader.open(channel)) {
            for (int i = 0; i < 2; i++) {
                RecordBatch batch = r.readNext().orElseThrow();
                assertEquals(Optional.empty(), new BatchComparator().compare(0, expected.get(i), batch));
            }
            IpcException e = assertThrows(IpcException.class, r::readNext);
            assertTrue(e.getMessage().contains("connection reset"), e.getMessage());
        }
        assertEquals(Set.of("quiver-read-ahead"), channel.readers);
    }

    @Test
    void oneThreadReadsOnTheCallersThread() {
        byte[] stream = StreamInputTest.large(IpcWriteOptions.DEFAULT);
        Pieces channel = new Pieces(stream, null);
        try (IpcStreamReader r = IpcStreamReader.open(channel, IpcReadOptions.DEFAULT.withThreads(1))) {
            r.forEach(b -> { });
        }
        assertEquals(Set.of(Thread.currentThread().getName()), channel.readers);
    }

    @Test
    void closingEndsTheThreadBlockedInARead() throws Exception {
        byte[] stream = StreamInputTest.large(IpcWriteOptions.DEFAULT);
        Pipe pipe = Pipe.open();
        try (Pipe.SinkChannel sink = pipe.sink()) {
            // The thread drains the pipe into its ring (larger than these bytes) while they are written.
            ReadAheadChannel ahead = ReadAheadChannel.start(pipe.source(), ReadAheadChannel.CAPACITY);
            writeAll(sink, ByteBuffer.wrap(stream, 0, endOfMessage(stream, 1)));
            IpcStreamReader r = IpcStreamReader.open(ahead);
            assertTrue(r.readNext().isPresent());
            assertTrue(ahead.thread().isAlive(), "waits for the pipe's next bytes");
            r.close();
            ahead.thread().join(TimeUnit.SECONDS.toMillis(10));
            assertFalse(ahead.thread().isAlive());
            assertFalse(pipe.source().isOpen());
            assertThrows(ClosedChannelException.class, () -> ahead.read(ByteBuffer.allocate(8)));
        }
    }

    private static void writeAll(Pipe.SinkChannel sink, ByteBuffer bytes) throws IOException {
        while (bytes.hasRemaining()) {
            sink.write(bytes);
        }
    }

    @Test
    void aSlowPipeIsNotWaitedOnPastTheBatchItSent() throws Exception {
        byte[] stream = StreamInputTest.large(IpcWriteOptions.DEFAULT);
        List<RecordBatch> expected = reference(stream);
        int firstBatchEnd = endOfMessage(stream, 1);
        CountDownLatch firstRead = new CountDownLatch(1);
        Pipe pipe = Pipe.open();
        Thread writer = Thread.ofPlatform().start(() -> {
            try (Pipe.SinkChannel sink = pipe.sink()) {
                // The schema and batch 0 in small pieces; the rest only once the reader has returned batch 0.
                for (int at = 0; at < firstBatchEnd; at += 1000) {
                    writeAll(sink, ByteBuffer.wrap(stream, at, Math.min(1000, firstBatchEnd - at)));
                    if (at % 50_000 == 0) {
                        Thread.sleep(1);
                    }
                }
                if (firstRead.await(30, TimeUnit.SECONDS)) {
                    writeAll(sink, ByteBuffer.wrap(stream, firstBatchEnd, stream.length - firstBatchEnd));
                }
            } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        try (IpcStreamReader r = IpcStreamReader.open(pipe.source())) {
            RecordBatch first = r.readNext().orElseThrow();
            assertEquals(Optional.empty(), new BatchComparator().compare(0, expected.get(0), first));
            firstRead.countDown();
            for (int i = 1; i < expected.size(); i++) {
                RecordBatch batch = r.readNext().orElseThrow();
                assertEquals(Optional.empty(), new BatchComparator().compare(0, expected.get(i), batch));
            }
            assertTrue(r.readNext().isEmpty());
            assertTrue(r.endedWithMarker());
        }
        writer.join();
    }

    @Test
    void aTruncatedPipeReadsWholeBatchesThenAnIpcException() throws Exception {
        byte[] stream = StreamInputTest.large(IpcWriteOptions.DEFAULT);
        // Within the body of batch 2 (message 3), after batches 0 and 1.
        int cut = endOfMessage(stream, 3) - 1000;
        Pipe pipe = Pipe.open();
        Thread writer = Thread.ofPlatform().start(() -> {
            try (Pipe.SinkChannel sink = pipe.sink()) {
                writeAll(sink, ByteBuffer.wrap(stream, 0, cut));
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        try (IpcStreamReader r = IpcStreamReader.open(pipe.source())) {
            assertTrue(r.readNext().isPresent());
            assertTrue(r.readNext().isPresent());
            IpcException e = assertThrows(IpcException.class, r::readNext);
            assertTrue(e.getMessage().contains("message 3") && e.getMessage().contains("truncated"), e.getMessage());
        }
        writer.join();
    }
}
