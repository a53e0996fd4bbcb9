// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.Int64Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The non-data RPCs, errors as status codes, cancellation, and authentication. */
class FlightCallsTest {
    private static final Schema SCHEMA = new Schema(List.of(Field.nullable("x", new ArrowType.Int(64, true))));
    private static final FlightDescriptor DESCRIPTOR = FlightDescriptor.path("a", "b");
    private static final FlightInfo INFO = new FlightInfo(SCHEMA, DESCRIPTOR,
            List.of(new FlightEndpoint(new Ticket(new byte[] {1}), List.of(Location.forGrpcInsecure("localhost", 1)),
                    Instant.ofEpochSecond(1_900_000_000L, 5), new byte[] {9})),
            10, 80, true, "meta".getBytes(StandardCharsets.UTF_8));

    private static RecordBatch batch(long... values) {
        IntBuilder<Int64Array> b = IntBuilder.int64(BufferAllocator.managed());
        for (long v : values) {
            b.append(v);
        }
        Array a = b.build();
        return new RecordBatch(SCHEMA, List.of(a), values.length);
    }

    /** A producer with every call answered from INFO, and an endless DoGet that records its end. */
    static final class InfoProducer implements FlightProducer {
        final CompletableFuture<Throwable> endlessEnded = new CompletableFuture<>();

        @Override
        public Stream<FlightInfo> listFlights(CallContext context, byte[] criteria) {
            return Stream.of(INFO, INFO);
        }

        @Override
        public FlightInfo getFlightInfo(CallContext context, FlightDescriptor descriptor) {
            if (!descriptor.equals(DESCRIPTOR)) {
                throw new FlightException(FlightStatusCode.NOT_FOUND, "no flight " + descriptor);
            }
            return INFO;
        }

        @Override
        public Stream<Result> doAction(CallContext context, Action action) {
            if (action.type().equals("whoami")) {
                return Stream.of(new Result(context.peerIdentity().getBytes(StandardCharsets.UTF_8)));
            }
            return FlightProducer.super.doAction(context, action);
        }

        @Override
        public List<ActionType> listActions(CallContext context) {
            return List.of(new ActionType("whoami", "the caller's identity"));
        }

        @Override
        public CancelStatus cancelFlightInfo(CallContext context, FlightInfo info) {
            return info.equals(INFO) ? CancelStatus.CANCELLED : CancelStatus.NOT_CANCELLABLE;
        }

        @Override
        public FlightEndpoint renewFlightEndpoint(CallContext context, FlightEndpoint endpoint) {
            return new FlightEndpoint(endpoint.ticket(), endpoint.locations(), Instant.ofEpochSecond(2_000_000_000L),
                    endpoint.appMetadata());
        }

        @Override
        public void doGet(CallContext context, Ticket ticket, DataSink sink) {
            try (FlightDataWriter out = sink.start(SCHEMA)) {
                while (true) {
                    out.write(batch(1, 2, 3, 4, 5, 6, 7, 8));
                }
            } catch (RuntimeException e) {
                endlessEnded.complete(e);
                throw e;
            }
        }
    }

    @Test
    void everyNonDataCallRoundTripsItsRecords() {
        try (FlightServer server = FlightServer.builder(new InfoProducer()).build().start();
                FlightClient client = FlightClient.builder(server.location()).build()) {
            assertEquals(List.of(INFO, INFO), client.listFlights(new byte[0]));
            assertEquals(INFO, client.getFlightInfo(DESCRIPTOR));
            PollInfo poll = client.pollFlightInfo(DESCRIPTOR);
            assertEquals(INFO, poll.info());
            assertEquals(1.0, poll.progress());
            assertEquals(SCHEMA.fields(), client.getSchema(DESCRIPTOR).fields());
            assertEquals(List.of(new ActionType("whoami", "the caller's identity")), client.listActions());
            assertEquals(CancelStatus.CANCELLED, client.cancelFlightInfo(INFO));
            FlightEndpoint renewed = client.renewFlightEndpoint(INFO.endpoints().getFirst());
            assertEquals(Instant.ofEpochSecond(2_000_000_000L), renewed.expirationTime());
            assertArrayEquals(new byte[] {9}, renewed.appMetadata());
        }
    }

    @Test
    void errorsArriveWithTheirStatusCodeAndMessage() {
        try (FlightServer server = FlightServer.builder(new InfoProducer()).build().start();
                FlightClient client = FlightClient.builder(server.location()).build()) {
            FlightException notFound = assertThrows(FlightException.class,
                    () -> client.getFlightInfo(FlightDescriptor.path("nope")));
            assertEquals(FlightStatusCode.NOT_FOUND, notFound.code());
            assertTrue(notFound.getMessage().contains("no flight"), notFound.getMessage());
            FlightException unknownAction = assertThrows(FlightException.class,
                    () -> client.doAction(new Action("nope", new byte[0])));
            assertEquals(FlightStatusCode.UNIMPLEMENTED, unknownAction.code());
            FlightException noPut = assertThrows(FlightException.class, () -> {
                try (PutStream put = client.doPut(DESCRIPTOR, SCHEMA)) {
                    put.write(batch(1));
                }
            });
            assertEquals(FlightStatusCode.UNIMPLEMENTED, noPut.code());
        }
        try (FlightServer server = FlightServer.builder(new MemoryProducer()).build().start();
                FlightClient client = FlightClient.builder(server.location()).build();
                FlightStream get = client.doGet(new Ticket("missing".getBytes(StandardCharsets.UTF_8)))) {
            FlightException e = assertThrows(FlightException.class, get::schema);
            assertEquals(FlightStatusCode.NOT_FOUND, e.code());
            assertEquals("no flight missing", e.getMessage());
        }
    }

