// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.flight;

import dev.quiver.cli.CliException;
import dev.quiver.cli.Subcommand;
import dev.quiver.flight.DirectoryProducer;
import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightProducer;
import dev.quiver.flight.FlightServer;
import dev.quiver.flight.ServerLimits;
import dev.quiver.flightsql.DuckDbSqlProducer;
import dev.quiver.flightsql.SqlLimits;
import dev.quiver.ipc.IpcReadOptions;
import dev.quiver.ipc.IpcWriteOptions;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/** {@code quiver flight serve DIR}: a Flight service of the Arrow files and streams in a directory. */
final class ServeCommand extends Subcommand {
    static final String NAME = "serve";

    private final PositionalParamSpec dir = parameter(positional("0", "DIR", Path.class,
            "The directory to serve."));

    private final OptionSpec host = option(valued("--host", "HOST",  String.class,
            "The address to listen on: a host name or address of this machine, 0.0.0.0 or :: for every "
            + "interface (default: the loopback address, reachable from this machine only)."));

    private final OptionSpec port = option(valued("--port", "N", int.class,
            "The port to listen on; 0 for any free port (default: ${DEFAULT-VALUE}).").defaultValue("8815"));

    private final OptionSpec allowUpload = option(flag("--allow-upload",
            "Take uploads (DoPut) as new files in DIR; without it uploads are refused."));

    private final OptionSpec tls = option(valued("--tls", "CERT KEY", List.class,
            "Serve over TLS with this certificate chain and private key (PEM, PKCS#8).").auxiliaryTypes(Path.class)
            .arity("2").hideParamSyntax(true));

    private final OptionSpec token = option(valued("--token", "TOKEN", String.class,
            "Require this bearer token on every call (also from --token-file or $" + Secrets.TOKEN_ENV + ")."));

    private final OptionSpec tokenFile = option(valued("--token-file", "FILE", Path.class,
            "Read the token of --token from the first line of FILE."));

    private final OptionSpec user = option(valued("--user", "USER", String.class,
            "Require authentication as USER: the handshake with USER and the password gives a bearer token."));

    private final OptionSpec password = option(valued("--password", "PASSWORD", String.class,
            "The password of --user (also from --password-file or $" + Secrets.PASSWORD_ENV + ")."));

    private final OptionSpec passwordFile = option(valued("--password-file", "FILE", Path.class,
            "Read the password of --user from the first line of FILE."));

    private final OptionSpec tokenLifetime = option(valued("--token-lifetime", "SECONDS", long.class,
            "How long a token of the --user handshake stays valid (default: ${DEFAULT-VALUE}).")
            .defaultValue("3600"));

    private final OptionSpec maxMessage = option(valued("--max-message-mib", "N", int.class,
            "The largest message a client may send, in MiB; a larger one is refused (default: ${DEFAULT-VALUE}).")
            .defaultValue(String.valueOf(ServerLimits.DEFAULT_MAX_MESSAGE_BYTES >> 20)));

    private final OptionSpec idleTimeout = option(valued("--idle-timeout", "SECONDS", long.class,
            "End a call whose client sends or takes nothing for this long (default: ${DEFAULT-VALUE}).")
            .defaultValue(String.valueOf(ServerLimits.DEFAULT.idleTimeout().toSeconds())));

    private final OptionSpec batchesPerEndpoint = option(valued("--batches-per-endpoint", "N", int.class,
            "The batches of an Arrow file one endpoint covers (default: ${DEFAULT-VALUE}).").defaultValue("16"));

    private final OptionSpec partitioning = option(valued("--partitioning", "hive|dir:COL[,COL...]|none",
            String.class, "Serve DIR as a dataset, its files one flight, with this partitioning (by default a DIR "
            + "with subdirectories or Parquet, CSV, TSV or NDJSON files is a dataset, hive-partitioned)."));

