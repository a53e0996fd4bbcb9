// SPDX-License-Identifier: Apache-2.0
package dev.quiver.interop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.flight.FlightDescriptor;
import dev.quiver.flight.FlightEndpoint;
import dev.quiver.flight.FlightInfo;
import dev.quiver.flight.FlightProducer;
import dev.quiver.flight.Ticket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.flight.NoOpFlightProducer;
import org.apache.arrow.memory.BufferAllocator;

/**
 * {@code app_metadata_flight_info_endpoint}: GetFlightInfo of a command gives a FlightInfo and its one
 * endpoint with the command as {@code app_metadata}.
 */
final class AppMetadataFlightInfoEndpointScenario implements FlightScenario {
    private static final byte[] COMMAND = "foobar".getBytes(StandardCharsets.UTF_8);

    @Override
    public FlightProducer quiverProducer() {
        return new FlightProducer() {
            @Override
            public FlightInfo getFlightInfo(dev.quiver.flight.CallContext context, FlightDescriptor descriptor) {
                byte[] command = descriptor.command();
                FlightEndpoint endpoint = new FlightEndpoint(new Ticket(new byte[0]), List.of(), null, command);
                return new FlightInfo(Schema.of(Field.notNull("number", ArrowType.UINT32)), descriptor,
                        List.of(endpoint), -1, -1, false, command);
            }
        };
    }

    @Override
    public org.apache.arrow.flight.FlightProducer arrowJavaProducer(BufferAllocator allocator) {
        return new NoOpFlightProducer() {
            @Override
            public org.apache.arrow.flight.FlightInfo getFlightInfo(CallContext context,
                    org.apache.arrow.flight.FlightDescriptor descriptor) {
                byte[] command = descriptor.getCommand();
                org.apache.arrow.vector.types.pojo.Schema schema = new org.apache.arrow.vector.types.pojo.Schema(List.of(
                        org.apache.arrow.vector.types.pojo.Field.notNullable("number",
                                new org.apache.arrow.vector.types.pojo.ArrowType.Int(32, false))));
                org.apache.arrow.flight.FlightEndpoint endpoint = org.apache.arrow.flight.FlightEndpoint
                        .builder(new org.apache.arrow.flight.Ticket(new byte[0])).setAppMetadata(command).build();
                return org.apache.arrow.flight.FlightInfo.builder(schema, descriptor, List.of(endpoint))
                        .setAppMetadata(command).build();
            }
        };
    }

    @Override
    public void quiverClient(dev.quiver.flight.FlightClient client) {
        FlightInfo info = client.getFlightInfo(FlightDescriptor.command(COMMAND));
        assertArrayEquals(COMMAND, info.appMetadata());
        assertEquals(1, info.endpoints().size());
        assertArrayEquals(COMMAND, info.endpoints().get(0).appMetadata());
    }

    @Override
    public void arrowJavaClient(BufferAllocator allocator, org.apache.arrow.flight.FlightClient client) {
        org.apache.arrow.flight.FlightInfo info = client.getInfo(org.apache.arrow.flight.FlightDescriptor.command(COMMAND));
        assertArrayEquals(COMMAND, info.getAppMetadata());
        assertEquals(1, info.getEndpoints().size());
        assertArrayEquals(COMMAND, info.getEndpoints().get(0).getAppMetadata());
    }
}
