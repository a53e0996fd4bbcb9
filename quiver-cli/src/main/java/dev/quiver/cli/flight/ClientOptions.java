// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.flight;

import dev.quiver.cli.CliException;
import dev.quiver.cli.Subcommand;
import dev.quiver.flight.FlightClient;
import dev.quiver.flight.Location;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import picocli.CommandLine.Model.OptionSpec;

/** The options of the client commands: credentials, trusted roots, timeout. */
final class ClientOptions {
    private final OptionSpec token;
    private final OptionSpec tokenFile;
    private final OptionSpec user;
    private final OptionSpec password;
    private final OptionSpec passwordFile;
    private final OptionSpec trust;
    private final OptionSpec timeout;

    /** Adds the client options to {@code command}, whose command line will hold their values. */
    ClientOptions(Subcommand command) {
        token = command.option(Subcommand.valued("--token", "TOKEN", String.class,
                "A bearer token sent with every call (also from --token-file or $" + Secrets.TOKEN_ENV + ")."));
        tokenFile = command.option(Subcommand.valued("--token-file", "FILE", Path.class,
                "Read the token of --token from the first line of FILE."));
        user = command.option(Subcommand.valued("--user", "USER", String.class,
                "Authenticate with the basic-auth handshake as USER."));
        password = command.option(Subcommand.valued("--password", "PASSWORD", String.class,
                "The password of --user (also from --password-file or $" + Secrets.PASSWORD_ENV + ")."));
        passwordFile = command.option(Subcommand.valued("--password-file", "FILE", Path.class,
                "Read the password of --user from the first line of FILE."));
        trust = command.option(Subcommand.valued("--trust", "CERT", Path.class,
                "The certificates (PEM) a grpc+tls server's certificate must chain to (default: the JDK's trusted "
                        + "roots)."));
        timeout = command.option(Subcommand.valued("--timeout", "SECONDS", Double.class,
                "Fail a call that takes longer (default: no limit)."));
    }

    /** A client of {@code location}, authenticated as the options say. */
    FlightClient connect(Location location) {
        String user = this.user.getValue();
        String token = Secrets.resolve(this.token.getValue(), "--token", tokenFile.getValue(),
                user == null ? Secrets.TOKEN_ENV : null, user == null ? System::getenv : name -> null);
        String password = Secrets.resolve(this.password.getValue(), "--password", passwordFile.getValue(),
                Secrets.PASSWORD_ENV, user != null ? System::getenv : name -> null);
        Path trust = this.trust.getValue();
        Double timeout = this.timeout.getValue();
        if (token != null && user != null) {
            throw new CliException("--token and --user exclude each other", CliException.USAGE);
        }
        if (user == null && (this.password.getValue() != null || passwordFile.getValue() != null)) {
            throw new CliException("--password goes with --user", CliException.USAGE);
        }
        if (user != null && password == null) {
            throw new CliException("--user needs a password: --password, --password-file or $"
                    + Secrets.PASSWORD_ENV, CliException.USAGE);
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
