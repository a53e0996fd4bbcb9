// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.flight;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.dataset.Dataset;
import dev.quiver.dataset.DatasetException;
import dev.quiver.dataset.Fragment;
import dev.quiver.dataset.Scan;
import dev.quiver.flight.CallContext;
import dev.quiver.flight.DataSink;
import dev.quiver.flight.FlightDataWriter;
import dev.quiver.flight.FlightDescriptor;
import dev.quiver.flight.FlightEndpoint;
import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightInfo;
import dev.quiver.flight.FlightProducer;
import dev.quiver.flight.FlightStatusCode;
import dev.quiver.flight.Ticket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A dataset served as one flight, named by a path descriptor of one segment (the dataset directory's
 * name): its schema (partition keys included), and one endpoint per file, in the dataset's order, whose
 * ticket ({@code INDEX/RELATIVE-PATH}) reads that file alone through a scan (its partition values as
 * columns). It takes no uploads.
 */
final class DatasetProducer implements FlightProducer {
    private final String name;
    private final Dataset dataset;
    private final List<String> tickets = new ArrayList<>();

    /**
     * Serves a dataset.
     *
     * @param name the flight's name
     * @param dataset the dataset, opened
     */
    DatasetProducer(String name, Dataset dataset) {
        this.name = name;
        this.dataset = dataset;
        List<Fragment> fragments = dataset.fragments();
        for (int i = 0; i < fragments.size(); i++) {
            String relative = dataset.root() == null ? fragments.get(i).path().getFileName().toString()
                    : dataset.root().relativize(fragments.get(i).path().toAbsolutePath().normalize()).toString()
                            .replace('\\', '/');
            tickets.add(i + "/" + relative);
        }
    }

    @Override
    public Stream<FlightInfo> listFlights(CallContext context, byte[] criteria) {
        return Stream.of(info());
    }

    @Override
    public FlightInfo getFlightInfo(CallContext context, FlightDescriptor descriptor) {
        if (descriptor.isCommand() || descriptor.path().size() != 1) {
            throw new FlightException(FlightStatusCode.INVALID_ARGUMENT,
                    "this service's flight is a path descriptor of one segment, " + name + ", not " + descriptor);
        }
        if (!descriptor.path().getFirst().equals(name)) {
            throw new FlightException(FlightStatusCode.NOT_FOUND, "no flight " + descriptor.path().getFirst()
                    + " (this service serves the dataset " + name + ")");
        }
        return info();
    }

    private FlightInfo info() {
        List<FlightEndpoint> endpoints = new ArrayList<>();
        for (String ticket : tickets) {
            endpoints.add(new FlightEndpoint(new Ticket(ticket.getBytes(StandardCharsets.UTF_8))));
        }
        long bytes = dataset.fragments().stream().mapToLong(Fragment::size).sum();
        return new FlightInfo(dataset.schema(), FlightDescriptor.path(name), endpoints, -1, bytes, true,
                new byte[0]);
    }

    @Override
    public void doGet(CallContext context, Ticket ticket, DataSink sink) {
        String text = new String(ticket.bytes(), StandardCharsets.UTF_8);
        int index = tickets.indexOf(text);
        if (index < 0) {
            throw new FlightException(FlightStatusCode.NOT_FOUND, "no file of the dataset " + name
                    + " has the ticket '" + text + "'");
        }
        Fragment fragment = dataset.fragments().get(index);
        try (Scan scan = dataset.scanner().fragmentFilter(f -> f == fragment).threads(1).scan();
                FlightDataWriter out = sink.start(scan.schema())) {
            for (Optional<RecordBatch> b = scan.readNext(); b.isPresent() && !context.isCancelled();
                    b = scan.readNext()) {
                out.write(b.get());
            }
        } catch (DatasetException e) {
            throw new FlightException(FlightStatusCode.INTERNAL, e.getMessage(), e);
        }
    }
}
