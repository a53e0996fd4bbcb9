// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.testkit.TestData;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The integration commands on a gold pair of the Arrow integration files. */
class IntegrationCommandsTest {
    private static final String GOLD = "arrow-ipc-integration/cpp-21.0.0/generated_custom_metadata";

    @TempDir
    Path dir;
    Path arrow;
    Path stream;
    Path json;

    @BeforeEach
    void findGoldFiles() {
        Path base = TestData.resolve(GOLD + ".json.gz");
        json = base;
        arrow = base.resolveSibling("generated_custom_metadata.arrow_file");
        stream = base.resolveSibling("generated_custom_metadata.stream");
    }

    private static String gunzip(Path path) throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(path))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static void gzip(String text, Path path) throws IOException {
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(path))) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
    }

    @Test
    void goldPairsAreEqual() {
        for (Path a : List.of(arrow, stream)) {
            Cli.Result r = Cli.run("validate", a, json);
            assertEquals(0, r.exit(), r.err());
            assertTrue(r.out().startsWith("OK: " + a + " equals " + json), r.out());
        }
    }

    @Test
    void everyGoldPairValidates() throws IOException {
        Path root = TestData.goldRoot();
        List<Path> jsons;
        try (java.util.stream.Stream<Path> files = Files.walk(root)) {
            jsons = files.filter(p -> p.getFileName().toString().endsWith(".json.gz")).sorted().toList();
        }
        assertTrue(jsons.size() >= 50, "the gold files: " + jsons.size());
        int pairs = 0;
        for (Path gold : jsons) {
            String base = gold.getFileName().toString().replace(".json.gz", "");
            for (String suffix : List.of(".arrow_file", ".stream")) {
                Path arrowFile = gold.resolveSibling(base + suffix);
                if (Files.exists(arrowFile)) {
                    Cli.Result r = Cli.run("validate", arrowFile, gold);
                    assertEquals(0, r.exit(), r.err());
                    pairs++;
                }
            }
        }
        assertTrue(pairs >= 100, "pairs checked: " + pairs);
    }

    @Test
    void oneAlteredValueIsADifferenceThatNamesIt() throws IOException {
        String text = gunzip(json);
        Matcher m = Pattern.compile("(\"name\": \"lots_of_meta\",\\s*\"count\": 1,\\s*\"VALIDITY\": \\[\\s*1\\s*],"
                + "\\s*\"DATA\": \\[\\s*)-74").matcher(text);
        assertTrue(m.find(), "the gold file has the value -74 in lots_of_meta");
        Path altered = dir.resolve("altered.json.gz");
        gzip(m.replaceFirst("$1-75"), altered);

        Cli.Result r = Cli.run("validate", arrow, altered);
        assertEquals(1, r.exit());
        assertEquals(1, r.errLines().size(), r.err());
        String line = r.err();
        assertTrue(line.startsWith("quiver validate: " + arrow + " and " + altered + " differ: batch 0, column "
                + "lots_of_meta, row 0"), line);
        assertTrue(line.contains("-74") && line.contains("-75"), line);
    }

    @Test
    void plainJsonIsAcceptedToo() throws IOException {
        Path plain = Files.writeString(dir.resolve("gold.json"), gunzip(json));
        assertEquals(0, Cli.run("validate", arrow, plain).exit());
        assertEquals(0, Cli.run("validate", plain, arrow).exit(), "either order");
    }

    @Test
    void jsonToArrowAndBackIsEqual() {
        Path file = dir.resolve("out.arrow_file");
        Cli.Result toArrow = Cli.run("json-to-arrow", json, file);
        assertEquals(0, toArrow.exit(), toArrow.err());
        assertEquals(0, Cli.run("validate", file, json).exit());
        assertTrue(Cli.run("schema", file).out().startsWith("Arrow file,"));

        Path back = dir.resolve("back.json");
        assertEquals(0, Cli.run("arrow-to-json", file, back).exit());
        assertEquals(0, Cli.run("validate", arrow, back).exit());
        assertTrue(Cli.run("schema", back).out().contains("metadata:"), "custom metadata kept");
    }

    @Test
    void streamToFileAndFileToStream() {
        Path file = dir.resolve("s.arrow_file");
        assertEquals(0, Cli.run("stream-to-file", stream, file).exit());
        assertTrue(Cli.run("schema", file).out().startsWith("Arrow file,"));
        assertEquals(0, Cli.run("validate", file, json).exit());

        Path again = dir.resolve("f.stream");
        assertEquals(0, Cli.run("file-to-stream", file, again, "--codec", "zstd").exit());
        assertTrue(Cli.run("schema", again).out().startsWith("Arrow stream,"));
        assertEquals(0, Cli.run("validate", again, json).exit());
    }

    @Test
    void wrongKindOfInputIsRefused() {
        Cli.Result r = Cli.run("stream-to-file", arrow, dir.resolve("x.arrow"));
        assertEquals(1, r.exit());
        assertEquals(List.of("quiver stream-to-file: " + arrow + " is not an Arrow stream"), r.errLines());
        Cli.Result two = Cli.run("validate", arrow, stream);
        assertEquals(2, two.exit());
        assertEquals(1, two.errLines().size(), two.err());
    }

    @Test
    void aCorruptedFileFailsValidation() throws IOException {
        byte[] bytes = Files.readAllBytes(arrow);
        Path broken = dir.resolve("broken.arrow_file");
        Files.write(broken, java.util.Arrays.copyOf(bytes, bytes.length - 20));
        Cli.Result r = Cli.run("validate", broken);
        assertNotEquals(0, r.exit());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().startsWith("quiver validate: " + broken + ": invalid: "), r.err());
    }
}
