// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.io;

import dev.quiver.cli.CliException;
import dev.quiver.io.ArrowFormat;
import dev.quiver.io.UnknownFormatException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The command line's side of quiver-io's {@link ArrowFormat}, the one format detector: its failures as
 * the command's usage errors, a missing input named as such, and {@code --format file|stream}.
 */
public final class Formats {
    private Formats() {
    }

    /**
     * The format a {@code --from}/{@code --to} name gives.
     *
     * @param name {@code csv}, {@code tsv}, {@code arrow} (or {@code file}), {@code arrows} (or
     *     {@code stream}), {@code json}, {@code ndjson} (or {@code jsonl})
     * @return the format
     * @throws CliException (usage) if the name is none of these
     */
    public static ArrowFormat named(String name) {
        try {
            return ArrowFormat.named(name);
        } catch (UnknownFormatException e) {
            throw new CliException(e.getMessage(), CliException.USAGE);
        }
    }

    /**
     * The format of an existing input, as {@link ArrowFormat#of(Path)} tells it: the text formats by
     * name, the others by content.
     *
     * @param path the input
     * @return its format
     * @throws IOException if it cannot be read
     * @throws CliException if it is missing or not a regular file
     * @throws UnknownFormatException if neither name nor content shows a format
     */
    public static ArrowFormat ofInput(Path path) throws IOException {
        if (!Files.isRegularFile(path)) {
            throw new CliException(Files.exists(path) ? "not a regular file: " + path : "no such file: " + path);
        }
        try {
            return ArrowFormat.of(path);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /**
     * The format of an output: {@code ipcChoice} (when given) for Arrow names or unknown names, else the
     * name's.
     *
     * @param path the output
     * @param ipcChoice the {@code --format} given, or null
     * @return the format
     * @throws CliException (usage) if no format is given and the name says none, or the choice is not IPC
     */
    public static ArrowFormat ofOutput(Path path, ArrowFormat ipcChoice) {
        ArrowFormat named = ArrowFormat.byName(path);
        if (ipc(ipcChoice) != null && (named == null || named.isArrow())) {
            return ipcChoice;
        }
        if (named == null) {
            throw new CliException("cannot tell the format of " + path + " from its name (.csv, .tsv, .arrow, "
                    + ".arrows, .json, .json.gz, .ndjson, .jsonl); use --format file|stream for Arrow", CliException.USAGE);
        }
        return named;
    }

    /**
     * The value of a {@code --format file|stream} option.
     *
     * @param choice the option's value, or null when not given
     * @return {@code choice}
     * @throws CliException (usage) if it is another format than the two IPC ones
     */
    public static ArrowFormat ipc(ArrowFormat choice) {
        if (choice != null && !choice.isArrow()) {
            throw new CliException("--format takes file or stream, not " + choice, CliException.USAGE);
        }
        return choice;
    }
}
