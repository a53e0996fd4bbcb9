// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The safety net: whatever a command throws ends as one line on stderr, the trace only with --verbose. */
class FailuresTest {
    static final class Boom extends Subcommand {
        private final Throwable failure;

        Boom(Throwable failure) {
            super("boom", "Fails.");
            this.failure = failure;
        }

        @Override
        public Integer call() throws Exception {
            if (failure instanceof Error e) {
                throw e;
            }
            throw (Exception) failure;
        }
    }

    private static Cli.Result run(Throwable failure, String... args) {
        CommandLine cli = QuiverCommand.commandLine();
        cli.addSubcommand(new CommandLine(new Boom(failure).commandSpec()));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int exit = cli.execute(args);
        return new Cli.Result(exit, out.toString(), err.toString());
    }

    @Test
    void anUnexpectedExceptionIsOneLine() {
        Cli.Result r = run(new NullPointerException("x is null"), "boom");
        assertEquals(1, r.exit());
        assertEquals(List.of("quiver boom: internal error: NullPointerException: x is null (--verbose prints where)"),
                r.errLines());
    }

    @Test
    void errorsOfTheJvmAreOneLineToo() {
        Cli.Result oom = run(new OutOfMemoryError("Java heap space"), "boom");
        assertEquals(1, oom.exit());
        assertEquals(List.of("quiver boom: out of memory (Java heap space) (--verbose prints where)"), oom.errLines());
        Cli.Result deep = run(new StackOverflowError(), "boom");
        assertEquals(List.of("quiver boom: stack overflow (is the input nested too deeply?) (--verbose prints where)"),
                deep.errLines());
    }

    @Test
    void verbosePrintsTheTrace() {
        Cli.Result r = run(new ArithmeticException("overflow"), "--verbose", "boom");
        assertEquals(1, r.exit());
        assertEquals("quiver boom: internal error: ArithmeticException: overflow", r.errLines().get(0));
        assertTrue(r.err().contains("at dev.quiver.cli.FailuresTest"), r.err());
        Cli.Result after = run(new ArithmeticException("overflow"), "boom", "--verbose");
        assertEquals(r.errLines().get(0), after.errLines().get(0));
        assertTrue(after.err().contains("at dev.quiver.cli.FailuresTest"), after.err());
    }

    @Test
    void diagnosedFailuresKeepTheirOwnLine() {
        Cli.Result r = run(new CliException("bad input: here"), "boom");
        assertEquals(List.of("quiver boom: bad input: here"), r.errLines());
    }
}
