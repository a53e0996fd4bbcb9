// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.flight;

import dev.quiver.cli.CliException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.UnaryOperator;

/**
 * A password or token of the {@code flight} commands, from the first of: its option on the command line,
 * a file named by its {@code -file} option (the first line), or an environment variable. The command line
 * is visible to every user of the machine (ps); the file and the environment are not.
 */
final class Secrets {
    /** The environment variable of a token. */
    static final String TOKEN_ENV = "QUIVER_FLIGHT_TOKEN";
    /** The environment variable of a password. */
    static final String PASSWORD_ENV = "QUIVER_FLIGHT_PASSWORD";
    private static final long MAX_FILE_BYTES = 64 * 1024;

    private Secrets() {
    }

    /**
     * The secret, or null if none is given.
     *
     * @param option the value of the option itself, or null
     * @param optionName its name, for messages
     * @param file the file of the {@code -file} option, or null
     * @param env the environment variable read when neither option is given
     * @param environment how environment variables are read ({@code System::getenv})
     */
    static String resolve(String option, String optionName, Path file, String env, UnaryOperator<String> environment) {
        if (option != null && file != null) {
            throw new CliException(optionName + " and " + optionName + "-file exclude each other", CliException.USAGE);
        }
        if (option != null) {
            return option;
        }
        if (file != null) {
            return read(file, optionName);
        }
        String value = environment.apply(env);
        return value == null || value.isEmpty() ? null : value;
    }

    private static String read(Path file, String optionName) {
        try {
            if (!Files.isRegularFile(file)) {
                throw new CliException(optionName + "-file: no such file: " + file);
            }
            if (Files.size(file) > MAX_FILE_BYTES) {
                throw new CliException(optionName + "-file: " + file + " is too large for a secret");
            }
            String text = Files.readString(file, StandardCharsets.UTF_8);
            String first = text.lines().findFirst().orElse("").strip();
            if (first.isEmpty()) {
                throw new CliException(optionName + "-file: " + file + " is empty");
            }
            return first;
        } catch (IOException e) {
            throw new CliException(optionName + "-file: cannot read " + file + ": " + e.getMessage(), e);
        }
    }
}
