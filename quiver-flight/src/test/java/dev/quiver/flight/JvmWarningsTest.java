// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Issue 36: the JVM warnings of a Flight program on JDK 25, run as a user runs it, in a JVM of its own on the
 * class path: Netty's (its native library) are gone; protobuf's (sun.misc.Unsafe) is silenced by the JDK's
 * documented option {@code --sun-misc-unsafe-memory-access=allow}, protobuf having none of its own.
 */
class JvmWarningsTest {
    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private record Run(int exit, String out, String err) {
    }

    private static Run run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).start();
        byte[] out = p.getInputStream().readAllBytes();
        byte[] err = p.getErrorStream().readAllBytes();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("the program did not end");
        }
        return new Run(p.exitValue(), new String(out, StandardCharsets.UTF_8), new String(err, StandardCharsets.UTF_8));
    }

    private static List<String> command(String... options) {
        List<String> c = new ArrayList<>(List.of(java()));
        c.addAll(List.of(options));
        c.addAll(List.of("-cp", System.getProperty("java.class.path"), FlightHello.class.getName()));
        return c;
    }

    @Test
    void withTheDocumentedOptionAFlightProgramPrintsNoJvmWarning() throws Exception {
        // protobuf-java calls sun.misc.Unsafe with no switch of its own: the JDK's option is the one way.
        Run r = run(command("--sun-misc-unsafe-memory-access=allow"));
        assertEquals(0, r.exit(), r.err());
        assertEquals("rows 3", r.out().strip());
        assertFalse(r.err().contains("WARNING"), r.err());
    }

    @Test
    void withoutOptionsOnlyProtobufsUnsafeWarningRemains() throws Exception {
        Run r = run(command());
        assertEquals(0, r.exit(), r.err());
        assertEquals("rows 3", r.out().strip());
        // Netty loads no native library (no native-access warning) and leaves sun.misc.Unsafe alone.
        assertFalse(r.err().contains("loadLibrary") || r.err().contains("restricted method")
                || r.err().contains("netty"), r.err());
        for (String line : r.err().lines().toList()) {
            assertTrue(line.contains("sun.misc.Unsafe") || line.contains("com.google.protobuf"), line);
        }
    }
}
