package dev.quiver.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code quiver} command: Apache Arrow files and streams from the command line. */
@Command(name = "quiver", mixinStandardHelpOptions = true, version = "quiver 0.1.0-SNAPSHOT",
        description = "Apache Arrow columnar data for modern Java.",
        subcommands = {DemoCommand.class, CommandLine.HelpCommand.class})
public final class QuiverCommand implements Runnable {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new QuiverCommand()).execute(args));
    }
}
