// SPDX-License-Identifier: Apache-2.0
package dev.quiver.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.flight.Action;
import dev.quiver.flight.ActionType;
import dev.quiver.flight.CancelStatus;
import dev.quiver.flight.DataSink;
import dev.quiver.flight.FlightDataWriter;
import dev.quiver.flight.FlightDescriptor;
import dev.quiver.flight.FlightEndpoint;
import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightInfo;
import dev.quiver.flight.FlightProducer;
import dev.quiver.flight.FlightStatusCode;
import dev.quiver.flight.FlightStream;
import dev.quiver.flight.Ticket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.CancelFlightInfoRequest;
import org.apache.arrow.flight.CancelFlightInfoResult;
import org.apache.arrow.flight.FlightConstants;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.NoOpFlightProducer;
import org.apache.arrow.flight.RenewFlightEndpointRequest;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The four {@code expiration_time:*} scenarios and their shared server: GetFlightInfo gives three
 * endpoints, the first without expiration time (readable once), the others expiring in 5 and 6 seconds;
 * DoGet of endpoint k gives one batch of the uint32 column number = k, and refuses (NOT_FOUND) a cancelled,
 * expired or re-read endpoint; CancelFlightInfo cancels the endpoints; RenewFlightEndpoint gives the
 * endpoint 10 more seconds; ListActions lists the two.
 */
final class ExpirationTimeScenarios {
    private static final Schema SCHEMA = Schema.of(Field.notNull("number", ArrowType.UINT32));
    private static final org.apache.arrow.vector.types.pojo.Schema ARROW_SCHEMA = new org.apache.arrow.vector.types.pojo.Schema(
            List.of(org.apache.arrow.vector.types.pojo.Field.notNullable("number",
                    new org.apache.arrow.vector.types.pojo.ArrowType.Int(32, false))));
    private static final byte[] COMMAND = "expiration".getBytes(StandardCharsets.UTF_8);

    private ExpirationTimeScenarios() {
    }

    /** The server's state: the endpoints of the last FlightInfo given. Refusals are messages. */
    static final class Endpoints {
        private record Status(Instant expiration, int gets, boolean cancelled) {
        }

        private final List<Status> statuses = new ArrayList<>();
        private final List<String> labels = List.of("No expiration time", "5 seconds", "6 seconds");

        /** A new FlightInfo's endpoints: tickets "k: label" with their expiration times. */
        synchronized List<Instant> reset() {
            statuses.clear();
            Instant now = Instant.now();
            List<Instant> expirations = new ArrayList<>();
            expirations.add(null);
            expirations.add(now.plus(5, ChronoUnit.SECONDS));
            expirations.add(now.plus(6, ChronoUnit.SECONDS));
            for (Instant e : expirations) {
                statuses.add(new Status(e, 0, false));
            }
            return expirations;
        }

        String ticket(int k) {
            return k + ": " + labels.get(k);
        }

        /** The index of an endpoint's ticket; an IllegalArgumentException names a ticket of no endpoint. */
        synchronized int index(byte[] ticket) {
            String text = new String(ticket, StandardCharsets.UTF_8);
            int colon = text.indexOf(':');
            int k = colon < 0 ? -1 : Integer.parseInt(text.substring(0, colon));
            if (k < 0 || k >= statuses.size()) {
                throw new IllegalArgumentException("Invalid ticket: " + text);
            }
            return k;
        }

        /** A DoGet: null when endpoint k may be read (and counts the read), otherwise why not. */
        synchronized String get(int k) {
            Status s = statuses.get(k);
            if (s.cancelled) {
                return "Invalid flight: cancelled: " + k;
            }
            if (s.expiration != null && Instant.now().isAfter(s.expiration)) {
                return "Invalid flight: expired: " + k;
            }
            if (s.expiration == null && s.gets > 0) {
                return "Invalid flight: can't read multiple times: " + k;
            }
            statuses.set(k, new Status(s.expiration, s.gets + 1, false));
            return null;
        }

