// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import java.net.URI;

/**
 * Where a Flight service can be reached: a URI such as {@code grpc://host:port} (plaintext),
 * {@code grpc+tls://host:port}, or {@link #REUSE_CONNECTION} (the service the FlightInfo came from).
 *
 * @param uri the URI, as text
 */
public record Location(String uri) {
    /** The special URI meaning "the same service, over the same connection" (Flight.rst, "Locations"). */
    public static final String REUSE_CONNECTION = "arrow-flight-reuse-connection://?";

    /**
     * A location.
     *
     * @param uri the URI, as text
     * @throws IllegalArgumentException if {@code uri} is not a URI
     */
    public Location {
        URI.create(uri);
    }

    /**
     * A plaintext gRPC location.
     *
     * @param host the host name or address
     * @param port the port
     * @return {@code grpc://host:port}
     */
    public static Location forGrpcInsecure(String host, int port) {
        return new Location("grpc://" + host + ":" + port);
    }

    /**
     * A gRPC-over-TLS location.
     *
     * @param host the host name or address
     * @param port the port
     * @return {@code grpc+tls://host:port}
     */
    public static Location forGrpcTls(String host, int port) {
        return new Location("grpc+tls://" + host + ":" + port);
    }

    /**
     * The URI.
     *
     * @return the parsed URI
     */
    public URI toUri() {
        return URI.create(uri);
    }
}
