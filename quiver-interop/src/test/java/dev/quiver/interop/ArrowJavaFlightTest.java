// SPDX-License-Identifier: Apache-2.0
package dev.quiver.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.flight.DataSink;
import dev.quiver.flight.ExchangeStream;
import dev.quiver.flight.FlightDataWriter;
import dev.quiver.flight.FlightProducer;
import dev.quiver.flight.PutStream;
import dev.quiver.json.JsonFile;
import dev.quiver.testkit.TestData.GoldCase;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.arrow.flight.AsyncPutListener;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightDescriptor;
import org.apache.arrow.flight.FlightServer;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.NoOpFlightProducer;
import org.apache.arrow.flight.PutResult;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Arrow Flight between Quiver and arrow-java's flight-core 19, both ways, for every gold case arrow-java
 * takes: arrow-java's client against Quiver's server (DoPut then DoGet, DoExchange echo) and Quiver's
 * client against arrow-java's server (the same). What arrow-java received is written by arrow-java as an
 * IPC stream and read by Quiver; every result equals Quiver's reading of the case's JSON.
 */
class ArrowJavaFlightTest {
    private static BufferAllocator allocator;
    private static final QuiverStore QUIVER_PRODUCER = new QuiverStore();
    private static dev.quiver.flight.FlightServer quiverServer;
    private static FlightServer arrowServer;
    private static FlightClient arrowClient;
    private static dev.quiver.flight.FlightClient quiverClient;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() throws IOException {
        allocator = new RootAllocator();
        quiverServer = dev.quiver.flight.FlightServer.builder(QUIVER_PRODUCER).build().start();
        arrowServer = FlightServer.builder(allocator, Location.forGrpcInsecure("localhost", 0),
                new ArrowJavaStore(allocator)).build().start();
        arrowClient = FlightClient.builder(allocator, Location.forGrpcInsecure("localhost", quiverServer.port()))
                .build();
        quiverClient = dev.quiver.flight.FlightClient.builder(
                dev.quiver.flight.Location.forGrpcInsecure("localhost", arrowServer.getPort())).build();
    }

    @AfterAll
    static void stop() throws Exception {
        quiverClient.close();
        arrowClient.close();
        arrowServer.close();
        quiverServer.close();
        allocator.close();
    }

