// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * A command of {@code quiver} with its picocli model built in code rather than read from annotations: a JVM
 * reads an annotation through a proxy class it generates at run time, one per annotation type, and for the
 * few types picocli uses that was about 60 ms of every command's cold start (docs/benchmarks.md, round 8).
 *
 * <p>A subclass declares its options and parameters in its constructor (they keep the order of the help
 * text) and reads their values in {@link #call()}, once picocli has parsed the command line.
 */
public abstract class Subcommand implements Callable<Integer> {
    /** This command's picocli model; picocli runs {@link #call()} when the command line names it. */
    protected final CommandSpec spec;

    /** A command named {@code name} with these paragraphs of description and {@code --help}, {@code --version}. */
    protected Subcommand(String name, String... description) {
        spec = CommandSpec.wrapWithoutInspection(this).name(name);
        spec.usageMessage().description(description);
        addStandardHelpOptions(spec);
    }

    /**
     * Gives {@code command} {@code -h, --help} and {@code -V, --version}, as picocli's
     * {@code mixinStandardHelpOptions} does (same names and text), without reading its annotated mixin.
     */
    public static void addStandardHelpOptions(CommandSpec command) {
        command.addOption(OptionSpec.builder("-h", "--help").usageHelp(true)
                .description("Show this help message and exit.").build());
        command.addOption(OptionSpec.builder("-V", "--version").versionHelp(true)
                .description("Print version information and exit.").build());
    }

    /** This command's picocli model. */
    public final CommandSpec commandSpec() {
        return spec;
    }

    /** Adds an option built from {@code option} to this command; its value is {@code getValue()} after parsing. */
    public final OptionSpec option(OptionSpec.Builder option) {
        OptionSpec built = option.build();
        spec.addOption(built);
        return built;
    }

    /** Adds a positional parameter built from {@code parameter} to this command. */
    public final PositionalParamSpec parameter(PositionalParamSpec.Builder parameter) {
        PositionalParamSpec built = parameter.build();
        spec.addPositional(built);
        return built;
    }

    /** An option {@code name} taking a value of {@code type}, shown as {@code label} in the help. */
    public static OptionSpec.Builder valued(String name, String label, Class<?> type, String... description) {
        return OptionSpec.builder(name).paramLabel(label).type(type).description(description);
    }

    /** A boolean option {@code name}: true when given, false otherwise. */
    public static OptionSpec.Builder flag(String name, String... description) {
        return OptionSpec.builder(name).type(boolean.class).initialValue(false).description(description);
    }

    /**
     * A required positional parameter of {@code type}, shown as {@code label}, at {@code index} ("0", "1",
     * "0..*"...); {@code required(false)} and an arity make it optional.
     */
    public static PositionalParamSpec.Builder positional(String index, String label, Class<?> type,
            String... description) {
        return PositionalParamSpec.builder().index(index).paramLabel(label).type(type).required(true)
                .description(description);
    }

    /** Standard output, as the command line was set up with. */
    protected final PrintWriter out() {
        return spec.commandLine().getOut();
    }

    /** Standard error, as the command line was set up with. */
    protected final PrintWriter err() {
        return spec.commandLine().getErr();
    }
}
