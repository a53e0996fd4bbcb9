// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.flight;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/** {@code quiver flight}: serve a directory of Arrow files over Arrow Flight, and list, fetch and upload. */
@Command(name = "flight", mixinStandardHelpOptions = true,
        description = {"Arrow Flight: serves the Arrow files and streams of a directory, and lists, describes, "
                + "fetches and uploads flights of a Flight service (Quiver's, arrow-java's, pyarrow's, ...).",
                "URI is grpc://HOST:PORT (plaintext) or grpc+tls://HOST:PORT (TLS)."},
        subcommands = {ServeCommand.class, ListCommand.class, InfoCommand.class, GetCommand.class,
                PutCommand.class})
public final class FlightCommand implements Callable<Integer> {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    /** Without a subcommand: prints the usage. */
    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return 0;
    }
}
