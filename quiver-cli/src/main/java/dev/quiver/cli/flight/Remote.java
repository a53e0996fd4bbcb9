// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.flight;

import dev.quiver.cli.CliException;
import dev.quiver.flight.FlightException;
import dev.quiver.flight.Location;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.function.Supplier;

/** Flight URIs as the commands take them, and Flight failures as the one line the CLI prints. */
final class Remote {
    private Remote() {
    }

    /** The location of {@code grpc://host:port} or {@code grpc+tls://host:port}; anything else is a usage error. */
    static Location location(String uri) {
        URI parsed;
        try {
            parsed = new URI(uri);
        } catch (URISyntaxException e) {
            throw new CliException("not a URI: " + uri + " (grpc://HOST:PORT or grpc+tls://HOST:PORT)",
                    CliException.USAGE);
        }
        String scheme = parsed.getScheme() == null ? "" : parsed.getScheme();
        if (!scheme.equals("grpc") && !scheme.equals("grpc+tcp") && !scheme.equals("grpc+tls")
                || parsed.getHost() == null || parsed.getPort() < 0) {
            throw new CliException("not a Flight URI: " + uri + " (grpc://HOST:PORT or grpc+tls://HOST:PORT)",
                    CliException.USAGE);
        }
        return new Location(uri);
    }

    /** Runs a call, turning a Flight failure into a line naming its status and the service. */
    static <T> T call(Location where, Supplier<T> call) {
        try {
            return call.get();
        } catch (FlightException e) {
            throw failure(where, e);
        }
    }

    /** A Flight failure as the CLI reports it. */
    static CliException failure(Location where, FlightException e) {
        return new CliException(where.uri() + ": " + e.code() + ": " + causes(e), e);
    }

    /**
     * A failure's message and those of its causes that say more (a TLS handshake's, a socket's), as one
     * line: gRPC's own message for a failed connection is only "io exception".
     */
    static String causes(Throwable e) {
        StringBuilder b = new StringBuilder(String.valueOf(e.getMessage()));
        Throwable seen = e;
        for (Throwable c = e.getCause(); c != null && c != seen; seen = c, c = c.getCause()) {
            String m = c.getMessage();
            if (m != null && !b.toString().contains(m) && !m.contains(String.valueOf(seen.getMessage()))) {
                b.append(" (").append(c.getClass().getSimpleName()).append(": ").append(m).append(')');
            }
        }
        return b.toString().replaceAll("\\s*\\R\\s*", " ");
    }
}