    private final OptionSpec sql = option(flag("--sql",
            "Serve DIR as a Flight SQL service: its Arrow files and streams are tables of a DuckDB database that "
            + "clients (the Arrow JDBC driver, ADBC, quiver flight sql) query; see docs/flight-sql.md."));

    private final OptionSpec maxResult = option(valued("--max-result-mib", "N", long.class,
            "With --sql: the largest result (or ingested upload) the service holds for a client, in MiB "
            + "(default: ${DEFAULT-VALUE}).").defaultValue(String.valueOf(SqlLimits.DEFAULT.maxResultBytes() >> 20)));

    private final OptionSpec queryTimeout = option(valued("--query-timeout", "SECONDS", long.class,
            "With --sql: stop a statement that runs longer (default: ${DEFAULT-VALUE}).")
            .defaultValue(String.valueOf(SqlLimits.DEFAULT.queryTimeout().toSeconds())));

    ServeCommand() {
        super(NAME, "Serves the Arrow files and streams in DIR over Arrow Flight until stopped (Ctrl-C); on the "
                + "loopback address unless given --host.",
                "ListFlights lists them with schema, row count and size; GetFlightInfo gives one endpoint per range "
                + "of batches of an Arrow file (clients fetch them in parallel); DoGet reads the memory-mapped "
                + "file; with --allow-upload, DoPut stores an upload as a new file, renamed into place once "
                + "complete (a failed upload leaves nothing). Flights are named by file name; hidden files, and "
                + "symbolic links leading out of DIR, are not served.",
                "Limits: at most " + ServerLimits.DEFAULT.maxCalls() + " calls at once ("
                + ServerLimits.DEFAULT.maxCallsPerClient() + " per client address), of which "
                + ServerLimits.DEFAULT.maxUploads() + " uploads (" + ServerLimits.DEFAULT.maxUploadsPerClient()
                + " per client); a refused call is logged as one line on stderr.",
                "Without --token or --user every client that reaches the address may call; a token or password "
                + "is best given by file or environment variable, which other users cannot see.",
                "With --sql, DIR's files are tables named by file name without extension, in one DuckDB database "
                + "every client shares (updates, ingestion and transactions included); DuckDB may not reach files, "
                + "the network or extensions (no read_csv of a path, COPY TO, ATTACH, INSTALL or LOAD), and "
                + "results and statement times are bounded.",
                "A dataset (DIR with subdirectories or Parquet, CSV, TSV or NDJSON files, or any DIR with "
                + "--partitioning; see docs/datasets.md) is served as one flight named by DIR's name: its files as "
                + "one table with the partition columns, one endpoint per file; no uploads.",
                "Prints the address it listens on to stderr (with --port 0, the port chosen).");
    }

