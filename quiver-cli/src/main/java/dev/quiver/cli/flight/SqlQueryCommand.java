// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.flight;

import dev.quiver.cli.CliException;
import dev.quiver.cli.QueryResults;
import dev.quiver.cli.Subcommand;
import dev.quiver.cli.io.Formats;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightInfo;
import dev.quiver.flight.Location;
import dev.quiver.flight.sql.FlightSqlClient;
import dev.quiver.io.ArrowFormat;
import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/** {@code quiver flight sql URI QUERY [--out FILE]}: a SQL query to a Flight SQL service. */
final class SqlQueryCommand extends Subcommand {
    static final String NAME = "sql";

    private final PositionalParamSpec uri = parameter(positional("0", "URI", String.class,
            "The Flight SQL service: grpc://HOST:PORT or grpc+tls://HOST:PORT."));

    private final PositionalParamSpec query = parameter(positional("1", "QUERY", String.class,
            "The SQL statement (one)."));

    private final OptionSpec out = option(valued("--out", "FILE", Path.class,
            "Write the result to FILE (format by its name, as for convert) instead of printing it."));

    private final OptionSpec limit = option(OptionSpec.builder("-n", "--limit").paramLabel("N").type(long.class)
            .description("The most rows to print (default: ${DEFAULT-VALUE}); not applied to --out.")
            .defaultValue("100"));

    private final ClientOptions client = new ClientOptions(this);

    SqlQueryCommand() {
        super(NAME, "Runs QUERY on the Flight SQL service at URI (quiver flight serve DIR --sql, or any other: "
                + "Dremio, GizmoSQL, ...) and prints the result as a table, or writes it to --out.",
                "The statement goes as Flight SQL's CommandStatementQuery; the result's endpoints are fetched "
                + "with DoGet. An update (INSERT, CREATE, ...) prints the count of rows it changed, as the "
                + "service reports it. A file written by --out appears only once complete.");
    }

    @Override
    public Integer call() throws Exception {
        String uri = this.uri.getValue();
        String query = this.query.getValue();
        Path out = this.out.getValue();
        long limit = this.limit.getValue();
        if (limit < 0) {
            throw new CliException("--limit must be 0 or more, not " + limit, CliException.USAGE);
        }
        Location location = Remote.location(uri);
        ArrowFormat target = out == null ? null : Formats.ofOutput(out, null);
        PrintWriter printer = out();
        try (FlightSqlClient sql = new FlightSqlClient(client.connect(location))) {
            FlightInfo info = sql.execute(query);
            try (RecordBatchReader result = sql.read(info)) {
                if (target != null) {
                    printer.println(QueryResults.write(result, out, target));
                } else {
                    QueryResults.print(result, limit, printer);
                }
            }
        } catch (FlightException e) {
            throw Remote.failure(location, e);
        }
        printer.flush();
        return 0;
    }
}
