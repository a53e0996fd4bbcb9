// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.core.QuiverException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import picocli.CommandLine;

/** Turns failures into one line on stderr and an exit status; the stack trace only with --verbose. */
final class Failures {
    private Failures() {
    }

    /**
     * Reports a failure of a command's execution: any exception, or an error the JVM raised (out of
     * memory, stack overflow) that the command did not turn into one of its own.
     */
    static int report(Throwable e, CommandLine commandLine, boolean verbose) {
        PrintWriter err = commandLine.getErr();
        String line = describe(e);
        err.println(commandLine.getCommandSpec().qualifiedName() + ": " + line
                + (verbose || !unexpected(e) ? "" : " (--verbose prints where)"));
        if (verbose) {
            e.printStackTrace(err);
        }
        err.flush();
        return e instanceof CliException c ? c.exitCode() : CliException.FAILURE;
    }

    /** Reports a wrong command line: the problem and where help is, on one line. */
    static int usage(CommandLine.ParameterException e, boolean verbose) {
        CommandLine commandLine = e.getCommandLine();
        PrintWriter err = commandLine.getErr();
        String name = commandLine.getCommandSpec().qualifiedName();
        err.println(name + ": " + e.getMessage() + " (see '" + name + " --help')");
        if (verbose) {
            e.printStackTrace(err);
        }
        err.flush();
        return CliException.USAGE;
    }

    /** The one-line description of a failure. */
    static String describe(Throwable e) {
        return switch (e) {
            case CliException c -> c.getMessage();
            case NoSuchFileException f -> "no such file: " + f.getFile();
            case AccessDeniedException f -> "permission denied: " + f.getFile();
            case FileAlreadyExistsException f -> "already exists: " + f.getFile();
            case FileSystemException f -> f.getMessage();
            case UncheckedIOException u -> describe(u.getCause());
            case QuiverException q -> oneLine(q.getMessage());
            case IOException io -> "I/O error: " + oneLine(io.getMessage());
            case OutOfMemoryError m -> "out of memory (" + oneLine(m.getMessage()) + ")";
            case StackOverflowError s -> "stack overflow (is the input nested too deeply?)";
            default -> "internal error: " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + oneLine(e.getMessage()));
        };
    }

    /** Whether a failure is not one the tool diagnosed: a bug, or a limit of the JVM. */
    private static boolean unexpected(Throwable e) {
        return switch (e) {
            case CliException c -> false;
            case UncheckedIOException u -> unexpected(u.getCause());
            case QuiverException q -> false;
            case IOException io -> false;
            default -> true;
        };
    }

    private static String oneLine(String message) {
        return message == null ? "(no message)" : message.replace('\n', ' ').replace('\r', ' ');
    }
}
