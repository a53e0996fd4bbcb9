// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * A table file truncated by another process while {@code quiver sql} scans it: one error naming the file,
 * never a crash. (When DuckDB's Arrow scan read a mapped file, it read the vanished pages and the JVM died
 * of SIGBUS; now only the JVM's bulk copies read the mapping.) The query runs in a child JVM; this process
 * truncates the file once the query has begun.
 */
class SqlFileChangeTest {
    @TempDir
    Path dir;

    /**
     * An Arrow file (mapped, whatever the limit), and a stream read whole into memory (the default up to
     * 1 GiB) and batch by batch (larger streams).
     */
    @ParameterizedTest
    @CsvSource({"victim.arrow, 1073741824", "victim.arrows, 1073741824", "victim.arrows, 0"})
    void aFileTruncatedDuringAQueryIsOneErrorNamingItNotACrash(String name, String wholeFileLimit) throws Exception {
        Path file = dir.resolve(name);
        assertEquals(0, Cli.run("bench-gen", "--rows", "1000000", "--out", file).exit());
        long size = Files.size(file);
        Path started = dir.resolve("started.csv");
        Path out = dir.resolve("result.arrow");
        // One DuckDB thread and a costly expression: the scan lasts seconds; the COPY marks its start (the
        // table was registered before it, so any change from then on falls within the query).
        String query = "SET threads = 1; COPY (SELECT 1) TO '" + started + "'; "
                + "SELECT count(*), sum(hash(repeat(name, 64) || id::VARCHAR)) FROM t";
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-Dquiver.sql.wholeFileLimit=" + wholeFileLimit, "-cp", System.getProperty("java.class.path"),
                QuiverCommand.class.getName(), "sql", query, "--table", "t=" + file, "--out", out.toString())
                .directory(dir.toFile()).redirectErrorStream(true).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!Files.exists(started) && child.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            assertTrue(Files.exists(started), "the query began");
            truncate(file, size / 4);
            String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(child.waitFor(60, TimeUnit.SECONDS), output);
            assertFalse(output.contains("SIGBUS") || output.contains("fatal error"), output);
            assertEquals(1, child.exitValue(), output);
            assertTrue(output.startsWith("quiver sql: ") && output.contains(file + " changed during the query ("
                    + size + " bytes, modified "), output);
            assertEquals(1, output.strip().lines().count(), "one line: " + output);
            assertFalse(Files.exists(out), "no output written");
        } finally {
            child.destroyForcibly();
        }
    }

    private static void truncate(Path file, long size) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.truncate(size);
        }
    }
}
