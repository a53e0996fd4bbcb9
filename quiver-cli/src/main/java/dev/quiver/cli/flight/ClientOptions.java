// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.flight;

import dev.quiver.cli.CliException;
import dev.quiver.flight.FlightClient;
import dev.quiver.flight.Location;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import picocli.CommandLine.Option;

/** The options of the client commands: credentials, trusted roots, timeout. */
final class ClientOptions {
    @Option(names = "--token", paramLabel = "TOKEN", description = "A bearer token sent with every call.")
    String token;

    @Option(names = "--user", paramLabel = "USER",
            description = "Authenticate with the basic-auth handshake as USER (with --password).")
    String user;

    @Option(names = "--password", paramLabel = "PASSWORD", description = "The password of --user.")
    String password;

    @Option(names = "--trust", paramLabel = "CERT",
            description = "The certificates (PEM) a grpc+tls server's certificate must chain to (default: the "
                    + "JDK's trusted roots).")
    Path trust;

    @Option(names = "--timeout", paramLabel = "SECONDS",
            description = "Fail a call that takes longer (default: no limit).")
    Double timeout;

    /** A client of {@code location}, authenticated as the options say. */
    FlightClient connect(Location location) {
        if (token != null && (user != null || password != null)) {
            throw new CliException("--token and --user/--password exclude each other", CliException.USAGE);
        }
        if ((user == null) != (password == null)) {
            throw new CliException("--user and --password go together", CliException.USAGE);
        }
        if (trust != null && !Files.isRegularFile(trust)) {
            throw new CliException("no such file: " + trust);
        }
        if (timeout != null && !(timeout > 0)) {
            throw new CliException("--timeout must be positive, not " + timeout, CliException.USAGE);
        }
        FlightClient.Builder b = FlightClient.builder(location).bearerToken(token);
        if (trust != null) {
            b.trustRoots(trust.toFile());
        }
        if (timeout != null) {
            b.timeout(Duration.ofNanos(Math.round(timeout * 1e9)));
        }
        FlightClient client = Remote.call(location, b::build);
        if (user != null) {
            try {
                Remote.call(location, () -> client.authenticateBasic(user, password));
            } catch (RuntimeException e) {
                client.close();
                throw e;
            }
        }
        return client;
    }
}
