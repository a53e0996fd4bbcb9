// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.Int64Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** FlightClient.read(FlightInfo): endpoints fetched concurrently, in order, with failures and cancellation. */
class ParallelReadTest {
    private static final Schema SCHEMA = new Schema(List.of(Field.nullable("x", new ArrowType.Int(64, true))));
    private static final int BATCHES = 5;

    private static RecordBatch batch(long value) {
        IntBuilder<Int64Array> b = IntBuilder.int64(BufferAllocator.managed());
        b.append(value);
        return new RecordBatch(SCHEMA, List.of(b.build()), 1);
    }

    private static long value(RecordBatch batch) {
        return ((Int64Array) batch.column(0)).get(0);
    }

    private static Ticket ticket(int endpoint) {
        return new Ticket(ByteBuffer.allocate(4).putInt(endpoint).array());
    }

    /**
     * Endpoint {@code i} sends the values {@code i * 100 + j}, j below {@link #BATCHES}; the first
     * {@code together} calls wait until that many run at once, and earlier endpoints are slower.
     * Endpoint {@code failing} fails; {@code endless} endpoints never end and record their cancellation.
     */
    static final class SlowProducer implements FlightProducer {
        final AtomicInteger active = new AtomicInteger();
        final AtomicInteger maxActive = new AtomicInteger();
        final CountDownLatch together;
        final int failing;
        final boolean endless;
        final List<CompletableFuture<Throwable>> ended = new ArrayList<>();
        final ConcurrentHashMap<Integer, Boolean> started = new ConcurrentHashMap<>();

        SlowProducer(int endpoints, int together, int failing, boolean endless) {
            this.together = new CountDownLatch(together);
            this.failing = failing;
            this.endless = endless;
            for (int i = 0; i < endpoints; i++) {
                ended.add(new CompletableFuture<>());
            }
        }

        @Override
        public void doGet(CallContext context, Ticket ticket, DataSink sink) {
            int i = ByteBuffer.wrap(ticket.bytes()).getInt();
            started.put(i, true);
            maxActive.accumulateAndGet(active.incrementAndGet(), Math::max);
            try {
                together.countDown();
                together.await(10, TimeUnit.SECONDS);
                if (i == failing) {
                    throw new FlightException(FlightStatusCode.NOT_FOUND, "no such part");
                }
                Thread.sleep(Math.max(0, 40 - 10L * i));
                try (FlightDataWriter out = sink.start(SCHEMA)) {
                    for (long j = 0; endless || j < BATCHES; j++) {
                        out.write(batch(i * 100L + j));
                    }
                }
                ended.get(i).complete(null);
            } catch (InterruptedException e) {
                ended.get(i).complete(e);
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) {
                ended.get(i).complete(e);
                throw e;
            } finally {
                active.decrementAndGet();
            }
        }
    }

    private static FlightInfo info(int endpoints, boolean ordered, Location... locations) {
        List<FlightEndpoint> list = new ArrayList<>();
        for (int i = 0; i < endpoints; i++) {
            list.add(new FlightEndpoint(ticket(i), locations.length == 0 ? new Location[0]
                    : new Location[] {locations[i % locations.length]}));
        }
        return new FlightInfo(SCHEMA, FlightDescriptor.path("t"), list, -1, -1, ordered, new byte[0]);
    }

    private static List<Long> values(RecordBatchReader reader) {
        List<Long> out = new ArrayList<>();
        for (RecordBatch b : reader) {
            out.add(value(b));
        }
        return out;
    }