    @Test
    void closingADoGetEarlyCancelsTheProducer() throws Exception {
        InfoProducer producer = new InfoProducer();
        try (FlightServer server = FlightServer.builder(producer).build().start();
                FlightClient client = FlightClient.builder(server.location()).build()) {
            FlightStream get = client.doGet(new Ticket(new byte[] {1}));
            assertEquals(8, get.readNext().orElseThrow().rowCount());
            assertEquals(8, get.readNext().orElseThrow().rowCount());
            get.close();
            Throwable ended = producer.endlessEnded.get(10, TimeUnit.SECONDS);
            assertEquals(FlightStatusCode.CANCELLED, ((FlightException) ended).code());
        }
    }

    @Test
    void cancellingADoPutFailsTheProducersReadAsCancelled() throws Exception {
        CompletableFuture<Throwable> ended = new CompletableFuture<>();
        CompletableFuture<Void> firstBatch = new CompletableFuture<>();
        FlightProducer producer = new FlightProducer() {
            @Override
            public void doPut(CallContext context, FlightStream data, java.util.function.Consumer<PutResult> ack) {
                try {
                    data.readNext();
                    firstBatch.complete(null);
                    while (data.readNext().isPresent()) {
                        continue;
                    }
                    ended.complete(null);
                } catch (RuntimeException e) {
                    ended.complete(e);
                }
            }
        };
        try (FlightServer server = FlightServer.builder(producer).build().start();
                FlightClient client = FlightClient.builder(server.location()).build()) {
            PutStream put = client.doPut(DESCRIPTOR, SCHEMA);
            put.write(batch(1, 2));
            firstBatch.get(10, TimeUnit.SECONDS);
            put.cancel();
            Throwable e = ended.get(10, TimeUnit.SECONDS);
            assertEquals(FlightStatusCode.CANCELLED, ((FlightException) e).code());
        }
    }

    private static final ServerAuthenticator AUTH = new ServerAuthenticator() {
        @Override
        public String authenticateBasic(String username, String password) {
            if (username.equals("ann") && password.equals("secret")) {
                return "token-ann";
            }
            throw new FlightException(FlightStatusCode.UNAUTHENTICATED, "wrong user name or password");
        }

        @Override
        public String validateToken(String token) {
            if (token.equals("token-ann")) {
                return "ann";
            }
            throw new FlightException(FlightStatusCode.UNAUTHENTICATED, "invalid token");
        }
    };

    @Test
    void aServerWithAuthRefusesCallsWithoutAValidToken() {
        List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (FlightServer server = FlightServer.builder(new InfoProducer()).authenticator(AUTH)
                .middleware((method, context) -> seen.add(method + " by " + context.peerIdentity() + " "
                        + context.header("x-trace"))).build().start()) {
            try (FlightClient none = FlightClient.builder(server.location()).build()) {
                assertEquals(FlightStatusCode.UNAUTHENTICATED,
                        assertThrows(FlightException.class, none::listActions).code());
                FlightStream get = none.doGet(new Ticket(new byte[] {1}));
                assertEquals(FlightStatusCode.UNAUTHENTICATED, assertThrows(FlightException.class, get::schema).code());
                assertEquals(FlightStatusCode.UNAUTHENTICATED,
                        assertThrows(FlightException.class, () -> none.authenticateBasic("ann", "wrong")).code());
            }
            try (FlightClient wrong = FlightClient.builder(server.location()).bearerToken("forged").build()) {
                FlightException e = assertThrows(FlightException.class, wrong::listActions);
                assertEquals(FlightStatusCode.UNAUTHENTICATED, e.code());
                assertEquals("invalid token", e.getMessage());
            }
            try (FlightClient ann = FlightClient.builder(server.location())
                    .middleware((method, headers) -> headers.put("x-trace", "t1")).build()) {
                assertEquals("token-ann", ann.authenticateBasic("ann", "secret"));
                List<Result> who = ann.doAction(new Action("whoami", new byte[0]));
                assertEquals("ann", new String(who.getFirst().body(), StandardCharsets.UTF_8));
            }
            assertTrue(seen.contains("DoAction by ann t1"), seen.toString());
        }
    }

    @Test
    void theProtobufBasicAuthHandshakeGivesATokenSentAsAuthTokenBin() {
        try (FlightServer server = FlightServer.builder(new InfoProducer()).authenticator(AUTH).build().start()) {
            try (FlightClient ann = FlightClient.builder(server.location()).build()) {
                assertArrayEquals("token-ann".getBytes(StandardCharsets.UTF_8),
                        ann.authenticateBasicProto("ann", "secret"));
                List<Result> who = ann.doAction(new Action("whoami", new byte[0]));
                assertEquals("ann", new String(who.getFirst().body(), StandardCharsets.UTF_8));
            }
            try (FlightClient wrong = FlightClient.builder(server.location()).build()) {
                FlightException e = assertThrows(FlightException.class,
                        () -> wrong.authenticateBasicProto("ann", "wrong"));
                assertEquals(FlightStatusCode.UNAUTHENTICATED, e.code());
                assertEquals("wrong user name or password", e.getMessage());
            }
        }
    }
}
