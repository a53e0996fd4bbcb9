// SPDX-License-Identifier: Apache-2.0
package dev.quiver.testkit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A Python interpreter with pyarrow (and possibly duckdb), the peer of the interoperability tests that
 * check Quiver against Arrow C++. It is named by the system property {@code quiver.python} or the
 * environment variable {@code QUIVER_PYTHON}; without either the tests that need it are skipped with
 * {@link #SKIP_MESSAGE}. {@code .ci/run} makes a virtual environment and names it, so CI always runs them.
 *
 * <pre>{@code
 * Optional<PythonPeer> python = PythonPeer.find();
 * Assumptions.assumeTrue(python.isPresent(), PythonPeer.SKIP_MESSAGE);
 * String out = python.get().run("import pyarrow; print(pyarrow.__version__)");
 * }</pre>
 */
public final class PythonPeer {
    /** The system property naming the interpreter. */
    public static final String PROPERTY = "quiver.python";
    /** The environment variable naming the interpreter when the property is not set. */
    public static final String ENVIRONMENT = "QUIVER_PYTHON";
    /** Why a test needing the peer was skipped. */
    public static final String SKIP_MESSAGE = "skipped: no Python with pyarrow given (set -D" + PROPERTY + "=PATH or "
            + ENVIRONMENT + "=PATH; .ci/run does)";
    private static final long TIMEOUT_MINUTES = 10;

    private final Path executable;

    private PythonPeer(Path executable) {
        this.executable = executable;
    }

    /**
     * The configured interpreter, if any.
     *
     * @return the peer, or empty when neither the property nor the variable is set
     * @throws IllegalStateException when one is set but names no executable file
     */
    public static Optional<PythonPeer> find() {
        String configured = System.getProperty(PROPERTY);
        if (configured == null || configured.isBlank()) {
            configured = System.getenv(ENVIRONMENT);
        }
        if (configured == null || configured.isBlank()) {
            return Optional.empty();
        }
        Path path = Path.of(configured);
        if (!Files.isExecutable(path)) {
            throw new IllegalStateException(PROPERTY + "/" + ENVIRONMENT + " names " + configured
                    + ", which is not an executable file");
        }
        return Optional.of(new PythonPeer(path));
    }

    /**
     * The interpreter's path.
     *
     * @return the executable
     */
    public Path executable() {
        return executable;
    }

    /**
     * Runs a script and returns what it printed.
     *
     * @param script the Python source, run with {@code python -c}
     * @param args the script's arguments ({@code sys.argv[1:]})
     * @return the standard output
     * @throws IOException when the process cannot start
     * @throws IllegalStateException when the script exits with a non-zero status or runs over ten minutes;
     *     the message holds its standard error
     */
    public String run(String script, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(executable.toString(), "-c", script));
        command.addAll(List.of(args));
        Path err = Files.createTempFile("quiver-python", ".err");
        try {
            Process process = new ProcessBuilder(command).redirectError(err.toFile()).start();
            process.getOutputStream().close();
            byte[] out = process.getInputStream().readAllBytes();
            if (!process.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new IllegalStateException("python script ran over " + TIMEOUT_MINUTES + " minutes");
            }
            if (process.exitValue() != 0) {
                throw new IllegalStateException("python exited with " + process.exitValue() + ": "
                        + Files.readString(err, StandardCharsets.UTF_8));
            }
            return new String(out, StandardCharsets.UTF_8);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running python", e);
        } finally {
            Files.deleteIfExists(err);
        }
    }

    /**
     * Starts a script without waiting for it (a server, say); the caller destroys the process.
     *
     * @param script the Python source, run with {@code python -c}
     * @param args the script's arguments
     * @return the running process, its standard error inherited
     * @throws IOException when the process cannot start
     */
    public Process start(String script, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(executable.toString(), "-c", script));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    }
}
