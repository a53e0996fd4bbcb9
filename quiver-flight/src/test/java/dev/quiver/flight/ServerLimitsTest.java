// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import static dev.quiver.flight.DirectoryProducerTest.awaitTrue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.Int64Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.flight.internal.FlightMethods;
import dev.quiver.flight.internal.proto.Flight;
import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.ClientCalls;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 28 item 3: the server's limits on message size, calls at once, time, and what it logs. */
class ServerLimitsTest {
    private static final Schema SCHEMA = new Schema(List.of(Field.nullable("x", new ArrowType.Int(64, true))));

    @TempDir
    Path dir;

    private static RecordBatch batch(int rows) {
        IntBuilder<Int64Array> b = IntBuilder.int64(BufferAllocator.managed());
        for (int i = 0; i < rows; i++) {
            b.append(i);
        }
        return new RecordBatch(SCHEMA, List.of(b.build()), rows);
    }

    private FlightServer serve(ServerLimits limits) {
        return FlightServer.builder(new DirectoryProducer(dir)).limits(limits).build().start();
    }

    private List<Path> files() {
        try (Stream<Path> files = Files.list(dir)) {
            return files.toList();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void theDefaultsAreSafe() {
        assertEquals(64 << 20, ServerLimits.DEFAULT.maxMessageBytes());
        assertTrue(ServerLimits.DEFAULT.maxCallsPerClient() < ServerLimits.DEFAULT.maxCalls());
        assertTrue(ServerLimits.DEFAULT.maxUploadsPerClient() < ServerLimits.DEFAULT.maxUploads());
        assertThrows(IllegalArgumentException.class, () -> ServerLimits.DEFAULT.withMaxCalls(0, 1));
        assertThrows(IllegalArgumentException.class, () -> ServerLimits.DEFAULT.withIdleTimeout(Duration.ZERO));
    }

    @Test
    void aMessageAboveTheLimitIsRefusedBeforeItIsRead() throws Exception {
        LogCapture log = new LogCapture();
        try (log; FlightServer server = serve(ServerLimits.DEFAULT.withMaxMessageBytes(1 << 20));
                FlightClient client = FlightClient.builder(server.location()).build()) {
            FlightException e = assertThrows(FlightException.class, () -> {
                try (PutStream put = client.doPut(FlightDescriptor.path("big.arrow"), SCHEMA)) {
                    put.write(batch(1000));
                    put.write(batch(200_000)); // 1.6 MB of values
                }
            });
            // The server refuses with RESOURCE_EXHAUSTED (its log says so, checked below); a client still
            // sending may see gRPC's reset of the stream first, as CANCELLED (a race of the transport).
            assertTrue(e.code() == FlightStatusCode.RESOURCE_EXHAUSTED || e.code() == FlightStatusCode.CANCELLED,
                    e.code() + ": " + e.getMessage());
            awaitTrue(() -> files().isEmpty(), "nothing is left of the upload");
            try (PutStream put = client.doPut(FlightDescriptor.path("big.arrow"), SCHEMA)) {
                put.write(batch(100_000)); // 0.8 MB: under the limit
            }
            assertTrue(Files.exists(dir.resolve("big.arrow")));
        }
        assertFalse(log.records.isEmpty());
        log.assertOneLineEach("RESOURCE_EXHAUSTED");
    }

    @Test
    void uploadsAndCallsBeyondTheLimitsAreRefusedUntilOthersEnd() throws Exception {
        try (FlightServer server = serve(ServerLimits.DEFAULT.withMaxUploads(10, 2).withMaxCalls(3, 10))) {
            ManagedChannel channel = RawFlightData.channel(server);
            try (FlightClient client = FlightClient.builder(server.location()).build()) {
                List<RawFlightData.Call> open = new ArrayList<>();
                for (int i = 0; i < 2; i++) {
                    open.add(new RawFlightData.Call(channel).send(
                            new RawFlightData(FlightDescriptor.path("u" + i + ".arrow"), SCHEMA).schema()));
                }
                awaitTrue(() -> files().size() == 2, "two uploads are under way");
                Status third = new RawFlightData.Call(channel)
                        .send(new RawFlightData(FlightDescriptor.path("u2.arrow"), SCHEMA).schema()).finish();
                assertEquals(Status.Code.RESOURCE_EXHAUSTED, third.getCode(), third.toString());
                assertEquals(0, client.listFlights(new byte[0]).size(), "a third call is still allowed");
                // The server counts a call out once its status is sent, a moment after the client has it.
                awaitTrue(() -> server.callsInProgress() == 2, "the third call has ended on the server");
                // Two uploads and an open Handshake are three calls: a ListFlights would be a fourth.
                ClientCall<Flight.HandshakeRequest, Flight.HandshakeResponse> handshake =
                        channel.newCall(FlightMethods.HANDSHAKE, CallOptions.DEFAULT);
                handshake.start(new ClientCall.Listener<>() {
                }, new Metadata());
                handshake.sendMessage(Flight.HandshakeRequest.getDefaultInstance());
                awaitTrue(() -> server.callsInProgress() == 3, "the handshake has reached the server");
                FlightException fourth = assertThrows(FlightException.class, () -> client.listFlights(new byte[0]));
                assertEquals(FlightStatusCode.RESOURCE_EXHAUSTED, fourth.code(), fourth.getMessage());
                handshake.cancel("done", null);
                open.getFirst().call.cancel("done", null);
                awaitTrue(() -> files().size() == 1, "the cancelled upload is gone");
                Status again = new RawFlightData.Call(channel)
                        .send(new RawFlightData(FlightDescriptor.path("u2.arrow"), SCHEMA).schema())
                        .send(new RawFlightData(FlightDescriptor.path("u2.arrow"), SCHEMA).batch(batch(10)))
                        .finish();
                assertEquals(Status.Code.OK, again.getCode(), again.toString());
                open.get(1).call.cancel("done", null);
            } finally {
                channel.shutdownNow();
            }
        }
    }

    @Test
    void aCallLongerThanTheCallTimeoutEnds() throws Exception {
        List<Boolean> sawCancel = new CopyOnWriteArrayList<>();
        FlightProducer slow = new FlightProducer() {
            @Override
            public void doGet(CallContext context, Ticket ticket, DataSink sink) {
                for (int i = 0; i < 2000 && !context.isCancelled(); i++) {
                    try {
                        Thread.sleep(10);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
                sawCancel.add(context.isCancelled());
            }
        };
        try (FlightServer server = FlightServer.builder(slow)
                .limits(ServerLimits.DEFAULT.withCallTimeout(Duration.ofMillis(300))).build().start();
                FlightClient client = FlightClient.builder(server.location()).build();
                FlightStream get = client.doGet(new Ticket(new byte[] {1}))) {
            FlightException e = assertThrows(FlightException.class, get::schema);
            assertEquals(FlightStatusCode.TIMED_OUT, e.code(), e.getMessage());
            awaitTrue(() -> !sawCancel.isEmpty(), "the producer sees the call cancelled");
            assertEquals(List.of(true), sawCancel);
        }
    }

    /** A GetFlightInfo whose request is raw bytes. */
    private static final MethodDescriptor<byte[], byte[]> RAW_INFO = MethodDescriptor.<byte[], byte[]>newBuilder()
            .setType(MethodDescriptor.MethodType.UNARY)
            .setFullMethodName(FlightMethods.GET_FLIGHT_INFO.getFullMethodName())
            .setRequestMarshaller(RawFlightData.Bytes.INSTANCE).setResponseMarshaller(RawFlightData.Bytes.INSTANCE)
            .build();

    /** The server's log records (gRPC's and Quiver's) while open. */
    private static final class LogCapture extends Handler implements AutoCloseable {
        final List<LogRecord> records = new CopyOnWriteArrayList<>();

        LogCapture() {
            Logger.getLogger("").addHandler(this);
        }

        @Override
        public void publish(LogRecord record) {
            String name = record.getLoggerName();
            if (name != null && (name.startsWith("io.grpc") || name.startsWith("dev.quiver"))) {
                records.add(record);
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
            Logger.getLogger("").removeHandler(this);
        }

        /**
         * Every record of the loggers Quiver answers for (its own, and the two gRPC transport loggers that
         * CallLog makes one line) is one line without a stack trace, and says {@code what}. Other gRPC
         * loggers may report a race of the refused stream with its trace (seen about once in three runs of
         * the module's tests: "Stream 3 in unexpected state HALF_CLOSED_LOCAL"); they are not checked.
         */
        void assertOneLineEach(String what) {
            List<LogRecord> checked = records.stream().filter(r -> r.getLoggerName().startsWith("dev.quiver")
                    || r.getLoggerName().equals("io.grpc.netty.shaded.io.grpc.netty.NettyServerStream")
                    || r.getLoggerName().equals("io.grpc.internal.SerializingExecutor")).toList();
            assertFalse(checked.isEmpty(), "the refusal was logged: " + records.size() + " records in all");
            for (LogRecord r : checked) {
                assertNull(r.getThrown(), "no stack trace: " + r.getLoggerName());
                assertFalse(r.getMessage().contains("\n"), r.getMessage());
                assertTrue(r.getMessage().contains(what), r.getMessage());
            }
        }
    }

    @Test
    void aFloodOfMalformedRequestsIsLoggedOneLineEach() throws Exception {
        LogCapture log = new LogCapture();
        try (log; FlightServer server = serve(ServerLimits.DEFAULT)) {
            ManagedChannel channel = RawFlightData.channel(server);
            try {
                // FlightDescriptor{type: PATH, path: [0xFF 0xFE]}: a path that is not UTF-8.
                byte[] badPath = {0x08, 0x01, 0x1A, 0x02, (byte) 0xFF, (byte) 0xFE};
                for (int i = 0; i < 5; i++) {
                    StatusRuntimeException e = assertThrows(StatusRuntimeException.class,
                            () -> ClientCalls.blockingUnaryCall(channel, RAW_INFO, CallOptions.DEFAULT, badPath));
                    assertEquals(Status.Code.INVALID_ARGUMENT, e.getStatus().getCode(), e.getStatus().toString());
                }
            } finally {
                channel.shutdownNow();
                channel.awaitTermination(5, TimeUnit.SECONDS);
            }
        }
        assertEquals(5, log.records.size(), () -> log.records.stream().map(LogRecord::getMessage).toList().toString());
        log.assertOneLineEach("GetFlightInfo");
    }
}
