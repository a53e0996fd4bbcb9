// SPDX-License-Identifier: Apache-2.0
package dev.quiver.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quiver.core.type.Schema;
import dev.quiver.flight.FlightDescriptor;
import dev.quiver.flight.FlightEndpoint;
import dev.quiver.flight.FlightInfo;
import dev.quiver.flight.FlightProducer;
import dev.quiver.flight.Location;
import dev.quiver.flight.Ticket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.flight.NoOpFlightProducer;
import org.apache.arrow.memory.BufferAllocator;

/**
 * {@code location:reuse_connection}: the one endpoint's one location is
 * {@code arrow-flight-reuse-connection://?}, the URI that says "this same connection".
 */
final class LocationReuseConnectionScenario implements FlightScenario {
    private static final byte[] COMMAND = "reuse".getBytes(StandardCharsets.UTF_8);

    @Override
    public FlightProducer quiverProducer() {
        return new FlightProducer() {
            @Override
            public FlightInfo getFlightInfo(dev.quiver.flight.CallContext context, FlightDescriptor descriptor) {
                return new FlightInfo(Schema.of(), descriptor, List.of(new FlightEndpoint(new Ticket(new byte[0]),
                        new Location(Location.REUSE_CONNECTION))));
            }
        };
    }

    @Override
    public org.apache.arrow.flight.FlightProducer arrowJavaProducer(BufferAllocator allocator) {
        return new NoOpFlightProducer() {
            @Override
            public org.apache.arrow.flight.FlightInfo getFlightInfo(CallContext context,
                    org.apache.arrow.flight.FlightDescriptor descriptor) {
                return new org.apache.arrow.flight.FlightInfo(new org.apache.arrow.vector.types.pojo.Schema(List.of()),
                        descriptor, List.of(new org.apache.arrow.flight.FlightEndpoint(
                                new org.apache.arrow.flight.Ticket(new byte[0]),
                                org.apache.arrow.flight.Location.reuseConnection())), -1, -1);
            }
        };
    }

    @Override
    public void quiverClient(dev.quiver.flight.FlightClient client) {
        FlightInfo info = client.getFlightInfo(FlightDescriptor.command(COMMAND));
        assertEquals(1, info.endpoints().size());
        assertEquals(List.of(new Location(Location.REUSE_CONNECTION)), info.endpoints().get(0).locations());
    }

    @Override
    public void arrowJavaClient(BufferAllocator allocator, org.apache.arrow.flight.FlightClient client) {
        org.apache.arrow.flight.FlightInfo info = client.getInfo(org.apache.arrow.flight.FlightDescriptor.command(COMMAND));
        assertEquals(1, info.getEndpoints().size());
        assertEquals(1, info.getEndpoints().get(0).getLocations().size());
        assertEquals(org.apache.arrow.flight.Location.reuseConnection().getUri(),
                info.getEndpoints().get(0).getLocations().get(0).getUri());
    }
}
