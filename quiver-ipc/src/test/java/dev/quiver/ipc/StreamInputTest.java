// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.compare.BatchComparator;
import dev.quiver.core.compare.Difference;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.Endianness;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.ipc.compression.Lz4FrameCodec;
import dev.quiver.ipc.compression.ZstdCodec;
import java.io.ByteArrayInputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A stream reads the same from every kind of input (a channel, a file, an input stream, one that hands
 * over a few bytes at a time) as from memory, by {@code readNext} and by {@code mapBatches}: compressed,
 * with dictionaries, big-endian, bodies larger than the reader's staging buffer; and truncated or
 * lying input ends in an {@link IpcException}.
 */
class StreamInputTest {
    @TempDir
    Path dir;

    /** Hands over at most 1 to 7 bytes per read, as a slow pipe or socket may. */
    static final class Trickle extends InputStream {
        private final byte[] bytes;
        private int position;
        private int reads;

        Trickle(byte[] bytes) {
            this.bytes = bytes;
        }

        @Override
        public int read() {
            return position < bytes.length ? bytes[position++] & 0xff : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (len == 0) {
                return 0;
            }
            if (position == bytes.length) {
                return -1;
            }
            int n = Math.min(Math.min(len, 1 + reads++ % 7), bytes.length - position);
            System.arraycopy(bytes, position, b, off, n);
            position += n;
            return n;
        }
    }

    /** Streams to read: with dictionaries (new and replaced), and of large bodies; every codec, both byte orders. */
    static Stream<Arguments> streams() {
        List<Arguments> out = new ArrayList<>();
        List<IpcWriteOptions> options = List.of(IpcWriteOptions.DEFAULT,
                IpcWriteOptions.DEFAULT.withCodec(new Lz4FrameCodec()),
                IpcWriteOptions.DEFAULT.withCodec(new ZstdCodec()),
                IpcWriteOptions.DEFAULT.withByteOrder(Endianness.BIG).withAlignment(64));
        for (IpcWriteOptions o : options) {
            String name = (o.codec() == null ? "uncompressed" : o.codec().getClass().getSimpleName()) + ", "
                    + o.byteOrder();
            out.add(Arguments.of("dictionaries, " + name, HardeningTest.stream(o)));
            out.add(Arguments.of("large bodies, " + name, large(o)));
        }
        return out.stream();
    }

    /** Batches of 20,000 rows (bodies of about 2 MB, far more than the reader's staging buffer) and small ones. */
    static byte[] large(IpcWriteOptions options) {
        Schema schema = RoundTripTest.schema();
        return TestData.written(out -> {
            try (IpcStreamWriter w = IpcStreamWriter.open(out, schema, options)) {
                w.write(RoundTripTest.batch(schema, 20_000, 1));
                w.write(RoundTripTest.batch(schema, 3, 2));
                w.write(RoundTripTest.batch(schema, 20_000, 3), Map.of("last", "yes"));
            }
        });
    }

    /** The batches as the zero-copy reader over memory reads them, the reference. */
    private static List<RecordBatch> reference(byte[] stream) {
        List<RecordBatch> out = new ArrayList<>();
        try (IpcStreamReader r = IpcStreamReader.open(MemorySegment.ofArray(stream))) {
            r.forEach(out::add);
        }
        return out;
    }

    private interface Opener {
        IpcStreamReader open() throws IOException;
    }

