// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.cli.flight.FlightCommand;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine;

/** The {@code quiver} command: Apache Arrow files and streams from the command line. */
@Command(name = "quiver", mixinStandardHelpOptions = true, version = "quiver 0.1.0-SNAPSHOT",
        description = "Apache Arrow columnar data for modern Java: inspect, convert, validate and benchmark "
                + "Arrow IPC files and streams, integration JSON and CSV; serve and fetch them over Arrow Flight.",
        footer = {"", "Exit status: 0 on success, 1 on bad input or a failed check, 2 on a wrong command line."})
public final class QuiverCommand implements Runnable {
    /** The subcommands, in the order of the help text; {@code help} comes last. */
    static final List<Class<?>> SUBCOMMANDS = List.of(DemoCommand.class, SchemaCommand.class, CatCommand.class,
            StatsCommand.class, ConvertCommand.class, ValidateCommand.class, JsonToArrowCommand.class,
            ArrowToJsonCommand.class, StreamToFileCommand.class, FileToStreamCommand.class, BenchGenCommand.class,
            BenchReadCommand.class, FlightCommand.class, GroupByCommand.class, SqlCommand.class,
            CommandLine.HelpCommand.class);

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--verbose", scope = ScopeType.INHERIT,
            description = "On failure, print the full stack trace, not only the one-line error.")
    boolean verbose;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** A command line for {@code quiver} with every subcommand, with the one-line error handling of the tool. */
    public static CommandLine commandLine() {
        return commandLine(SUBCOMMANDS);
    }

    /**
     * A command line for these arguments: when the first one names a subcommand, only that subcommand is
     * registered, since picocli reads the options of every registered command up front (a sixth of a second
     * for all of them on a cold JVM); otherwise (no argument, an option, {@code help}, a wrong name) all are.
     */
    static CommandLine commandLine(String[] args) {
        if (args.length > 0) {
            for (Class<?> command : SUBCOMMANDS) {
                if (command != CommandLine.HelpCommand.class
                        && command.getAnnotation(Command.class).name().equals(args[0])) {
                    return commandLine(List.of(command));
                }
            }
        }
        return commandLine();
    }

    private static CommandLine commandLine(List<Class<?>> subcommands) {
        QuiverCommand root = new QuiverCommand();
        CommandLine cli = new CommandLine(root);
        for (Class<?> command : subcommands) {
            cli.addSubcommand(command);
        }
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        cli.setUsageHelpWidth(100);
        shareVersion(cli, cli.getCommandSpec().version());
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> Failures.report(e, commandLine,
                root.verbose));
        cli.setExecutionStrategy(parseResult -> {
            try {
                return new CommandLine.RunLast().execute(parseResult);
            } catch (Error e) {
                // picocli hands exceptions to the handler above but lets errors through.
                List<CommandLine> commands = parseResult.asCommandLineList();
                return Failures.report(e, commands.get(commands.size() - 1), root.verbose);
            }
        });
        cli.setParameterExceptionHandler((e, args) -> Failures.usage(e, root.verbose));
        return cli;
    }

    /** Gives every subcommand, at any depth, the version of the root. */
    private static void shareVersion(CommandLine command, String[] version) {
        for (CommandLine sub : command.getSubcommands().values()) {
            sub.getCommandSpec().version(version);
            shareVersion(sub, version);
        }
    }

    public static void main(String[] args) {
        int status = commandLine(args).execute(args);
        // On success the JVM ends when main returns: System.exit would first look up a System.Logger for
        // its exit event (JDK 21+), which on a fresh JVM costs ~20 ms of every command. A thread that
        // would keep the JVM alive still gets System.exit.
        if (status != 0 || otherThreadKeepsJvmAlive()) {
            System.exit(status);
        }
    }

    private static boolean otherThreadKeepsJvmAlive() {
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            if (thread != Thread.currentThread() && !thread.isDaemon() && thread.isAlive()) {
                return true;
            }
        }
        return false;
    }
}
