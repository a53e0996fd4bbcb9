// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.flight;

import dev.quiver.cli.Subcommand;
import java.util.List;
import picocli.CommandLine;

/** {@code quiver flight}: serve a directory of Arrow files over Arrow Flight, and list, fetch and upload. */
public final class FlightCommand extends Subcommand {
    public static final String NAME = "flight";

    /** The command with its subcommands {@code serve}, {@code list}, {@code info}, {@code get}, {@code put},
     * {@code sql}. */
    public FlightCommand() {
        super(NAME, "Arrow Flight: serves the Arrow files and streams of a directory (as flights, or with --sql as "
                + "tables of a Flight SQL service), and lists, describes, fetches and uploads flights of a Flight "
                + "service (Quiver's, arrow-java's, pyarrow's, ...) or queries a Flight SQL service.",
                "URI is grpc://HOST:PORT (plaintext) or grpc+tls://HOST:PORT (TLS).");
        for (Subcommand command : List.of(new ServeCommand(), new ListCommand(), new InfoCommand(), new GetCommand(),
                new PutCommand(), new SqlQueryCommand())) {
            spec.addSubcommand(command.commandSpec().name(), new CommandLine(command.commandSpec()));
        }
    }

    /** Without a subcommand: prints the usage. */
    @Override
    public Integer call() {
        spec.commandLine().usage(out());
        return 0;
    }
}
