// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.flight;

import dev.quiver.cli.Subcommand;
import dev.quiver.cli.text.Sizes;
import dev.quiver.core.type.Field;
import dev.quiver.flight.FlightClient;
import dev.quiver.flight.FlightDescriptor;
import dev.quiver.flight.FlightEndpoint;
import dev.quiver.flight.FlightInfo;
import dev.quiver.flight.Location;
import java.io.PrintWriter;
import java.util.stream.Collectors;
import picocli.CommandLine.Model.PositionalParamSpec;

/** {@code quiver flight info URI NAME}: the FlightInfo of one flight. */
final class InfoCommand extends Subcommand {
    static final String NAME = "info";

    private final PositionalParamSpec uri = parameter(positional("0", "URI", String.class,
            "The service: grpc://HOST:PORT or grpc+tls://HOST:PORT."));

    private final PositionalParamSpec name = parameter(positional("1", "NAME", String.class,
            "The flight: its path, segments joined by '/'."));

    private final ClientOptions client = new ClientOptions(this);

    /** The path descriptor of a NAME argument: segments separated by '/'. */
    static FlightDescriptor descriptor(String name) {
        return FlightDescriptor.path(name.split("/", -1));
    }

    InfoCommand() {
        super(NAME, "Describes the flight NAME of the service at URI (GetFlightInfo): schema, totals, ordering "
                + "and endpoints (ticket size, locations, expiration).");
    }

    @Override
    public Integer call() {
        String uri = this.uri.getValue();
        String name = this.name.getValue();
        Location location = Remote.location(uri);
        FlightInfo info;
        try (FlightClient c = client.connect(location)) {
            info = Remote.call(location, () -> c.getFlightInfo(descriptor(name)));
        }
        PrintWriter out = out();
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
