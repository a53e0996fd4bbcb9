// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

/** A failure to report to the user as one line, with the exit status to end with. */
public final class CliException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The exit status of bad input or a failed check. */
    public static final int FAILURE = 1;
    /** The exit status of a wrong command line. */
    public static final int USAGE = 2;

    private final int exitCode;

    /** A failure with exit status {@link #FAILURE}. */
    public CliException(String message) {
        this(message, FAILURE);
    }

    public CliException(String message, int exitCode) {
        super(message);
        this.exitCode = exitCode;
    }

    public CliException(String message, Throwable cause) {
        super(message, cause);
        this.exitCode = FAILURE;
    }

    public int exitCode() {
        return exitCode;
    }
}
