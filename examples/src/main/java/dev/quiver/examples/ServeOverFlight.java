// SPDX-License-Identifier: Apache-2.0
package dev.quiver.examples;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.Table;
import dev.quiver.flight.CallContext;
import dev.quiver.flight.DataSink;
import dev.quiver.flight.FlightClient;
import dev.quiver.flight.FlightDataWriter;
import dev.quiver.flight.FlightProducer;
import dev.quiver.flight.FlightServer;
import dev.quiver.flight.FlightStream;
import dev.quiver.flight.Ticket;
import dev.quiver.io.Arrow;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

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
        FlightProducer producer = new FlightProducer() {
            @Override
            public void doGet(CallContext context, Ticket ticket, DataSink sink) {
                try (FlightDataWriter out = sink.start(trips.schema())) {
                    for (RecordBatch batch : trips) {
                        out.write(batch);
                    }
                }
            }
        };
        try (FlightServer server = FlightServer.builder(producer).port(0).build().start();
                FlightClient client = FlightClient.builder(server.location()).build();
                FlightStream stream = client.doGet(new Ticket("trips".getBytes(StandardCharsets.UTF_8)))) {
            Table received = Table.from(stream);
            Arrow.write(received, Path.of(args[1]));
            System.out.println("received " + received.rowCount() + " rows from " + server.location().uri());
        }
    }
}