        /** CancelFlightInfo of endpoints: CANCELLED, or NOT_CANCELLABLE if one was already cancelled. */
        synchronized CancelStatus cancel(List<Integer> indices) {
            CancelStatus result = CancelStatus.UNSPECIFIED;
            for (int k : indices) {
                Status s = statuses.get(k);
                if (s.cancelled) {
                    result = CancelStatus.NOT_CANCELLABLE;
                } else {
                    statuses.set(k, new Status(s.expiration, s.gets, true));
                    result = result == CancelStatus.UNSPECIFIED ? CancelStatus.CANCELLED : result;
                }
            }
            return result;
        }

        /** RenewFlightEndpoint: the new expiration time, 10 seconds from now; IllegalStateException if cancelled. */
        synchronized Instant renew(int k) {
            Status s = statuses.get(k);
            if (s.cancelled) {
                throw new IllegalStateException("Invalid flight: cancelled: " + k);
            }
            Instant expiration = Instant.now().plus(10, ChronoUnit.SECONDS);
            statuses.set(k, new Status(expiration, s.gets, false));
            return expiration;
        }
    }

    /** The server side on Quiver. */
    static FlightProducer quiverProducer() {
        Endpoints state = new Endpoints();
        return new FlightProducer() {
            @Override
            public FlightInfo getFlightInfo(dev.quiver.flight.CallContext context, FlightDescriptor descriptor) {
                List<Instant> expirations = state.reset();
                List<FlightEndpoint> endpoints = new ArrayList<>();
                for (int k = 0; k < expirations.size(); k++) {
                    endpoints.add(new FlightEndpoint(new Ticket(state.ticket(k).getBytes(StandardCharsets.UTF_8)),
                            List.of(), expirations.get(k), new byte[0]));
                }
                return new FlightInfo(SCHEMA, descriptor, endpoints);
            }

            private int index(Ticket ticket) {
                try {
                    return state.index(ticket.bytes());
                } catch (IllegalArgumentException e) {
                    throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, e.getMessage());
                }
            }

            @Override
            public void doGet(dev.quiver.flight.CallContext context, Ticket ticket, DataSink sink) {
                int k = index(ticket);
                String refusal = state.get(k);
                if (refusal != null) {
                    throw new FlightException(FlightStatusCode.NOT_FOUND, refusal);
                }
                try (FlightDataWriter out = sink.start(SCHEMA)) {
                    out.write(RecordBatch.ofRows(SCHEMA, List.of(List.of(k))));
                }
            }

            @Override
            public CancelStatus cancelFlightInfo(dev.quiver.flight.CallContext context, FlightInfo info) {
                return state.cancel(info.endpoints().stream().map(e -> index(e.ticket())).toList());
            }

            @Override
            public FlightEndpoint renewFlightEndpoint(dev.quiver.flight.CallContext context, FlightEndpoint endpoint) {
                Instant expiration;
                try {
                    expiration = state.renew(index(endpoint.ticket()));
                } catch (IllegalStateException e) {
                    throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, e.getMessage());
                }
                String ticket = new String(endpoint.ticket().bytes(), StandardCharsets.UTF_8) + ": renewed (+ 10 seconds)";
                return new FlightEndpoint(new Ticket(ticket.getBytes(StandardCharsets.UTF_8)), endpoint.locations(),
                        expiration, endpoint.appMetadata());
            }

