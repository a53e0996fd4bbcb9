// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.flight;

import dev.quiver.cli.Subcommand;
import dev.quiver.cli.text.Sizes;
import dev.quiver.core.text.TextTable;
import dev.quiver.flight.FlightClient;
import dev.quiver.flight.FlightInfo;
import dev.quiver.flight.Location;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Model.PositionalParamSpec;

/** {@code quiver flight list URI}: the flights of a service. */
final class ListCommand extends Subcommand {
    static final String NAME = "list";

    private final PositionalParamSpec uri = parameter(positional("0", "URI", String.class,
            "The service: grpc://HOST:PORT or grpc+tls://HOST:PORT."));

    private final ClientOptions client = new ClientOptions(this);

    ListCommand() {
        super(NAME, "Lists the flights of the Flight service at URI (ListFlights): name, rows, size, endpoints "
                + "and fields.");
    }

    @Override
    public Integer call() {
        String uri = this.uri.getValue();
        Location location = Remote.location(uri);
        List<FlightInfo> flights;
        try (FlightClient c = client.connect(location)) {
            flights = Remote.call(location, () -> c.listFlights(new byte[0]));
        }
        PrintWriter out = out();
        out.println(Sizes.count(flights.size(), "flight", "flights") + " at " + location.uri() + ":");
        if (!flights.isEmpty()) {
            TextTable table = new TextTable(List.of("flight", "rows", "size", "endpoints", "fields"),
                    false, true, true, true, false);
            for (FlightInfo f : flights) {
                table.add(Describe.name(f.descriptor()), f.totalRecords() < 0 ? "?" : Long.toString(f.totalRecords()),
                        f.totalBytes() < 0 ? "?" : Sizes.bytes(f.totalBytes()), Integer.toString(f.endpoints().size()),
                        Describe.fields(f.schema()));
            }
            table.print(out, "  ");
        }
        out.flush();
        return 0;
    }
}
