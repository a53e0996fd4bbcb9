// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import dev.quiver.core.type.ArrowType;
import java.io.File;
import java.io.IOException;
import java.io.Writer;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reader holds one batch, not the file: a JVM whose heap (64 MiB) and buffer allocator (64 MiB) are
 * each well below the file's size (over 100 MiB, in many batches) reads it to the end. Holding the
 * file's text, or all of its batches, would not fit (the JVM's native memory for buffers is capped at
 * the heap's size too); the reader's former JSON tree took about 50 times the file's size.
 */
class StreamingMemoryTest {
    private static final int BATCHES = 160;
    private static final int ROWS = 25_000;
    private static final String MEMORY = "64m";
    private static final long ALLOCATOR_LIMIT = 64L << 20;

    @Test
    void aFileMuchLargerThanTheHeapIsReadBatchByBatch(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("large.json");
        long sum = write(file);
        assertTrue(Files.size(file) > 100L << 20, "the file is " + Files.size(file) + " bytes");
        Process child = new ProcessBuilder(java(), "-Xmx" + MEMORY, "-XX:+UseSerialGC", "-cp", classPath(),
                RowCounter.class.getName(), file.toString(), Long.toString(ALLOCATOR_LIMIT))
                .redirectErrorStream(true).start();
        String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, child.waitFor(), output);
        assertEquals(BATCHES + " " + (long) BATCHES * ROWS + " " + sum, output.strip());
    }

    /**
     * Writes the file batch by batch (an int32, a utf8 and a float64 column; every tenth string null)
     * and returns the sum of the int32 values.
     */
    private static long write(Path file) throws IOException {
        long sum = 0;
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write("{\"schema\": {\"fields\": [" + field("i", "{\"name\": \"int\", \"bitWidth\": 32, "
                    + "\"isSigned\": true}") + ", " + field("s", "{\"name\": \"utf8\"}") + ", "
                    + field("f", "{\"name\": \"floatingpoint\", \"precision\": \"DOUBLE\"}") + "]},\n\"batches\": [");
            StringBuilder batch = new StringBuilder();
            for (int b = 0; b < BATCHES; b++) {
                batch.setLength(0);
                batch.append(b == 0 ? "" : ",\n").append("{\"count\": ").append(ROWS).append(", \"columns\": [");
                batch.append("{\"name\": \"i\", \"count\": ").append(ROWS).append(", \"VALIDITY\": [");
                ones(batch, ROWS);
                batch.append("], \"DATA\": [");
                for (int r = 0; r < ROWS; r++) {
                    int v = b * 1_000 + r;
                    sum += v;
                    batch.append(r == 0 ? "" : ",").append(v);
                }
                batch.append("]}, {\"name\": \"s\", \"count\": ").append(ROWS).append(", \"VALIDITY\": [");
                for (int r = 0; r < ROWS; r++) {
                    batch.append(r == 0 ? "" : ",").append(r % 10 == 0 ? 0 : 1);
                }
                batch.append("], \"OFFSET\": [0");
                int offset = 0;
                for (int r = 0; r < ROWS; r++) {
                    offset += r % 10 == 0 ? 0 : Integer.toString(r).length() + 1;
                    batch.append(',').append(offset);
                }
                batch.append("], \"DATA\": [");
                for (int r = 0; r < ROWS; r++) {
                    batch.append(r == 0 ? "\"" : ",\"").append(r % 10 == 0 ? "" : "v" + r).append('"');
                }
                batch.append("]}, {\"name\": \"f\", \"count\": ").append(ROWS).append(", \"VALIDITY\": [");
                ones(batch, ROWS);
                batch.append("], \"DATA\": [");
                for (int r = 0; r < ROWS; r++) {
                    batch.append(r == 0 ? "" : ",").append(r * 0.5);
                }
                batch.append("]}]}");
                out.append(batch);
            }
            out.write("]}\n");
        }
        return sum;
    }

    private static String field(String name, String type) {
        return "{\"name\": \"" + name + "\", \"nullable\": true, \"type\": " + type + ", \"children\": []}";
    }

    private static void ones(StringBuilder out, int n) {
        for (int r = 0; r < n; r++) {
            out.append(r == 0 ? "1" : ",1");
        }
    }

    /** The running JVM's launcher. */
    private static String java() {
        return ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    /** Where the reader, Quiver's core, Jackson and the counter were loaded from, as a class path. */
    private static String classPath() throws URISyntaxException {
        Set<String> entries = new LinkedHashSet<>();
        for (Class<?> c : new Class<?>[] {RowCounter.class, IntegrationJsonReader.class, ArrowType.class,
                JsonFactory.class}) {
            entries.add(Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
        }
        return String.join(File.pathSeparator, entries);
    }
}
