// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The temporary files of writes whose process died, removed by the next write to the same target. */
class StaleTemporaryFilesTest {
    @TempDir
    Path dir;

    private List<String> names() throws IOException {
        try (Stream<Path> list = Files.list(dir)) {
            return list.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static void write(Path target, String text) throws IOException {
        try (AtomicFileOutput file = AtomicFileOutput.create(target)) {
            try (OutputStream out = file.stream()) {
                out.write(text.getBytes(StandardCharsets.UTF_8));
            }
            file.commit();
        }
    }

    private static String java() {
        return ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    /** The id of a process that has ended. */
    private static long deadPid() throws IOException, InterruptedException {
        Process p = new ProcessBuilder(java(), "-version").redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "java -version ends");
        assertFalse(p.isAlive());
        return p.pid();
    }

    @Test
    void theNextWriteRemovesTheTemporaryFilesOfDeadWritersOnly() throws Exception {
        long dead = deadPid();
        long live = ProcessHandle.current().pid();
        String stale = ".t.bin.quiver-tmp-" + dead + "-0123456789abcdef.tmp";
        String concurrent = ".t.bin.quiver-tmp-" + live + "-fedcba9876543210.tmp";
        // Not of this scheme, or of another target: never touched.
        List<String> others = List.of(".t.bin.quiver-tmp-" + dead + "-0123456789abcdef.tmp.old",
                ".t.bin.quiver-tmp-" + dead + "-XYZ.tmp", ".u.bin.quiver-tmp-" + dead + "-0123456789abcdef.tmp",
                ".t.bin." + dead + ".tmp");
        for (String name : List.of(stale, concurrent)) {
            Files.writeString(dir.resolve(name), "partial");
        }
        for (String name : others) {
            Files.writeString(dir.resolve(name), "other");
        }
        write(dir.resolve("t.bin"), "whole");
        List<String> names = names();
        assertFalse(names.contains(stale), names.toString());
        assertTrue(names.contains(concurrent), names.toString());
        assertTrue(names.containsAll(others), names.toString());
        assertTrue(names.contains("t.bin"), names.toString());
        assertEquals(2 + others.size(), names.size(), names.toString());
    }

    @Test
    void aTemporaryFileNamesItsTargetAndItsProcess() throws IOException {
        try (AtomicFileOutput file = AtomicFileOutput.create(dir.resolve("named.arrow"))) {
            String name = file.temporary().getFileName().toString();
            assertTrue(name.matches("\\.named\\.arrow\\.quiver-tmp-" + ProcessHandle.current().pid()
                    + "-[0-9a-f]{16}\\.tmp"), name);
        }
    }

    @Test
    void aWriterKilledMidWriteLeavesAFileTheNextWriteRemoves() throws Exception {
        Path target = dir.resolve("killed.bin");
        Process child = new ProcessBuilder(java(), "-Xmx64m", "-XX:TieredStopAtLevel=1", "-cp", classPath(),
                KilledWriter.class.getName(), target.toString()).redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(),
                    StandardCharsets.UTF_8));
            String line = out.readLine();
            assertTrue(line != null && line.startsWith("writing "), "the child writes: " + line);
            Path temporary = Path.of(line.substring("writing ".length()));
            assertTrue(temporary.getFileName().toString().contains(".quiver-tmp-" + child.pid() + "-"), line);
        } finally {
            child.destroyForcibly(); // SIGKILL: nothing of the child's runs after it
            assertTrue(child.waitFor(60, TimeUnit.SECONDS), "the child ends");
        }
        List<String> left = names();
        assertEquals(1, left.size(), "the killed write's temporary file is left: " + left);
        write(target, "after");
        assertEquals(List.of("killed.bin"), names());
        assertArrayEquals("after".getBytes(StandardCharsets.UTF_8), Files.readAllBytes(target));
    }

    /** Where this module's classes and its test classes were loaded from, as a class path. */
    private static String classPath() throws URISyntaxException {
        Path main = Path.of(AtomicFileOutput.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path tests = Path.of(KilledWriter.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        return main + java.io.File.pathSeparator + tests;
    }
}
