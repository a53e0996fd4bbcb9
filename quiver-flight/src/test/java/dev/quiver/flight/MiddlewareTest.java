// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.Int64Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** Response headers: added by server middleware, seen by client middleware, on every kind of call. */
class MiddlewareTest {
    private static final Schema SCHEMA = new Schema(List.of(Field.nullable("x", new ArrowType.Int(64, true))));

    /** The server echoes {@code x-trace} back as {@code x-echo}, and refuses ListFlights in its middleware. */
    private static final class Echo implements ServerMiddleware {
        @Override
        public void onCallStarted(String method, CallContext context) {
            if (method.equals("ListFlights")) {
                throw new FlightException(FlightStatusCode.UNAUTHORIZED, "no listing");
            }
        }

        @Override
        public void addResponseHeaders(String method, CallContext context, Map<String, String> headers) {
            headers.put("x-echo", method + ":" + context.header("x-trace"));
        }
    }

    /** What the client's middleware received: "method x-echo-values", one entry per call. */
    private static final class Recorder implements ClientMiddleware {
        final List<String> received = new CopyOnWriteArrayList<>();

        @Override
        public void onCallStarting(String method, Map<String, String> headers) {
            headers.put("x-trace", "t-" + method);
        }

        @Override
        public void onHeadersReceived(String method, Map<String, List<String>> headers) {
            received.add(method + " " + headers.get("x-echo"));
        }

        String last() {
            return received.getLast();
        }
    }

    private static RecordBatch batch(long... values) {
        IntBuilder<Int64Array> b = IntBuilder.int64(BufferAllocator.managed());
        for (long v : values) {
            b.append(v);
        }
        return new RecordBatch(SCHEMA, List.of(b.build()), values.length);
    }

    @Test
    void serverMiddlewareHeadersReachTheClientOnEveryKindOfCall() {
        Recorder recorder = new Recorder();
        try (FlightServer server = FlightServer.builder(new MemoryProducer()).middleware(new Echo()).build().start();
                FlightClient client = FlightClient.builder(server.location()).middleware(recorder).build()) {
            client.listActions();
            assertEquals("ListActions [ListActions:t-ListActions]", recorder.last(), "server streaming");

            FlightException unary = assertThrows(FlightException.class,
                    () -> client.getFlightInfo(FlightDescriptor.path("x")));
            assertEquals(FlightStatusCode.UNIMPLEMENTED, unary.code());
            assertEquals("GetFlightInfo [GetFlightInfo:t-GetFlightInfo]", recorder.last(), "unary failing at once");

            FlightException refused = assertThrows(FlightException.class, () -> client.listFlights(new byte[0]));
            assertEquals(FlightStatusCode.UNAUTHORIZED, refused.code());
            assertEquals("ListFlights [ListFlights:t-ListFlights]", recorder.last(), "refused by the middleware");

            try (PutStream put = client.doPut(FlightDescriptor.path("f"), SCHEMA)) {
                put.write(batch(1, 2, 3));
                put.close();
                assertEquals(1, put.results().size());
            }
            assertEquals("DoPut [DoPut:t-DoPut]", recorder.last(), "client streaming");

            try (FlightStream get = client.doGet(new Ticket("f".getBytes(StandardCharsets.UTF_8)))) {
                List<RecordBatch> batches = new ArrayList<>();
                get.forEach(batches::add);
                assertEquals(1, batches.size());
            }
            assertEquals("DoGet [DoGet:t-DoGet]", recorder.last(), "DoGet");

            try (FlightStream get = client.doGet(new Ticket("missing".getBytes(StandardCharsets.UTF_8)))) {
                assertEquals(FlightStatusCode.NOT_FOUND, assertThrows(FlightException.class, get::schema).code());
            }
            assertEquals("DoGet [DoGet:t-DoGet]", recorder.last(), "DoGet failing at once");

            try (ExchangeStream exchange = client.doExchange(FlightDescriptor.command(new byte[] {1}))) {
                try (FlightDataWriter out = exchange.startWriting(SCHEMA)) {
                    out.write(batch(4));
                }
                List<RecordBatch> back = new ArrayList<>();
                exchange.reader().forEach(back::add);
                assertEquals(1, back.size());
            }
            assertEquals("DoExchange [DoExchange:t-DoExchange]", recorder.last(), "bidi streaming");
            assertEquals(7, recorder.received.size(), "once per call: " + recorder.received);
        }
    }

    @Test
    void aResponseHeaderGrpcCannotSendFailsTheCallAsInternal() {
        ServerMiddleware bad = new ServerMiddleware() {
            @Override
            public void onCallStarted(String method, CallContext context) {
            }

            @Override
            public void addResponseHeaders(String method, CallContext context, Map<String, String> headers) {
                headers.put("Bad Name", "v");
            }
        };
        try (FlightServer server = FlightServer.builder(new MemoryProducer()).middleware(bad).build().start();
                FlightClient client = FlightClient.builder(server.location()).build()) {
            FlightException e = assertThrows(FlightException.class, client::listActions);
            assertEquals(FlightStatusCode.INTERNAL, e.code());
            assertTrue(e.getMessage().contains("'Bad Name'"), e.getMessage());
        }
    }

    @Test
    void aClientMiddlewareFailingOnTheHeadersFailsTheCallWithItsCode() {
        ClientMiddleware refusing = new ClientMiddleware() {
            @Override
            public void onCallStarting(String method, Map<String, String> headers) {
            }

            @Override
            public void onHeadersReceived(String method, Map<String, List<String>> headers) {
                assertFalse(headers.containsKey("x-echo"), "no server middleware here");
                throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "refused " + method);
            }
        };
        try (FlightServer server = FlightServer.builder(new MemoryProducer()).build().start();
                FlightClient client = FlightClient.builder(server.location()).middleware(refusing).build()) {
            FlightException e = assertThrows(FlightException.class, client::listActions);
            assertEquals(FlightStatusCode.INVALID_ARGUMENT, e.code());
            assertEquals("refused ListActions", e.getMessage());
            FlightException get = assertThrows(FlightException.class,
                    () -> client.getFlightInfo(FlightDescriptor.path("x")));
            assertEquals(FlightStatusCode.INVALID_ARGUMENT, get.code(), "also on trailers of a failing call");
        }
    }
}