            @Override
            public List<ActionType> listActions(dev.quiver.flight.CallContext context) {
                return List.of(new ActionType(Action.CANCEL_FLIGHT_INFO, "cancels a FlightInfo's endpoints"),
                        new ActionType(Action.RENEW_FLIGHT_ENDPOINT, "extends an endpoint's expiration time"));
            }
        };
    }

    /** The server side on arrow-java. */
    static org.apache.arrow.flight.FlightProducer arrowJavaProducer(BufferAllocator allocator) {
        Endpoints state = new Endpoints();
        return new NoOpFlightProducer() {
            @Override
            public org.apache.arrow.flight.FlightInfo getFlightInfo(CallContext context,
                    org.apache.arrow.flight.FlightDescriptor descriptor) {
                List<Instant> expirations = state.reset();
                List<org.apache.arrow.flight.FlightEndpoint> endpoints = new ArrayList<>();
                for (int k = 0; k < expirations.size(); k++) {
                    endpoints.add(new org.apache.arrow.flight.FlightEndpoint(new org.apache.arrow.flight.Ticket(
                            state.ticket(k).getBytes(StandardCharsets.UTF_8)), expirations.get(k)));
                }
                return new org.apache.arrow.flight.FlightInfo(ARROW_SCHEMA, descriptor, endpoints, -1, -1);
            }

            private int index(org.apache.arrow.flight.Ticket ticket) {
                try {
                    return state.index(ticket.getBytes());
                } catch (IllegalArgumentException e) {
                    throw CallStatus.INVALID_ARGUMENT.withDescription(e.getMessage()).toRuntimeException();
                }
            }

            @Override
            public void getStream(CallContext context, org.apache.arrow.flight.Ticket ticket,
                    ServerStreamListener listener) {
                int k = index(ticket);
                String refusal = state.get(k);
                if (refusal != null) {
                    listener.error(CallStatus.NOT_FOUND.withDescription(refusal).toRuntimeException());
                    return;
                }
                try (VectorSchemaRoot root = VectorSchemaRoot.create(ARROW_SCHEMA, allocator)) {
                    listener.start(root);
                    ((UInt4Vector) root.getVector(0)).setSafe(0, k);
                    root.setRowCount(1);
                    listener.putNext();
                }
                listener.completed();
            }

            @Override
            public void doAction(CallContext context, org.apache.arrow.flight.Action action,
                    StreamListener<org.apache.arrow.flight.Result> listener) {
                try {
                    if (action.getType().equals(FlightConstants.CANCEL_FLIGHT_INFO.getType())) {
                        CancelFlightInfoRequest request = CancelFlightInfoRequest.deserialize(ByteBuffer.wrap(action.getBody()));
                        CancelStatus status = state.cancel(
                                request.getInfo().getEndpoints().stream().map(e -> index(e.getTicket())).toList());
                        listener.onNext(new org.apache.arrow.flight.Result(new CancelFlightInfoResult(
                                org.apache.arrow.flight.CancelStatus.valueOf(status.name())).serialize().array()));
                    } else if (action.getType().equals(FlightConstants.RENEW_FLIGHT_ENDPOINT.getType())) {
                        org.apache.arrow.flight.FlightEndpoint endpoint = RenewFlightEndpointRequest
                                .deserialize(ByteBuffer.wrap(action.getBody())).getFlightEndpoint();
                        Instant expiration = state.renew(index(endpoint.getTicket()));
                        String ticket = new String(endpoint.getTicket().getBytes(), StandardCharsets.UTF_8)
                                + ": renewed (+ 10 seconds)";
                        org.apache.arrow.flight.FlightEndpoint renewed = new org.apache.arrow.flight.FlightEndpoint(
                                new org.apache.arrow.flight.Ticket(ticket.getBytes(StandardCharsets.UTF_8)), expiration,
                                endpoint.getLocations().toArray(new org.apache.arrow.flight.Location[0]));
                        listener.onNext(new org.apache.arrow.flight.Result(renewed.serialize().array()));
                    } else {
                        throw CallStatus.INVALID_ARGUMENT.withDescription("Unknown action: " + action.getType())
                                .toRuntimeException();
                    }
                    listener.onCompleted();
                } catch (IllegalStateException e) {
                    listener.onError(CallStatus.INVALID_ARGUMENT.withDescription(e.getMessage()).toRuntimeException());
                } catch (java.io.IOException | java.net.URISyntaxException e) {
                    listener.onError(CallStatus.INTERNAL.withDescription(e.toString()).toRuntimeException());
                } catch (FlightRuntimeException e) {
                    listener.onError(e);
                }
            }

            @Override
            public void listActions(CallContext context, StreamListener<org.apache.arrow.flight.ActionType> listener) {
                listener.onNext(FlightConstants.CANCEL_FLIGHT_INFO);
                listener.onNext(FlightConstants.RENEW_FLIGHT_ENDPOINT);
                listener.onCompleted();
            }
        };
    }

    /** A scenario of this server: only the client sides differ. */
    private abstract static class Scenario implements FlightScenario {
        @Override
        public FlightProducer quiverProducer() {
            return ExpirationTimeScenarios.quiverProducer();
        }

        @Override
        public org.apache.arrow.flight.FlightProducer arrowJavaProducer(BufferAllocator allocator) {
            return ExpirationTimeScenarios.arrowJavaProducer(allocator);
        }
    }

    private static List<RecordBatch> readAll(dev.quiver.flight.FlightClient client, Ticket ticket) {
        List<RecordBatch> batches = new ArrayList<>();
        try (FlightStream stream = client.doGet(ticket)) {
            stream.forEach(batches::add);
        }
        return batches;
    }

    private static int readAll(org.apache.arrow.flight.FlightClient client, org.apache.arrow.flight.Ticket ticket,
            List<Long> values) throws Exception {
        int batches = 0;
        try (org.apache.arrow.flight.FlightStream stream = client.getStream(ticket)) {
            while (stream.next()) {
                batches++;
                UInt4Vector number = (UInt4Vector) stream.getRoot().getVector(0);
                for (int i = 0; i < stream.getRoot().getRowCount(); i++) {
                    values.add(number.getValueAsLong(i));
                }
            }
        }
        return batches;
    }

    /** {@code expiration_time:do_get}: the three endpoints read once each give 0, 1, 2. */
    static FlightScenario doGet() {
        return new Scenario() {
            @Override
            public void quiverClient(dev.quiver.flight.FlightClient client) {
                FlightInfo info = client.getFlightInfo(FlightDescriptor.command("expiration_time".getBytes(StandardCharsets.UTF_8)));
                List<RecordBatch> batches = new ArrayList<>();
                for (FlightEndpoint endpoint : info.endpoints()) {
                    if (batches.isEmpty()) {
                        assertNull(endpoint.expirationTime(), "endpoints[0] must not have expiration time");
                    } else {
                        assertNotNull(endpoint.expirationTime(), "endpoints[" + batches.size() + "] must have expiration time");
                    }
                    batches.addAll(readAll(client, endpoint.ticket()));
                }
                assertEquals(3, batches.size());
                for (int k = 0; k < 3; k++) {
                    assertEquals(1, batches.get(k).rowCount());
                    assertEquals(k, ((Number) batches.get(k).column(0).getObject(0)).intValue());
                }
                FlightException again = assertThrows(FlightException.class,
                        () -> readAll(client, info.endpoints().get(0).ticket()), "endpoints[0] read twice");
                assertEquals(FlightStatusCode.NOT_FOUND, again.code());
            }

            @Override
            public void arrowJavaClient(BufferAllocator allocator, org.apache.arrow.flight.FlightClient client)
                    throws Exception {
                org.apache.arrow.flight.FlightInfo info = client.getInfo(org.apache.arrow.flight.FlightDescriptor
                        .command("expiration_time".getBytes(StandardCharsets.UTF_8)));
                List<Long> values = new ArrayList<>();
                int batches = 0;
                for (org.apache.arrow.flight.FlightEndpoint endpoint : info.getEndpoints()) {
                    assertEquals(batches > 0, endpoint.getExpirationTime().isPresent(),
                            "endpoints[" + batches + "] expiration time");
                    batches += readAll(client, endpoint.getTicket(), values);
                }
                assertEquals(3, batches);
                assertEquals(List.of(0L, 1L, 2L), values);
                FlightRuntimeException again = assertThrows(FlightRuntimeException.class,
                        () -> readAll(client, info.getEndpoints().get(0).getTicket(), new ArrayList<>()));
                assertEquals(org.apache.arrow.flight.FlightStatusCode.NOT_FOUND, again.status().code());
            }
        };
    }

    /** {@code expiration_time:list_actions}: CancelFlightInfo then RenewFlightEndpoint, nothing else. */
    static FlightScenario listActions() {
        return new Scenario() {
            @Override
            public void quiverClient(dev.quiver.flight.FlightClient client) {
                assertEquals(List.of(Action.CANCEL_FLIGHT_INFO, Action.RENEW_FLIGHT_ENDPOINT),
                        client.listActions().stream().map(ActionType::type).toList());
            }

            @Override
            public void arrowJavaClient(BufferAllocator allocator, org.apache.arrow.flight.FlightClient client) {
                List<String> types = new ArrayList<>();
                client.listActions().forEach(a -> types.add(a.getType()));
                assertEquals(List.of(FlightConstants.CANCEL_FLIGHT_INFO.getType(),
                        FlightConstants.RENEW_FLIGHT_ENDPOINT.getType()), types);
            }
        };
    }

    /** {@code expiration_time:cancel_flight_info}: cancelled, then no endpoint can be read. */
    static FlightScenario cancelFlightInfo() {
        return new Scenario() {
            @Override
            public void quiverClient(dev.quiver.flight.FlightClient client) {
                FlightInfo info = client.getFlightInfo(FlightDescriptor.command(COMMAND));
                assertEquals(CancelStatus.CANCELLED, client.cancelFlightInfo(info));
                for (FlightEndpoint endpoint : info.endpoints()) {
                    assertThrows(FlightException.class, () -> readAll(client, endpoint.ticket()));
                }
                assertEquals(CancelStatus.NOT_CANCELLABLE, client.cancelFlightInfo(info));
            }

            @Override
            public void arrowJavaClient(BufferAllocator allocator, org.apache.arrow.flight.FlightClient client) {
                org.apache.arrow.flight.FlightInfo info = client.getInfo(org.apache.arrow.flight.FlightDescriptor.command(COMMAND));
                CancelFlightInfoResult result = client.cancelFlightInfo(new CancelFlightInfoRequest(info));
                assertEquals(org.apache.arrow.flight.CancelStatus.CANCELLED, result.getStatus());
                for (org.apache.arrow.flight.FlightEndpoint endpoint : info.getEndpoints()) {
                    assertThrows(FlightRuntimeException.class,
                            () -> readAll(client, endpoint.getTicket(), new ArrayList<>()));
                }
            }
        };
    }

    /** {@code expiration_time:renew_flight_endpoint}: each expiring endpoint renewed expires later. */
    static FlightScenario renewFlightEndpoint() {
        return new Scenario() {
            @Override
            public void quiverClient(dev.quiver.flight.FlightClient client) {
                FlightInfo info = client.getFlightInfo(FlightDescriptor.command(COMMAND));
                int renewedCount = 0;
                for (FlightEndpoint endpoint : info.endpoints()) {
                    if (endpoint.expirationTime() == null) {
                        continue;
                    }
                    FlightEndpoint renewed = client.renewFlightEndpoint(endpoint);
                    assertNotNull(renewed.expirationTime(), "Renewed FlightEndpoint must have expiration time");
                    assertTrue(renewed.expirationTime().isAfter(endpoint.expirationTime()),
                            "Renewed FlightEndpoint must have newer expiration time");
                    renewedCount++;
                }
                assertEquals(2, renewedCount);
            }

            @Override
            public void arrowJavaClient(BufferAllocator allocator, org.apache.arrow.flight.FlightClient client) {
                org.apache.arrow.flight.FlightInfo info = client.getInfo(org.apache.arrow.flight.FlightDescriptor.command(COMMAND));
                int renewedCount = 0;
                for (org.apache.arrow.flight.FlightEndpoint endpoint : info.getEndpoints()) {
                    if (endpoint.getExpirationTime().isEmpty()) {
                        continue;
                    }
                    org.apache.arrow.flight.FlightEndpoint renewed = client.renewFlightEndpoint(
                            new RenewFlightEndpointRequest(endpoint));
                    assertTrue(renewed.getExpirationTime().isPresent(), "Renewed FlightEndpoint must have expiration time");
                    assertTrue(renewed.getExpirationTime().get().isAfter(endpoint.getExpirationTime().get()),
                            "Renewed FlightEndpoint must have newer expiration time");
                    renewedCount++;
                }
                assertEquals(2, renewedCount);
            }
        };
    }
}
