// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class QuiverCommandTest {
    private static final List<String> COMMANDS = List.of("demo", "schema", "cat", "stats", "convert", "validate",
            "json-to-arrow", "arrow-to-json", "stream-to-file", "file-to-stream", "bench-gen", "bench-read");

    @TempDir
    Path dir;

    @Test
    void helpListsEverySubcommand() {
        Cli.Result r = Cli.run("--help");
        assertEquals(0, r.exit());
        for (String command : COMMANDS) {
            assertTrue(r.out().contains("\n  " + command + " "), command + " missing from:\n" + r.out());
        }
    }

    @Test
    void noArgumentsPrintsTheUsage() {
        Cli.Result r = Cli.run();
        assertEquals(0, r.exit());
        assertTrue(r.out().startsWith("Usage: quiver"), r.out());
    }

    @ParameterizedTest
    @ValueSource(strings = {"demo", "schema", "cat", "stats", "convert", "validate", "json-to-arrow", "arrow-to-json",
            "stream-to-file", "file-to-stream", "bench-gen", "bench-read", "group-by", "sort", "filter", "join"})
    void everyCommandHasHelp(String command) {
        Cli.Result r = Cli.run(command, "--help");
        assertEquals(0, r.exit());
        assertTrue(r.out().startsWith("Usage: quiver " + command), r.out());
        assertTrue(r.out().contains("--help"), r.out());
        assertTrue(r.out().contains("--verbose"), r.out());
        assertEquals("", r.err());
        Cli.Result version = Cli.run(command, "--version");
        assertEquals(0, version.exit());
        assertEquals("quiver 0.1.0-SNAPSHOT", version.out().strip());
    }

    @Test
    void aCommandNamedFirstIsTheOnlyOneBuiltAndReadsAsWithAllOfThem() {
        picocli.CommandLine all = QuiverCommand.commandLine();
        for (String name : QuiverCommand.SUBCOMMANDS.keySet()) {
            picocli.CommandLine alone = QuiverCommand.commandLine(new String[] {name, "--help"});
            assertEquals(List.of(name), List.copyOf(alone.getSubcommands().keySet()));
            assertEquals(all.getSubcommands().get(name).getUsageMessage(),
                    alone.getSubcommands().get(name).getUsageMessage(), name);
        }
        List<String> everyOne = new java.util.ArrayList<>(QuiverCommand.SUBCOMMANDS.keySet());
        everyOne.add("help");
        assertEquals(everyOne, List.copyOf(all.getSubcommands().keySet()));
        assertEquals(everyOne, List.copyOf(QuiverCommand.commandLine(new String[] {"help", "cat"})
                .getSubcommands().keySet()));
        assertEquals(everyOne, List.copyOf(QuiverCommand.commandLine(new String[] {"--verbose", "cat"})
                .getSubcommands().keySet()));
    }

    /** A JVM reads annotations through proxy classes it generates: tens of milliseconds of a cold start. */
    @Test
    void commandsDeclareTheirOptionsInCodeNotWithAnnotations() {
        for (Supplier<Subcommand> command : QuiverCommand.SUBCOMMANDS.values()) {
            Class<?> type = command.get().getClass();
            assertEquals(0, type.getAnnotations().length, type.getName());
            for (Field field : type.getDeclaredFields()) {
                assertEquals(0, field.getAnnotations().length, type.getName() + "." + field.getName());
            }
        }
    }

    @Test
    void unknownCommandIsAUsageErrorOnOneLine() {
        Cli.Result r = Cli.run("frobnicate");
        assertEquals(2, r.exit());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().contains("frobnicate"), r.err());
    }

    @Test
    void missingParameterIsAUsageErrorOnOneLine() {
        Cli.Result r = Cli.run("convert", "only-one.csv");
        assertEquals(2, r.exit());
        assertEquals(List.of("quiver convert: Missing required parameter: 'OUT' (see 'quiver convert --help')"),
                r.errLines());
    }

    @Test
    void badOptionValueIsAUsageError() {
        Cli.Result r = Cli.run("convert", "a.csv", "b.arrow", "--codec", "gzip");
        assertEquals(2, r.exit());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().contains("--codec"), r.err());
    }

    @Test
    void missingFileIsOneLineAndExitOne() {
        Path missing = dir.resolve("missing.arrow");
        Cli.Result r = Cli.run("cat", missing);
        assertEquals(1, r.exit());
        assertEquals(List.of("quiver cat: no such file: " + missing), r.errLines());
    }

    @Test
    void garbageIsOneLineWithoutStackTraceUnlessVerbose() throws IOException {
        Path garbage = Files.writeString(dir.resolve("garbage.arrows"), "this is not arrow at all");
        Cli.Result quiet = Cli.run("validate", garbage);
        assertEquals(1, quiet.exit());
        assertEquals(1, quiet.errLines().size(), quiet.err());
        assertTrue(quiet.err().startsWith("quiver validate: " + garbage + ": not Arrow IPC, Parquet, integration JSON"), quiet.err());
        assertFalse(quiet.err().contains("\tat "), quiet.err());

        Cli.Result verbose = Cli.run("validate", "--verbose", garbage);
        assertEquals(1, verbose.exit());
        assertTrue(verbose.err().contains("\tat "), verbose.err());
        assertEquals(quiet.errLines().get(0), verbose.errLines().get(0));
    }

    @Test
    void verboseIsAcceptedBeforeTheSubcommandToo() throws IOException {
        Path garbage = Files.writeString(dir.resolve("garbage.arrows"), "nope");
        Cli.Result r = Cli.run("--verbose", "validate", garbage);
        assertEquals(1, r.exit());
        assertTrue(r.err().contains("\tat "), r.err());
    }
}
