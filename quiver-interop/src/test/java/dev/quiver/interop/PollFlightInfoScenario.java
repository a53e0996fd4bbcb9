// SPDX-License-Identifier: Apache-2.0
package dev.quiver.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.flight.FlightDescriptor;
import dev.quiver.flight.FlightEndpoint;
import dev.quiver.flight.FlightInfo;
import dev.quiver.flight.FlightProducer;
import dev.quiver.flight.PollInfo;
import dev.quiver.flight.Ticket;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.flight.NoOpFlightProducer;
import org.apache.arrow.memory.BufferAllocator;

/**
 * {@code poll_flight_info}: PollFlightInfo of a query gives a FlightInfo, progress 0.1, an expiration time
 * and the descriptor "poll" to ask again; polling that gives progress 1.0 and neither of the two.
 */
final class PollFlightInfoScenario implements FlightScenario {
    private static final byte[] POLL = "poll".getBytes(StandardCharsets.UTF_8);
    private static final byte[] QUERY = "heavy query".getBytes(StandardCharsets.UTF_8);
    private static final byte[] TICKET = "long-running query".getBytes(StandardCharsets.UTF_8);

    @Override
    public FlightProducer quiverProducer() {
        return new FlightProducer() {
            @Override
            public PollInfo pollFlightInfo(dev.quiver.flight.CallContext context, FlightDescriptor descriptor) {
                FlightInfo info = new FlightInfo(Schema.of(Field.notNull("number", ArrowType.UINT32)), descriptor,
                        List.of(new FlightEndpoint(new Ticket(TICKET))));
                if (descriptor.isCommand() && Arrays.equals(POLL, descriptor.command())) {
                    return new PollInfo(info, null, 1.0, null);
                }
                return new PollInfo(info, FlightDescriptor.command(POLL), 0.1, Instant.now().plus(10, ChronoUnit.SECONDS));
            }
        };
    }

    @Override
    public org.apache.arrow.flight.FlightProducer arrowJavaProducer(BufferAllocator allocator) {
        return new NoOpFlightProducer() {
            @Override
            public org.apache.arrow.flight.PollInfo pollFlightInfo(CallContext context,
                    org.apache.arrow.flight.FlightDescriptor descriptor) {
                org.apache.arrow.flight.FlightInfo info = new org.apache.arrow.flight.FlightInfo(
                        new org.apache.arrow.vector.types.pojo.Schema(List.of(org.apache.arrow.vector.types.pojo.Field
                                .notNullable("number", new org.apache.arrow.vector.types.pojo.ArrowType.Int(32, false)))),
                        descriptor, List.of(new org.apache.arrow.flight.FlightEndpoint(
                                new org.apache.arrow.flight.Ticket(TICKET))), -1, -1);
                if (descriptor.isCommand() && Arrays.equals(POLL, descriptor.getCommand())) {
                    return new org.apache.arrow.flight.PollInfo(info, null, 1.0, null);
                }
                return new org.apache.arrow.flight.PollInfo(info, org.apache.arrow.flight.FlightDescriptor.command(POLL),
                        0.1, Instant.now().plus(10, ChronoUnit.SECONDS));
            }
        };
    }

    @Override
    public void quiverClient(dev.quiver.flight.FlightClient client) {
        PollInfo info = client.pollFlightInfo(FlightDescriptor.command(QUERY));
        assertNotNull(info.info());
        assertNotNull(info.progress(), "progress is missing");
        assertTrue(info.progress() >= 0.0 && info.progress() <= 1.0, "progress is invalid");
        assertNotNull(info.expirationTime(), "expiration is missing");
        assertNotNull(info.flightDescriptor(), "descriptor is missing");
        info = client.pollFlightInfo(info.flightDescriptor());
        assertNotNull(info.info());
        assertEquals(1.0, info.progress(), "progress isn't 1.0 in finished query");
        assertNull(info.expirationTime(), "expiration is set in finished query");
        assertNull(info.flightDescriptor(), "descriptor is set in finished query");
    }

    @Override
    public void arrowJavaClient(BufferAllocator allocator, org.apache.arrow.flight.FlightClient client) {
        org.apache.arrow.flight.PollInfo info = client.pollInfo(org.apache.arrow.flight.FlightDescriptor.command(QUERY));
        assertNotNull(info.getFlightInfo());
        double progress = info.getProgress().orElseThrow(() -> new AssertionError("progress is missing"));
        assertTrue(progress >= 0.0 && progress <= 1.0, "progress is invalid");
        assertTrue(info.getExpirationTime().isPresent(), "expiration is missing");
        assertTrue(info.getFlightDescriptor().isPresent(), "descriptor is missing");
        info = client.pollInfo(info.getFlightDescriptor().get());
        assertNotNull(info.getFlightInfo());
        assertEquals(1.0, info.getProgress().orElseThrow(() -> new AssertionError("progress is missing in finished query")));
        assertTrue(info.getExpirationTime().isEmpty(), "expiration is set in finished query");
        assertTrue(info.getFlightDescriptor().isEmpty(), "descriptor is set in finished query");
    }
}