    private List<Opener> inputs(byte[] stream) throws IOException {
        Path file = Files.write(dir.resolve("s" + System.nanoTime() + ".arrows"), stream);
        return List.of(
                () -> IpcStreamReader.open(new ByteArrayInputStream(stream)),
                () -> IpcStreamReader.open(new Trickle(stream)),
                () -> IpcStreamReader.open(Channels.newChannel(new Trickle(stream))),
                () -> IpcStreamReader.open(file),
                () -> IpcStreamReader.open(new FileInputStream(file.toFile())));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("streams")
    void everyInputReadsWhatMemoryReads(String name, byte[] stream) throws IOException {
        List<RecordBatch> expected = reference(stream);
        BatchComparator comparator = new BatchComparator();
        List<Opener> inputs = inputs(stream);
        for (int i = 0; i < inputs.size(); i++) {
            List<RecordBatch> actual = new ArrayList<>();
            List<Map<String, String>> metadata = new ArrayList<>();
            try (IpcStreamReader r = inputs.get(i).open()) {
                for (Optional<RecordBatch> b = r.readNext(); b.isPresent(); b = r.readNext()) {
                    actual.add(b.get());
                    metadata.add(r.batchMetadata());
                }
                assertTrue(r.endedWithMarker(), "input " + i);
            }
            assertEquals(Optional.empty(), comparator.compare(expected, actual), "input " + i);
            assertEquals(metadata(stream), metadata, "input " + i);
        }
    }

    private static List<Map<String, String>> metadata(byte[] stream) {
        List<Map<String, String>> out = new ArrayList<>();
        try (IpcStreamReader r = IpcStreamReader.open(MemorySegment.ofArray(stream))) {
            while (r.readNext().isPresent()) {
                out.add(r.batchMetadata());
            }
        }
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("streams")
    void mapBatchesReadsWhatMemoryReads(String name, byte[] stream) throws IOException {
        List<RecordBatch> expected = reference(stream);
        List<Map<String, String>> metadata = metadata(stream);
        BatchComparator comparator = new BatchComparator();
        for (Opener input : inputs(stream)) {
            try (IpcStreamReader r = input.open()) {
                int[] index = {0};
                Function<RecordBatch, Optional<Difference>> work = batch -> comparator.compare(index[0],
                        expected.get(index[0]++), batch);
                Iterator<Optional<Difference>> results = r.mapBatches(work);
                int n = 0;
                while (results.hasNext()) {
                    assertEquals(Optional.empty(), results.next(), "batch " + n);
                    assertEquals(metadata.get(n), r.batchMetadata());
                    n++;
                }
                assertEquals(expected.size(), n);
                assertTrue(r.endedWithMarker());
            }
        }
    }

    @Test
    void mapBatchesLendsEachBatchOnlyUntilTheWorkReturns() {
        byte[] stream = large(IpcWriteOptions.DEFAULT);
        List<RecordBatch> kept = new ArrayList<>();
        try (IpcStreamReader r = IpcStreamReader.open(new ByteArrayInputStream(stream))) {
            Iterator<Long> rows = r.mapBatches(batch -> {
                kept.add(batch);
                return batch.column(0).data().buffer(1).segment().get(java.lang.foreign.ValueLayout.JAVA_BYTE, 0)
                        + 0L;
            });
            while (rows.hasNext()) {
                rows.next();
            }
        }
        assertEquals(3, kept.size());
        // The body of a lent batch is the reader's arena memory, given back once the work returned.
        assertThrows(IllegalStateException.class,
                () -> kept.get(0).column(0).data().buffer(1).segment().get(java.lang.foreign.ValueLayout.JAVA_BYTE, 0));
    }

    @Test
    void mapBatchesReadsTheNextBatchIntoTheMemoryOfTheLastOne() {
        // Fresh memory for every body (zero-filled, then faulted in page by page) made an uncompressed stream
        // read 20 times slower than the file format (issue 34): the lent batches' memory goes back to the pool.
        byte[] stream = large(IpcWriteOptions.DEFAULT);
        List<Long> addresses = new ArrayList<>();
        try (IpcStreamReader r = IpcStreamReader.open(new ByteArrayInputStream(stream))) {
            r.mapBatches(batch -> addresses.add(batch.column(0).data().buffer(1).segment().address()))
                    .forEachRemaining(added -> { });
        }
        // Batches 0 and 2 have bodies of one size; batch 1 (3 rows) is too small to be pooled.
        assertEquals(3, addresses.size());
        assertEquals(addresses.get(0), addresses.get(2));
    }

    @Test
    void readNextAfterHasNextReadsTheBatchHasNextFound() {
        byte[] stream = HardeningTest.stream(IpcWriteOptions.DEFAULT);
        List<RecordBatch> expected = reference(stream);
        try (IpcStreamReader r = IpcStreamReader.open(new ByteArrayInputStream(stream))) {
            Iterator<RecordBatch> copies = r.mapBatches(batch -> batch.slice(0, batch.rowCount()));
            assertTrue(copies.hasNext());
            assertTrue(copies.hasNext());
            // readNext after hasNext reads the batch hasNext found, not the one after it.
            RecordBatch first = r.readNext().orElseThrow();
            assertEquals(Optional.empty(), new BatchComparator().compare(0, expected.get(0), first));
            assertEquals(Map.of("m", "1"), r.batchMetadata());
        }
    }

    @Test
    void aBatchIsReturnedWithoutWaitingForBytesOfTheNextMessage() {
        byte[] stream = large(IpcWriteOptions.DEFAULT);
        // Schema and first batch only: the source fails any read past them, as a peer waiting for an answer.
        int end = endOfMessage(stream, 1);
        byte[] first = Arrays.copyOf(stream, end);
        InputStream waiting = new InputStream() {
            private final Trickle bytes = new Trickle(first);
            private int given;

            @Override
            public int read() {
                throw new AssertionError("single-byte read");
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (given == first.length) {
                    throw new AssertionError("read past the first batch, which the peer is waiting on");
                }
                int n = bytes.read(b, off, len);
                given += n;
                return n;
            }
        };
        // On the caller's thread (threads 1): reading ahead would read past the batch on its own thread
        // (ReadAheadChannelTest.aSlowPipeIsNotWaitedOnPastTheBatchItSent covers that path).
        try (IpcStreamReader r = IpcStreamReader.open(waiting, IpcReadOptions.DEFAULT.withThreads(1))) {
            RecordBatch batch = r.readNext().orElseThrow();
            assertEquals(Optional.empty(), new BatchComparator().compare(0, reference(stream).get(0), batch));
        }
    }

    /** Where message {@code index} (0: the schema) ends, its body included. */
    private static int endOfMessage(byte[] stream, int index) {
        MessageReader reader = new MessageReader(new SegmentInput(MemorySegment.ofArray(stream)));
        try {
            for (int i = 0; i <= index; i++) {
                reader.next();
            }
            return (int) reader.input().position();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void truncatedAnywhereReadsWholeBatchesThenAnIpcException() {
        byte[] stream = HardeningTest.stream(IpcWriteOptions.DEFAULT.withCodec(new Lz4FrameCodec()));
        int full = reference(stream).size();
        for (int cut = 0; cut < stream.length; cut++) {
            byte[] part = Arrays.copyOf(stream, cut);
            int read = 0;
            try (IpcStreamReader r = IpcStreamReader.open(new Trickle(part))) {
                for (RecordBatch b : r) {
                    read++;
                }
                // A stream cut between two messages is a valid stream that ends early.
                assertTrue(read <= full, "cut at " + cut);
            } catch (IpcException e) {
                assertTrue(e.getMessage() != null && !e.getMessage().isBlank(), "cut at " + cut);
            } catch (RuntimeException e) {
                fail("cut at " + cut + ": " + e, e);
            }
        }
    }

    @Test
    void aBodyCutShortSaysWhereAndHowMuch() {
        byte[] stream = large(IpcWriteOptions.DEFAULT);
        byte[] cut = Arrays.copyOf(stream, endOfMessage(stream, 1) - 1000);
        IpcException e = assertThrows(IpcException.class, () -> {
            try (IpcStreamReader r = IpcStreamReader.open(new Trickle(cut))) {
                r.forEach(b -> { });
            }
        });
        assertTrue(e.getMessage().contains("truncated: its body needs"), e.getMessage());
        assertTrue(e.getMessage().contains("message 1"), e.getMessage());
    }

    @Test
    void aHugeBodyClaimOnAPipeAllocatesABoundedAmountAndIsTruncated() {
        byte[] stream = HardeningTest.stream(IpcWriteOptions.DEFAULT);
        MessageReader.IpcMessage m;
        try {
            MessageReader reader = new MessageReader(new SegmentInput(MemorySegment.ofArray(stream)));
            do {
                m = reader.next();
            } while (!(m.message().header() instanceof Header.Batch));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        // The first batch's metadata now claims a body of 1 TiB; a few hundred bytes follow.
        ByteBuffer meta = MessageCodec.encodeBatch((Header.Batch) m.message().header(), 1L << 40, Map.of());
        byte[] metadata = new byte[meta.remaining()];
        meta.get(metadata);
        int start = (int) m.offset();
        ByteBuffer lying = ByteBuffer.allocate(start + 8 + metadata.length + 512).order(ByteOrder.LITTLE_ENDIAN);
        lying.put(stream, 0, start).putInt(-1).putInt(metadata.length).put(metadata);
        BufferAllocator limited = BufferAllocator.managed(ChannelInput.UNBACKED_LIMIT + (1 << 20));
        IpcReadOptions options = IpcReadOptions.DEFAULT.withAllocator(limited);
        IpcException e = assertThrows(IpcException.class, () -> {
            try (IpcStreamReader r = IpcStreamReader.open(new Trickle(lying.array()), options)) {
                r.forEach(b -> { });
            }
        });
        assertTrue(e.getMessage().contains("truncated: its body needs 1099511627776 bytes"), e.getMessage());
    }

    @Test
    void metadataLargerThanTheStagingBufferReadsFromATrickle() {
        Schema schema = new Schema(List.of(Field.nullable("a", dev.quiver.core.type.ArrowType.INT32)),
                Map.of("big", "x".repeat(300_000)), Endianness.LITTLE);
        byte[] stream = TestData.written(out -> {
            try (IpcStreamWriter w = IpcStreamWriter.open(out, schema, IpcWriteOptions.DEFAULT)) {
                w.write(new RecordBatch(schema, List.of(TestData.ints(1L, null, 3L)), 3));
            }
        });
        try (IpcStreamReader r = IpcStreamReader.open(new Trickle(stream))) {
            assertEquals(schema.metadata(), r.schema().metadata());
            assertEquals(3, r.readNext().orElseThrow().rowCount());
        }
    }
}
