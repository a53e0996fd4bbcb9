// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.flight;

import dev.quiver.cli.text.Sizes;
import dev.quiver.core.type.Field;
import dev.quiver.flight.FlightClient;
import dev.quiver.flight.FlightDescriptor;
import dev.quiver.flight.FlightEndpoint;
import dev.quiver.flight.FlightInfo;
import dev.quiver.flight.Location;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code quiver flight info URI NAME}: the FlightInfo of one flight. */
@Command(name = "info", mixinStandardHelpOptions = true,
        description = "Describes the flight NAME of the service at URI (GetFlightInfo): schema, totals, ordering "
                + "and endpoints (ticket size, locations, expiration).")
final class InfoCommand implements Callable<Integer> {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "URI", description = "The service: grpc://HOST:PORT or grpc+tls://HOST:PORT.")
    String uri;

    @Parameters(index = "1", paramLabel = "NAME", description = "The flight: its path, segments joined by '/'.")
    String name;

    @CommandLine.Mixin
    ClientOptions client;

    /** The path descriptor of a NAME argument: segments separated by '/'. */
    static FlightDescriptor descriptor(String name) {
        return FlightDescriptor.path(name.split("/", -1));
    }

    @Override
    public Integer call() {
        Location location = Remote.location(uri);
        FlightInfo info;
        try (FlightClient c = client.connect(location)) {
            info = Remote.call(location, () -> c.getFlightInfo(descriptor(name)));
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println("flight " + Describe.name(info.descriptor()) + " at " + location.uri());
        out.println("  rows: " + (info.totalRecords() < 0 ? "unknown" : info.totalRecords()));
        out.println("  size: " + (info.totalBytes() < 0 ? "unknown" : Sizes.bytes(info.totalBytes())));
        out.println("  ordered: " + info.ordered());
        if (info.schema() == null) {
            out.println("  schema: not given");
        } else {
            out.println("  schema: " + Sizes.count(info.schema().fields().size(), "field", "fields"));
            for (Field f : info.schema().fields()) {
                out.println("    " + Describe.field(f));
            }
        }
        out.println("  endpoints: " + info.endpoints().size());
        int k = 0;
        for (FlightEndpoint e : info.endpoints()) {
            String where = e.locations().isEmpty() ? "this service"
                    : e.locations().stream().map(Location::uri).collect(Collectors.joining(", "));
            out.println("    " + k++ + ": ticket of " + Sizes.count(e.ticket().bytes().length, "byte", "bytes")
                    + ", at " + where + (e.expirationTime() == null ? "" : ", expires " + e.expirationTime()));
        }
        out.flush();
        return 0;
    }
}