    @Override
    public Integer call() throws Exception {
        Path dir = this.dir.getValue();
        int port = this.port.getValue();
        String host = this.host.getValue();
        List<Path> tls = this.tls.getValue();
        String user = this.user.getValue();
        String password = Secrets.resolve(this.password.getValue(), "--password", passwordFile.getValue(),
                Secrets.PASSWORD_ENV, System::getenv);
        String token = Secrets.resolve(this.token.getValue(), "--token", tokenFile.getValue(),
                user == null ? Secrets.TOKEN_ENV : null, user == null ? System::getenv : name -> null);
        long lifetime = tokenLifetime.getValue();
        int maxMessageMib = maxMessage.getValue();
        long idle = idleTimeout.getValue();
        int batchesPerEndpoint = this.batchesPerEndpoint.getValue();
        boolean uploads = allowUpload.getValue();
        boolean sql = this.sql.getValue();
        long maxResultMib = maxResult.getValue();
        long queryTimeoutSeconds = queryTimeout.getValue();
        if (!Files.isDirectory(dir)) {
            throw new CliException(Files.exists(dir) ? "not a directory: " + dir : "no such directory: " + dir);
        }
        if (token != null && user != null) {
            throw new CliException("--token and --user exclude each other", CliException.USAGE);
        }
        if (user != null && password == null) {
            throw new CliException("--user needs a password: --password, --password-file or $"
                    + Secrets.PASSWORD_ENV, CliException.USAGE);
        }
        if (user == null && (this.password.getValue() != null || passwordFile.getValue() != null)) {
            throw new CliException("--password goes with --user", CliException.USAGE);
        }
        if (port < 0 || port > 65535) {
            throw new CliException("--port must be from 0 to 65535, not " + port, CliException.USAGE);
        }
        if (batchesPerEndpoint < 1 || lifetime < 1 || maxMessageMib < 1 || maxMessageMib > 2047 || idle < 1) {
            throw new CliException("--batches-per-endpoint, --token-lifetime and --idle-timeout must be at least 1, "
                    + "--max-message-mib from 1 to 2047", CliException.USAGE);
        }
        if (sql && uploads) {
            throw new CliException("--allow-upload and --sql exclude each other (a Flight SQL client ingests with "
                    + "CommandStatementIngest)", CliException.USAGE);
        }
        if (maxResultMib < 1 || queryTimeoutSeconds < 1) {
            throw new CliException("--max-result-mib and --query-timeout must be at least 1", CliException.USAGE);
        }
        ServerLimits limits = ServerLimits.DEFAULT.withMaxMessageBytes(maxMessageMib << 20)
                .withIdleTimeout(Duration.ofSeconds(idle));
        DuckDbSqlProducer sqlProducer;
        try {
            sqlProducer = sql ? DuckDbSqlProducer.open(dir, SqlLimits.DEFAULT.withMaxResultBytes(maxResultMib << 20)
                    .withQueryTimeout(Duration.ofSeconds(queryTimeoutSeconds))) : null;
        } catch (FlightException e) {
            throw new CliException("cannot serve " + dir + " over Flight SQL: " + e.getMessage(), e);
        }
        String partitioning = this.partitioning.getValue();
        boolean dataset = !sql && (partitioning != null || DatasetServing.looksLikeDataset(dir));
        if (dataset && uploads) {
            throw new CliException("a dataset is served without uploads: --allow-upload serves a directory of "
                    + "Arrow files", CliException.USAGE);
        }
        FlightProducer producer = sql ? sqlProducer
                : dataset ? DatasetServing.producer(dir, partitioning == null ? "hive" : partitioning)
                : new DirectoryProducer(dir, batchesPerEndpoint, IpcReadOptions.DEFAULT, IpcWriteOptions.DEFAULT,
                        uploads);
        try {
            return serve(producer, dir, host, port, limits, tls, token, user, password, lifetime, uploads, sql);
        } finally {
            if (sqlProducer != null) {
                sqlProducer.close();
            }
        }
    }

    private Integer serve(FlightProducer producer, Path dir, String host, int port, ServerLimits limits,
            List<Path> tls, String token, String user, String password, long lifetime, boolean uploads, boolean sql)
            throws Exception {
        FlightServer.Builder b = FlightServer.builder(producer).port(port).limits(limits);
        if (host != null) {
            b.host(host);
        }
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
            b.authenticator(ServeAuthenticator.password(user, password, Duration.ofSeconds(lifetime),
                    System::nanoTime));
        }
        FlightServer server;
        try {
            server = b.build().start();
        } catch (FlightException e) {
            throw new CliException("cannot serve on port " + port + ": " + Remote.causes(e), e);
        }
        Thread stop = new Thread(server::close, "quiver-flight-stop");
        Runtime.getRuntime().addShutdownHook(stop);
        try {
            PrintWriter err = err();
            err.println(spec.qualifiedName() + ": serving " + dir + " at " + server.location().uri()
                    + (host == null ? " (this machine only; --host to listen on others)" : " (listening on " + host + ")")
                    + (sql ? " as a Flight SQL service" : producer instanceof DatasetProducer ? " as a dataset"
                    : uploads ? ", uploads taken" : ", no uploads")
                    + (token == null && user == null ? ", no authentication" : ""));
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
