// SPDX-License-Identifier: Apache-2.0
package dev.quiver.interop;

import dev.quiver.testkit.PythonPeer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;

/** The pyarrow scripts of the Flight tests (test resources), their servers' ports and their clients' reports. */
final class PyarrowFlight {
    static final String SERVER = "pyarrow_flight_server.py";
    static final String CLIENT = "pyarrow_flight_client.py";

    private PyarrowFlight() {
    }

    /** The source of a script of this package's resources. */
    static String script(String name) {
        try (InputStream in = PyarrowFlight.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("test resource " + name + " missing");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A server script started, and the port it printed on its first line (waiting at most a minute). */
    record Server(Process process, int port) implements AutoCloseable {
        static Server start(PythonPeer python, String script, String... args) throws IOException {
            Process process = python.start(script(script), args);
            BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            CompletableFuture<String> line = CompletableFuture.supplyAsync(() -> {
                try {
                    return out.readLine();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            try {
                String first = line.get(1, TimeUnit.MINUTES);
                if (first == null) {
                    throw new IllegalStateException(script + " ended before printing its port, exit "
                            + process.waitFor());
                }
                return new Server(process, Integer.parseInt(first.trim()));
            } catch (InterruptedException | ExecutionException | TimeoutException | RuntimeException e) {
                process.destroyForcibly();
                throw new IllegalStateException(script + " did not print its port", e);
            }
        }

        @Override
        public void close() throws InterruptedException {
            process.destroy();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }

    /**
     * The client script's report: each line {@code OK <check>} or {@code FAIL <check>: <why>}, as a map of the
     * check to null (passed) or the reason it failed.
     */
    static Map<String, String> report(String output) {
        List<String[]> rows = new ArrayList<>();
        for (String line : output.split("\n")) {
            if (line.startsWith("OK ")) {
                rows.add(new String[] {line.substring(3).trim(), ""});
            } else if (line.startsWith("FAIL ")) {
                int colon = line.indexOf(": ");
                rows.add(new String[] {line.substring(5, colon < 0 ? line.length() : colon),
                    colon < 0 ? "failed" : line.substring(colon + 2)});
            }
        }
        return rows.stream().collect(Collectors.toMap(r -> r[0], r -> r[1], (a, b) -> a + "; " + b,
                java.util.LinkedHashMap::new));
    }
}
