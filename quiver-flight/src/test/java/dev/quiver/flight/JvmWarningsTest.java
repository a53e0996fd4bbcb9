// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Issue 36: the JVM warnings of a Flight program on JDK 25, run as a user runs it, in a JVM of its own on the
 * class path: none, with no JVM option (Netty loads no native library and does not use sun.misc.Unsafe;
 * protobuf-java from 4.36 on does not call sun.misc.Unsafe).
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
    void aFlightProgramPrintsNoJvmWarningWithoutAnyOption() throws Exception {
        Run r = run(command());
        assertEquals(0, r.exit(), r.err());
        assertEquals("rows 3", r.out().strip());
        // Netty loads no native library and leaves sun.misc.Unsafe alone; protobuf-java 4.36 no longer calls it.
        assertEquals("", r.err());
    }
}
