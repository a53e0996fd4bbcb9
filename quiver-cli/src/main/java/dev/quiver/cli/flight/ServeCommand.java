// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.flight;

import dev.quiver.cli.CliException;
import dev.quiver.cli.Subcommand;
import dev.quiver.flight.DirectoryProducer;
import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightServer;
import dev.quiver.ipc.IpcReadOptions;
import dev.quiver.ipc.IpcWriteOptions;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/** {@code quiver flight serve DIR}: a Flight service of the Arrow files and streams in a directory. */
final class ServeCommand extends Subcommand {
    static final String NAME = "serve";

    private final PositionalParamSpec dir = parameter(positional("0", "DIR", Path.class,
            "The directory to serve."));

    private final OptionSpec port = option(valued("--port", "N", int.class,
            "The port to listen on; 0 for any free port (default: ${DEFAULT-VALUE}).").defaultValue("8815"));

    private final OptionSpec tls = option(valued("--tls", "CERT KEY", List.class,
            "Serve over TLS with this certificate chain and private key (PEM, PKCS#8).").auxiliaryTypes(Path.class)
            .arity("2").hideParamSyntax(true));

    private final OptionSpec token = option(valued("--token", "TOKEN", String.class,
            "Require this bearer token on every call."));

    private final OptionSpec user = option(valued("--user", "USER", String.class,
            "Require authentication as USER (with --password): the handshake gives a bearer token."));

    private final OptionSpec password = option(valued("--password", "PASSWORD", String.class,
            "The password of --user."));

    private final OptionSpec batchesPerEndpoint = option(valued("--batches-per-endpoint", "N", int.class,
            "The batches of an Arrow file one endpoint covers (default: ${DEFAULT-VALUE}).").defaultValue("16"));

    ServeCommand() {
        super(NAME, "Serves the Arrow files and streams in DIR over Arrow Flight, on every network interface, "
                + "until stopped (Ctrl-C).",
                "ListFlights lists them with schema, row count and size; GetFlightInfo gives one endpoint per range "
                + "of batches of an Arrow file (clients fetch them in parallel); DoGet reads the memory-mapped "
                + "file; DoPut stores an upload as a new file, renamed into place once complete (a failed "
                + "upload leaves nothing). Flights are named by file name; hidden files are not served.",
                "Prints the address it listens on to stderr (with --port 0, the port chosen).");
    }

    @Override
    public Integer call() throws Exception {
        Path dir = this.dir.getValue();
        int port = this.port.getValue();
        List<Path> tls = this.tls.getValue();
        String token = this.token.getValue();
        String user = this.user.getValue();
        String password = this.password.getValue();
        int batchesPerEndpoint = this.batchesPerEndpoint.getValue();
        if (!Files.isDirectory(dir)) {
            throw new CliException(Files.exists(dir) ? "not a directory: " + dir : "no such directory: " + dir);
        }
        if (token != null && (user != null || password != null)) {
            throw new CliException("--token and --user/--password exclude each other", CliException.USAGE);
        }
        if ((user == null) != (password == null)) {
            throw new CliException("--user and --password go together", CliException.USAGE);
        }
        if (port < 0 || port > 65535 || batchesPerEndpoint < 1) {
            throw new CliException(port < 0 || port > 65535 ? "--port must be from 0 to 65535, not " + port
                    : "--batches-per-endpoint must be at least 1", CliException.USAGE);
        }
        FlightServer.Builder b = FlightServer.builder(new DirectoryProducer(dir, batchesPerEndpoint,
                IpcReadOptions.DEFAULT, IpcWriteOptions.DEFAULT)).port(port);
        if (tls != null) {
            if (tls.size() != 2) {
                throw new CliException("--tls takes one certificate chain and one key, once", CliException.USAGE);
            }
            for (Path p : tls) {
                if (!Files.isRegularFile(p)) {
                    throw new CliException("no such file: " + p);
                }
            }
            b.useTls(tls.get(0).toFile(), tls.get(1).toFile());
        }
        if (token != null) {
            b.authenticator(ServeAuthenticator.token(token));
        } else if (user != null) {
            b.authenticator(ServeAuthenticator.password(user, password));
        }
        FlightServer server;
        try {
            server = b.build().start();
        } catch (FlightException e) {
            throw new CliException("cannot serve on port " + port + ": " + e.getMessage(), e);
        }
        Thread stop = new Thread(server::close, "quiver-flight-stop");
        Runtime.getRuntime().addShutdownHook(stop);
        try {
            PrintWriter err = err();
            err.println(spec.qualifiedName() + ": serving " + dir + " at " + server.location().uri()
                    + " (every interface)");
            err.flush();
            new CountDownLatch(1).await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            server.close();
            try {
                Runtime.getRuntime().removeShutdownHook(stop);
            } catch (IllegalStateException e) {
                // The JVM is shutting down: the hook runs (and closes the closed server again, harmlessly).
            }
        }
        return 0;
    }
}
