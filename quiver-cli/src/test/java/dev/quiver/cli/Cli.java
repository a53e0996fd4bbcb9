// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** Runs the quiver command in-process, built as {@code main} builds it, and captures what it prints. */
final class Cli {
    private Cli() {
    }

    /** The exit status and the text printed on stdout and stderr. */
    record Result(int exit, String out, String err) {
        /** The lines of stderr. */
        java.util.List<String> errLines() {
            return err.lines().toList();
        }
    }

    static Result run(Object... args) {
        String[] text = new String[args.length];
        for (int i = 0; i < args.length; i++) {
            text[i] = args[i].toString();
        }
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = QuiverCommand.commandLine(text);
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int exit = cli.execute(text);
        return new Result(exit, out.toString(), err.toString());
    }
}
