// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import dev.quiver.core.QuiverException;
import dev.quiver.core.type.Schema;
import dev.quiver.flight.FlightClient;
import dev.quiver.flight.FlightDescriptor;
import dev.quiver.flight.FlightEndpoint;
import dev.quiver.flight.FlightInfo;
import dev.quiver.flight.Location;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A flight of a Flight service: GetFlightInfo on the driver, one fragment per endpoint, each fetched by one
 * task with DoGet from the endpoint's first location (or the service itself when it names none), the
 * endpoint's hosts given to Spark as the partition's preferred locations.
 */
final class FlightFragmentSource implements FragmentSource {
    /** The option of the service's location, such as {@code grpc://host:port}. */
    static final String LOCATION = "location";
    /** The option of a command descriptor's command (UTF-8 text), instead of a path. */
    static final String COMMAND = "command";

    private final Schema schema;
    private final List<Fragment> fragments;

    /**
     * Asks the service for the flight's schema and endpoints.
     *
     * @param options the options: {@code location}, and {@code path} (segments separated by {@code /}) or
     *     {@code command}
     * @throws QuiverSparkException if an option is missing or the service cannot answer
     */
    FlightFragmentSource(Map<String, String> options) {
        String location = options.get(LOCATION);
        if (location == null) {
            throw new QuiverSparkException("option " + LOCATION + " (the service, such as grpc://host:port) is missing");
        }
        FlightDescriptor descriptor = descriptor(options);
        try (FlightClient client = FlightClient.builder(new Location(location)).build()) {
            FlightInfo info = client.getFlightInfo(descriptor);
            Schema found = info.schema() != null ? info.schema() : client.getSchema(descriptor);
            List<Fragment> planned = new ArrayList<>();
            for (FlightEndpoint endpoint : info.endpoints()) {
                List<String> uris = new ArrayList<>();
                for (Location l : endpoint.locations()) {
                    if (!l.uri().equals(Location.REUSE_CONNECTION)) {
                        uris.add(l.uri());
                    }
                }
                planned.add(new FlightFragment(location, uris, endpoint.ticket().bytes()));
            }
            this.schema = found;
            this.fragments = List.copyOf(planned);
        } catch (IllegalArgumentException e) {
            throw new QuiverSparkException("option " + LOCATION + " is not a URI: " + location, e);
        } catch (QuiverException e) {
            if (e instanceof QuiverSparkException) {
                throw e;
            }
            throw new QuiverSparkException("Flight service " + location + " could not give flight " + descriptor
                    + ": " + e.getMessage(), e);
        }
    }

    private static FlightDescriptor descriptor(Map<String, String> options) {
        String command = options.get(COMMAND);
        String path = options.get(LocalPaths.PATH);
        if (command != null && path != null) {
            throw new QuiverSparkException("options " + COMMAND + " and " + LocalPaths.PATH
                    + " both name a flight: give one");
        }
        if (command != null) {
            return FlightDescriptor.command(command.getBytes(StandardCharsets.UTF_8));
        }
        if (path == null) {
            throw new QuiverSparkException("no flight named: load(path) or option(\"command\", ...) names it");
        }
        return FlightDescriptor.path(path.split("/"));
    }

    @Override
    public Schema schema() {
        return schema;
    }

    /** {@inheritDoc} One fragment per endpoint: a Flight ticket cannot skip batches by their values. */
    @Override
    public ScanPlan plan(Pushdown pushdown) {
        return ScanPlan.of(fragments);
    }
}
