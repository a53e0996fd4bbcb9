// SPDX-License-Identifier: Apache-2.0
package dev.quiver.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.flight.CallContext;
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
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.NoOpFlightProducer;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * {@code ordered}: GetFlightInfo of the command "ordered" gives {@code ordered} set and three endpoints
 * without locations, tickets "1", "2", "3", each one batch of the number column 1·m, 2·m, 3·m for
 * m = 1, 10, 100; another command gives them unordered (1, 3, 2).
 */
final class OrderedScenario implements FlightScenario {
    private static final byte[] ORDERED = "ordered".getBytes(StandardCharsets.UTF_8);
    private static final List<String> TICKETS = List.of("1", "2", "3");
    private static final Schema SCHEMA = Schema.of(Field.notNull("number", ArrowType.INT32));
    private static final org.apache.arrow.vector.types.pojo.Schema ARROW_SCHEMA = new org.apache.arrow.vector.types.pojo.Schema(
            List.of(org.apache.arrow.vector.types.pojo.Field.notNullable("number",
                    new org.apache.arrow.vector.types.pojo.ArrowType.Int(32, true))));

    private static int multiplier(byte[] ticket) {
        int index = TICKETS.indexOf(new String(ticket, StandardCharsets.UTF_8));
        return index < 0 ? 0 : (int) Math.pow(10, index);
    }

    private static List<String> tickets(boolean ordered) {
        return ordered ? TICKETS : List.of("1", "3", "2");
    }

    @Override
    public FlightProducer quiverProducer() {
        return new FlightProducer() {
            @Override
            public FlightInfo getFlightInfo(CallContext context, FlightDescriptor descriptor) {
                boolean ordered = descriptor.isCommand() && Arrays.equals(ORDERED, descriptor.command());
                List<FlightEndpoint> endpoints = tickets(ordered).stream()
                        .map(t -> new FlightEndpoint(new Ticket(t.getBytes(StandardCharsets.UTF_8)))).toList();
                return new FlightInfo(SCHEMA, descriptor, endpoints, -1, -1, ordered, new byte[0]);
            }

            @Override
            public void doGet(CallContext context, Ticket ticket, DataSink sink) {
                int m = multiplier(ticket.bytes());
                if (m == 0) {
                    throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "Could not find flight: "
                            + new String(ticket.bytes(), StandardCharsets.UTF_8));
                }
                try (FlightDataWriter out = sink.start(SCHEMA)) {
                    out.write(RecordBatch.ofRows(SCHEMA, List.of(List.of(m), List.of(2 * m), List.of(3 * m))));
                }
            }
        };
    }

    @Override
    public org.apache.arrow.flight.FlightProducer arrowJavaProducer(BufferAllocator allocator) {
        return new NoOpFlightProducer() {
            @Override
            public org.apache.arrow.flight.FlightInfo getFlightInfo(CallContext context,
                    org.apache.arrow.flight.FlightDescriptor descriptor) {
                boolean ordered = descriptor.isCommand() && Arrays.equals(ORDERED, descriptor.getCommand());
                List<org.apache.arrow.flight.FlightEndpoint> endpoints = tickets(ordered).stream()
                        .map(t -> new org.apache.arrow.flight.FlightEndpoint(
                                new org.apache.arrow.flight.Ticket(t.getBytes(StandardCharsets.UTF_8))))
                        .toList();
                return new org.apache.arrow.flight.FlightInfo(ARROW_SCHEMA, descriptor, endpoints, -1, -1, ordered,
                        org.apache.arrow.vector.ipc.message.IpcOption.DEFAULT);
            }

            @Override
            public void getStream(CallContext context, org.apache.arrow.flight.Ticket ticket,
                    ServerStreamListener listener) {
                int m = multiplier(ticket.getBytes());
                if (m == 0) {
                    listener.error(CallStatus.INVALID_ARGUMENT.withDescription("Could not find flight").toRuntimeException());
                    return;
                }
                try (VectorSchemaRoot root = VectorSchemaRoot.create(ARROW_SCHEMA, allocator)) {
                    IntVector number = (IntVector) root.getVector(0);
                    for (int i = 0; i < 3; i++) {
                        number.setSafe(i, (i + 1) * m);
                    }
                    root.setRowCount(3);
                    listener.start(root);
                    listener.putNext();
                    listener.completed();
                }
            }
        };
    }

    @Override
    public void quiverClient(dev.quiver.flight.FlightClient client) {
        FlightInfo info = client.getFlightInfo(FlightDescriptor.command(ORDERED));
        assertTrue(info.ordered(), "ordered must be true");
        assertEquals(3, info.endpoints().size());
        for (int e = 0; e < 3; e++) {
            FlightEndpoint endpoint = info.endpoints().get(e);
            assertTrue(endpoint.locations().isEmpty(), "locations must be empty");
            int m = (int) Math.pow(10, e);
            try (FlightStream stream = client.doGet(endpoint.ticket())) {
                assertEquals(SCHEMA, stream.schema());
                RecordBatch batch = stream.readNext().orElseThrow(() -> new AssertionError("stream must have a batch"));
                assertEquals(3, batch.rowCount());
                for (int i = 0; i < 3; i++) {
                    assertEquals((i + 1) * m, batch.column(0).getObject(i));
                }
                assertEquals(Optional.empty(), stream.readNext(), "stream must have one batch");
            }
        }
        assertFalse(client.getFlightInfo(FlightDescriptor.command(new byte[0])).ordered());
    }

    @Override
    public void arrowJavaClient(BufferAllocator allocator, org.apache.arrow.flight.FlightClient client)
            throws Exception {
        org.apache.arrow.flight.FlightInfo info = client.getInfo(org.apache.arrow.flight.FlightDescriptor.command(ORDERED));
        assertTrue(info.getOrdered(), "ordered must be true");
        assertEquals(3, info.getEndpoints().size());
        for (int e = 0; e < 3; e++) {
            org.apache.arrow.flight.FlightEndpoint endpoint = info.getEndpoints().get(e);
            assertEquals(Collections.emptyList(), endpoint.getLocations(), "locations must be empty");
            int m = (int) Math.pow(10, e);
            try (org.apache.arrow.flight.FlightStream stream = client.getStream(endpoint.getTicket())) {
                assertEquals(ARROW_SCHEMA, stream.getSchema());
                assertTrue(stream.next(), "stream must have a batch");
                IntVector number = (IntVector) stream.getRoot().getVector(0);
                assertEquals(3, stream.getRoot().getRowCount());
                for (int i = 0; i < 3; i++) {
                    assertFalse(number.isNull(i));
                    assertEquals((i + 1) * m, number.get(i));
                }
                assertFalse(stream.next(), "stream must have one batch");
            }
        }
        assertFalse(client.getInfo(org.apache.arrow.flight.FlightDescriptor.command(new byte[0])).getOrdered());
    }
}
