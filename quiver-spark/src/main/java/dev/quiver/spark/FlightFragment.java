// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import dev.quiver.core.QuiverException;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.type.Schema;
import dev.quiver.flight.FlightClient;
import dev.quiver.flight.FlightStream;
import dev.quiver.flight.Location;
import dev.quiver.flight.Ticket;
import java.net.URI;
import java.util.List;
import java.util.Optional;

/**
 * One endpoint of a flight: its ticket, redeemed at its first location, or at the service when it names none.
 *
 * @param service the service the FlightInfo came from
 * @param locations the endpoint's locations (URIs)
 * @param ticket the ticket's bytes
 */
record FlightFragment(String service, List<String> locations, byte[] ticket) implements Fragment {
    @Override
    public String[] preferredLocations() {
        return locations.stream().map(u -> URI.create(u).getHost()).filter(h -> h != null).distinct()
                .toArray(String[]::new);
    }

    @Override
    public RecordBatchReader open(ReadSettings settings, List<String> columns) {
        String where = locations.isEmpty() ? service : locations.get(0);
        FlightClient client = FlightClient.builder(new Location(where)).readOptions(settings.ipcOptions()).build();
        try {
            return new Fetch(client, client.doGet(new Ticket(ticket)));
        } catch (QuiverException e) {
            client.close();
            throw new QuiverSparkException("DoGet at " + where + " failed: " + e.getMessage(), e);
        }
    }

    /** The stream of one DoGet, closing its client with it. */
    private record Fetch(FlightClient client, FlightStream batches) implements RecordBatchReader {
        @Override
        public Schema schema() {
            return batches.schema();
        }

        @Override
        public Optional<RecordBatch> readNext() {
            return batches.readNext();
        }

        @Override
        public void close() {
            try {
                batches.close();
            } finally {
                client.close();
            }
        }
    }
}