    static List<GoldCase> supported() {
        return ArrowJavaGoldFilesTest.supported();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("supported")
    void arrowJavaClientAgainstQuiverServer(GoldCase c) throws Exception {
        JsonFile json = GoldFilesTest.json(c);
        byte[] ipc = ArrowJava.jsonToIpc(c.plainJson(dir), false, QuiverIpc.Codec.NONE);
        try (ArrowStreamReader reader = new ArrowStreamReader(new ByteArrayInputStream(ipc), allocator)) {
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            // arrow-java sends the dictionaries it holds at start: the reader has them once a batch is loaded.
            boolean more = reader.loadNextBatch();
            FlightClient.ClientStreamListener put = arrowClient.startPut(FlightDescriptor.path(c.name()), root,
                    reader, new AsyncPutListener());
            while (more) {
                put.putNext();
                more = reader.loadNextBatch();
            }
            put.completed();
            put.getResult();
        }
        QuiverStore.Stored stored = QUIVER_PRODUCER.flights.get(c.name());
        GoldFilesTest.assertEqual(json.schema(), json.batches(),
                new QuiverIpc.Read(stored.schema(), stored.batches()), "arrow-java DoPut to Quiver");
        try (FlightStream get = arrowClient.getStream(new Ticket(c.name().getBytes(StandardCharsets.UTF_8)))) {
            GoldFilesTest.assertEqual(json.schema(), json.batches(), QuiverIpc.readStream(toIpc(get)),
                    "arrow-java DoGet from Quiver");
        }
        try (ArrowStreamReader reader = new ArrowStreamReader(new ByteArrayInputStream(ipc), allocator);
                FlightClient.ExchangeReaderWriter exchange = arrowClient.doExchange(FlightDescriptor.command(new byte[0]))) {
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            CompletableFuture<byte[]> back = CompletableFuture.supplyAsync(() -> toIpc(exchange.getReader()));
            FlightClient.ClientStreamListener out = exchange.getWriter();
            boolean more = reader.loadNextBatch();
            out.start(root, reader);
            while (more) {
                out.putNext();
                more = reader.loadNextBatch();
            }
            out.completed();
            GoldFilesTest.assertEqual(json.schema(), json.batches(), QuiverIpc.readStream(back.get()),
                    "arrow-java DoExchange with Quiver's echo");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("supported")
    void quiverClientAgainstArrowJavaServer(GoldCase c) throws Exception {
        JsonFile json = GoldFilesTest.json(c);
        try (PutStream put = quiverClient.doPut(dev.quiver.flight.FlightDescriptor.path(c.name()), json.schema())) {
            for (RecordBatch b : json.batches()) {
                put.write(b);
            }
        }
        try (dev.quiver.flight.FlightStream get = quiverClient.doGet(
                new dev.quiver.flight.Ticket(c.name().getBytes(StandardCharsets.UTF_8)))) {
            GoldFilesTest.assertEqual(json.schema(), json.batches(), new QuiverIpc.Read(get.schema(), drain(get)),
                    "Quiver DoGet from arrow-java");
        }
        try (ExchangeStream exchange = quiverClient.doExchange(dev.quiver.flight.FlightDescriptor.command(new byte[0]))) {
            CompletableFuture<Void> sent = CompletableFuture.runAsync(() -> {
                try (FlightDataWriter out = exchange.startWriting(json.schema())) {
                    for (RecordBatch b : json.batches()) {
                        out.write(b);
                    }
                }
            });
            dev.quiver.flight.FlightStream in = exchange.reader();
            QuiverIpc.Read back = new QuiverIpc.Read(in.schema(), drain(in));
            sent.get();
            GoldFilesTest.assertEqual(json.schema(), json.batches(), back, "Quiver DoExchange with arrow-java's echo");
        }
    }

    private static List<RecordBatch> drain(dev.quiver.flight.FlightStream stream) {
        List<RecordBatch> out = new ArrayList<>();
        for (RecordBatch b : stream) {
            out.add(b);
        }
        return out;
    }

    /** What an arrow-java FlightStream delivered, written by arrow-java as an IPC stream. */
    static byte[] toIpc(FlightStream stream) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        VectorSchemaRoot root = stream.getRoot();
        boolean more = stream.next();
        try (ArrowStreamWriter writer = new ArrowStreamWriter(root, stream.getDictionaryProvider(),
                Channels.newChannel(bytes))) {
            writer.start();
            while (more) {
                writer.writeBatch();
                more = stream.next();
            }
            writer.end();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** Quiver's side: DoPut stores a flight under its path, DoGet serves it, DoExchange echoes. */
    static final class QuiverStore implements FlightProducer {
        record Stored(dev.quiver.core.type.Schema schema, List<RecordBatch> batches) {
        }

        final Map<String, Stored> flights = new ConcurrentHashMap<>();

        @Override
        public void doPut(dev.quiver.flight.CallContext context, dev.quiver.flight.FlightStream data,
                java.util.function.Consumer<dev.quiver.flight.PutResult> acknowledge) {
            String name = String.join("/", data.descriptor().path());
            flights.put(name, new Stored(data.schema(), drain(data)));
        }

        @Override
        public void doGet(dev.quiver.flight.CallContext context, dev.quiver.flight.Ticket ticket, DataSink sink) {
            Stored s = flights.get(new String(ticket.bytes(), StandardCharsets.UTF_8));
            try (FlightDataWriter out = sink.start(s.schema())) {
                for (RecordBatch b : s.batches()) {
                    out.write(b);
                }
            }
        }

        @Override
        public void doExchange(dev.quiver.flight.CallContext context, dev.quiver.flight.FlightStream data,
                DataSink sink) {
            try (FlightDataWriter out = sink.start(data.schema())) {
                for (RecordBatch b : data) {
                    out.write(b);
                }
            }
        }
    }

    /** arrow-java's side: the same three calls, on its vectors. */
    static final class ArrowJavaStore extends NoOpFlightProducer {
        private final BufferAllocator allocator;
        private final Map<String, byte[]> flights = new ConcurrentHashMap<>();

        ArrowJavaStore(BufferAllocator allocator) {
            this.allocator = allocator;
        }

        @Override
        public Runnable acceptPut(CallContext context, FlightStream stream, StreamListener<PutResult> ack) {
            return () -> {
                flights.put(String.join("/", stream.getDescriptor().getPath()), toIpc(stream));
                ack.onCompleted();
            };
        }

        @Override
        public void getStream(CallContext context, Ticket ticket, ServerStreamListener listener) {
            byte[] ipc = flights.get(new String(ticket.getBytes(), StandardCharsets.UTF_8));
            try (ArrowStreamReader reader = new ArrowStreamReader(new ByteArrayInputStream(ipc), allocator)) {
                boolean more = reader.loadNextBatch();
                listener.start(reader.getVectorSchemaRoot(), reader);
                while (more) {
                    listener.putNext();
                    more = reader.loadNextBatch();
                }
                listener.completed();
            } catch (IOException e) {
                listener.error(e);
            }
        }

        @Override
        public void doExchange(CallContext context, FlightStream reader, ServerStreamListener writer) {
            VectorSchemaRoot root = reader.getRoot();
            boolean more = reader.next();
            writer.start(root, reader.getDictionaryProvider());
            while (more) {
                writer.putNext();
                more = reader.next();
            }
            writer.completed();
        }
    }
}
