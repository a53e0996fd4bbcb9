// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.cli.flight.FlightCommand;
import dev.quiver.cli.io.Inputs;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.SequencedMap;
import java.util.function.Supplier;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine;

/** The {@code quiver} command: Apache Arrow files and streams from the command line. */
public final class QuiverCommand implements Runnable {
    static final String VERSION = "quiver 0.1.0-SNAPSHOT";

    /** The subcommands by name, in the order of the help text; {@code help} comes after them. */
    static final SequencedMap<String, Supplier<Subcommand>> SUBCOMMANDS = subcommands();

    private final CommandSpec spec = CommandSpec.wrapWithoutInspection(this).name("quiver").version(VERSION);
    private final OptionSpec verbose = OptionSpec.builder("--verbose").type(boolean.class).initialValue(false)
            .scopeType(ScopeType.INHERIT)
            .description("On failure, print the full stack trace, not only the one-line error.").build();

    private QuiverCommand() {
        spec.usageMessage().description("Apache Arrow columnar data for modern Java: inspect, convert, validate and "
                + "benchmark Arrow IPC files and streams, Parquet, integration JSON, CSV and NDJSON; group, sort, "
                + "filter and join them; serve and fetch them over Arrow Flight.").footer("", "Exit status: 0 on success, 1 on bad input or a failed check, 2 on a wrong "
                + "command line.");
        Subcommand.addStandardHelpOptions(spec);
        spec.addOption(verbose);
    }

    private static SequencedMap<String, Supplier<Subcommand>> subcommands() {
        SequencedMap<String, Supplier<Subcommand>> all = new LinkedHashMap<>();
        all.put(DemoCommand.NAME, DemoCommand::new);
        all.put(SchemaCommand.NAME, SchemaCommand::new);
        all.put(CatCommand.NAME, CatCommand::new);
        all.put(StatsCommand.NAME, StatsCommand::new);
        all.put(ConvertCommand.NAME, ConvertCommand::new);
        all.put(ValidateCommand.NAME, ValidateCommand::new);
        all.put(JsonToArrowCommand.NAME, JsonToArrowCommand::new);
        all.put(ArrowToJsonCommand.NAME, ArrowToJsonCommand::new);
        all.put(StreamToFileCommand.NAME, StreamToFileCommand::new);
        all.put(FileToStreamCommand.NAME, FileToStreamCommand::new);
        all.put(BenchGenCommand.NAME, BenchGenCommand::new);
        all.put(BenchReadCommand.NAME, BenchReadCommand::new);
        all.put(FlightCommand.NAME, FlightCommand::new);
        all.put(GroupByCommand.NAME, GroupByCommand::new);
        all.put(SortCommand.NAME, SortCommand::new);
        all.put(FilterCommand.NAME, FilterCommand::new);
        all.put(JoinCommand.NAME, JoinCommand::new);
        all.put(SqlCommand.NAME, SqlCommand::new);
        return Collections.unmodifiableSequencedMap(all);
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** A command line for {@code quiver} with every subcommand, with the one-line error handling of the tool. */
    public static CommandLine commandLine() {
        return commandLine(SUBCOMMANDS.keySet(), true);
    }

    /**
     * A command line for these arguments: when the first one names a subcommand, only that subcommand is
     * registered, since picocli reads the options of every registered command up front; otherwise (no
     * argument, an option, {@code help}, a wrong name) all are.
     */
    static CommandLine commandLine(String[] args) {
        if (args.length > 0 && SUBCOMMANDS.containsKey(args[0])) {
            return commandLine(List.of(args[0]), false);
        }
        return commandLine();
    }

    private static CommandLine commandLine(Collection<String> names, boolean withHelp) {
        QuiverCommand root = new QuiverCommand();
        CommandLine cli = new CommandLine(root.spec);
        for (String name : names) {
            cli.addSubcommand(name, new CommandLine(SUBCOMMANDS.get(name).get().commandSpec()));
        }
        if (withHelp) {
            cli.addSubcommand(new CommandLine.HelpCommand());
        }
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        cli.setUsageHelpWidth(100);
        shareVersion(cli, cli.getCommandSpec().version());
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> Failures.report(e, commandLine,
                root.verbose()));
        cli.setExecutionStrategy(parseResult -> {
            try {
                return new CommandLine.RunLast().execute(parseResult);
            } catch (Error e) {
                // picocli hands exceptions to the handler above but lets errors through.
                List<CommandLine> commands = parseResult.asCommandLineList();
                return Failures.report(e, commands.get(commands.size() - 1), root.verbose());
            }
        });
        cli.setParameterExceptionHandler((e, args) -> Failures.usage(e, root.verbose()));
        return cli;
    }

    /** Whether {@code --verbose} was given, before or after the subcommand. */
    private boolean verbose() {
        return verbose.getValue();
    }

    /** Gives every subcommand, at any depth, the version of the root. */
    private static void shareVersion(CommandLine command, String[] version) {
        for (CommandLine sub : command.getSubcommands().values()) {
            sub.getCommandSpec().version(version);
            shareVersion(sub, version);
        }
    }

    public static void main(String[] args) {
        Inputs.useStandardDescriptors();
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