    private static List<Long> expected(int endpoints) {
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < endpoints; i++) {
            for (int j = 0; j < BATCHES; j++) {
                out.add(i * 100L + j);
            }
        }
        return out;
    }

    @Test
    void orderedEndpointsComeInEndpointOrderFetchedAFewAtATime() {
        SlowProducer producer = new SlowProducer(9, 3, -1, false);
        try (FlightServer server = FlightServer.builder(producer).build().start();
                FlightClient client = FlightClient.builder(server.location()).build();
                RecordBatchReader reader = client.read(info(9, true), 3)) {
            assertEquals(SCHEMA, reader.schema());
            assertEquals(expected(9), values(reader));
        }
        assertEquals(3, producer.maxActive.get(), "three calls ran at once, never more");
    }

    @Test
    void unorderedEndpointsAllArrive() {
        SlowProducer producer = new SlowProducer(6, 4, -1, false);
        try (FlightServer server = FlightServer.builder(producer).build().start();
                FlightClient client = FlightClient.builder(server.location()).build();
                RecordBatchReader reader = client.read(info(6, false))) {
            List<Long> got = values(reader);
            got.sort(null);
            assertEquals(expected(6), got);
        }
        assertEquals(FlightClient.DEFAULT_PARALLELISM, producer.maxActive.get());
    }

    @Test
    void endpointsElsewhereAreFetchedThroughAClientToTheirLocation() {
        SlowProducer here = new SlowProducer(4, 1, -1, false);
        SlowProducer there = new SlowProducer(4, 1, -1, false);
        try (FlightServer a = FlightServer.builder(here).build().start();
                FlightServer b = FlightServer.builder(there).build().start();
                FlightClient client = FlightClient.builder(a.location()).build();
                RecordBatchReader reader = client.read(info(4, true, a.location(), b.location(),
                        new Location(Location.REUSE_CONNECTION), b.location()))) {
            assertEquals(expected(4), values(reader));
        }
        assertEquals(List.of(0, 2), here.started.keySet().stream().sorted().toList());
        assertEquals(List.of(1, 3), there.started.keySet().stream().sorted().toList());
    }

    @Test
    void oneFailingEndpointCancelsTheOthersAndIsThrownOnce() throws Exception {
        SlowProducer producer = new SlowProducer(4, 4, 2, true);
        try (FlightServer server = FlightServer.builder(producer).build().start();
                FlightClient client = FlightClient.builder(server.location()).build();
                RecordBatchReader reader = client.read(info(4, true), 4)) {
            FlightException e = assertThrows(FlightException.class, () -> values(reader));
            assertEquals(FlightStatusCode.NOT_FOUND, e.code());
            assertTrue(e.getMessage().contains("endpoint 2 of 4") && e.getMessage().contains("no such part"),
                    e.getMessage());
            for (int i : new int[] {0, 1, 3}) {
                Throwable ended = producer.ended.get(i).get(10, TimeUnit.SECONDS);
                assertEquals(FlightStatusCode.CANCELLED, ((FlightException) ended).code(), "endpoint " + i);
            }
            assertEquals(FlightStatusCode.NOT_FOUND, assertThrows(FlightException.class, reader::readNext).code());
        }
    }

    @Test
    void closingTheReaderEarlyCancelsTheCallsStillRunning() throws Exception {
        SlowProducer producer = new SlowProducer(2, 2, -1, true);
        try (FlightServer server = FlightServer.builder(producer).build().start();
                FlightClient client = FlightClient.builder(server.location()).build()) {
            RecordBatchReader reader = client.read(info(2, true));
            assertEquals(0L, value(reader.readNext().orElseThrow()));
            assertEquals(1L, value(reader.readNext().orElseThrow()));
            reader.close();
            assertEquals(FlightStatusCode.CANCELLED, assertThrows(FlightException.class, reader::readNext).code());
            for (CompletableFuture<Throwable> ended : producer.ended) {
                assertEquals(FlightStatusCode.CANCELLED, ((FlightException) ended.get(10, TimeUnit.SECONDS)).code());
            }
        }
    }

    @Test
    void batchesWaitingForTheReaderAreBounded() throws Exception {
        AtomicInteger produced = new AtomicInteger();
        FlightInfo info = info(6, true);
        int parallelism = 2;
        int buffered = 3;
        try (RecordBatchReader reader = new EndpointsReader(info, e -> new EndlessStream(produced), parallelism,
                buffered)) {
            reader.readNext().orElseThrow();
            Thread.sleep(200);
            // Per running endpoint: its queue, plus the batch its fetcher holds while waiting for room.
            assertTrue(produced.get() <= parallelism * (buffered + 1) + 1, produced.get() + " batches produced");
            for (int k = 0; k < 50; k++) {
                reader.readNext().orElseThrow();
            }
        }
    }

    @Test
    void aCallPastTheClientsTimeoutFailsAsTimedOut() {
        SlowProducer producer = new SlowProducer(1, 1, -1, true);
        try (FlightServer server = FlightServer.builder(producer).build().start();
                FlightClient client = FlightClient.builder(server.location()).timeout(Duration.ofMillis(300)).build();
                FlightStream stream = client.doGet(ticket(0))) {
            FlightException e = assertThrows(FlightException.class, () -> {
                while (stream.readNext().isPresent()) {
                    continue;
                }
            });
            assertEquals(FlightStatusCode.TIMED_OUT, e.code());
        }
    }

    /** A stream of batches without end, counting the batches it made. */
    private record EndlessStream(AtomicInteger produced) implements FlightStream {
        @Override
        public Schema schema() {
            return SCHEMA;
        }

        @Override
        public Optional<RecordBatch> readNext() {
            return Optional.of(batch(produced.incrementAndGet()));
        }

        @Override
        public FlightDescriptor descriptor() {
            return null;
        }

        @Override
        public byte[] appMetadata() {
            return new byte[0];
        }

        @Override
        public boolean readNextMetadata() {
            return true;
        }

        @Override
        public boolean isFinished() {
            return false;
        }

        @Override
        public void close() {
        }
    }
}
