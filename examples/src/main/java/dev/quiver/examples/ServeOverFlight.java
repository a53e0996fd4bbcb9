// SPDX-License-Identifier: Apache-2.0
package dev.quiver.examples;

import dev.quiver.core.batch.Table;
import dev.quiver.flight.FlightClient;
import dev.quiver.flight.FlightInfo;
import dev.quiver.flight.FlightServer;
import dev.quiver.io.Arrow;
import java.nio.file.Path;
import java.util.Map;

/**
 * Serves a table over Arrow Flight on a free local port, reads it back with a client and writes what
 * came back: {@code ServeOverFlight trips.arrow received.arrow}.
 */
public final class ServeOverFlight {
    private ServeOverFlight() {
    }

    /**
     * Runs the example.
     *
     * @param args the table to serve and the file to write what the client received
     */
    public static void main(String[] args) {
        Table trips = Arrow.read(Path.of(args[0]));
        try (FlightServer server = FlightServer.serve(Map.of("trips", trips));
                FlightClient client = FlightClient.builder(server.location()).build()) {
            FlightInfo info = client.listFlights().getFirst();
            Table received = Table.from(client.read(info));
            Arrow.write(received, Path.of(args[1]));
            System.out.println("received " + received.rowCount() + " rows from " + server.location().uri());
        }
    }
}
