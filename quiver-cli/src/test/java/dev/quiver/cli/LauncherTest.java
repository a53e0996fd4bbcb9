// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code ./quiver demo} as a user runs it: the launcher script, the packaged jar and its libraries on the
 * module path, the JVM options the launcher gives. Runs after {@code package} (its own surefire execution
 * in the {@code verify} phase, see the pom): nothing on standard error but the program's own, which for
 * the demo is nothing: no JVM warning (zstd-jni's restricted-method warning among them).
 */
class LauncherTest {
    @Test
    void theDemoPrintsNothingOnStandardError() throws IOException, InterruptedException {
        Path launcher = Path.of(System.getProperty("quiver.launcher"));
        Path stdout = Files.createTempFile("quiver-demo-", ".out");
        Path stderr = Files.createTempFile("quiver-demo-", ".err");
        try {
            ProcessBuilder builder = new ProcessBuilder(launcher.toString(), "demo", "--rows", "20000")
                    .redirectOutput(stdout.toFile()).redirectError(stderr.toFile());
            // The ahead-of-time cache is trained in the background by a second process: not part of this run.
            builder.environment().put("QUIVER_AOT", "0");
            Process process = builder.start();
            process.getOutputStream().close();
            if (!process.waitFor(5, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new AssertionError("./quiver demo ran over five minutes");
            }
            String err = Files.readString(stderr);
            assertEquals(0, process.exitValue(), err);
            assertEquals(List.of(), err.lines().toList(), "standard error of ./quiver demo");
            assertTrue(Files.readString(stdout).contains("20,000") || Files.readString(stdout).contains("20000"),
                    Files.readString(stdout));
        } finally {
            Files.deleteIfExists(stdout);
            Files.deleteIfExists(stderr);
        }
    }
}
