// SPDX-License-Identifier: Apache-2.0
package dev.quiver.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/**
 * The one locator of the repository's test data, {@code testing/data}: the system property
 * {@code quiver.testing.dir} when set (the build sets it for every module), otherwise the first
 * {@code testing/data} found from the working directory upwards. Missing data is an error, never a skip.
 */
public final class TestData {
    /** The system property naming the test data folder. */
    public static final String PROPERTY = "quiver.testing.dir";
    /** The number of gold cases in the two folders of {@code arrow-ipc-integration}. */
    public static final int GOLD_CASES = 54;

    private TestData() {
    }

    /**
     * The test data folder.
     *
     * @return the folder holding {@code arrow-ipc-integration/} and {@code bench/}
     * @throws IllegalStateException when neither the property nor a search finds it
     */
    public static Path root() {
        String configured = System.getProperty(PROPERTY);
        if (configured != null) {
            Path dir = Path.of(configured).toAbsolutePath().normalize();
            if (!Files.isDirectory(dir.resolve("arrow-ipc-integration"))) {
                throw new IllegalStateException(PROPERTY + "=" + configured + " holds no arrow-ipc-integration folder");
            }
            return dir;
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("testing").resolve("data");
            if (Files.isDirectory(candidate.resolve("arrow-ipc-integration"))) {
                return candidate;
            }
        }
        throw new IllegalStateException("testing/data not found above " + Path.of("").toAbsolutePath()
                + " (set -D" + PROPERTY + ")");
    }

    /**
     * A file or folder of the test data.
     *
     * @param relative its path inside {@code testing/data}
     * @return the path, which exists
     * @throws IllegalStateException when it does not exist
     */
    public static Path resolve(String relative) {
        Path path = root().resolve(relative);
        if (!Files.exists(path)) {
            throw new IllegalStateException("test data " + relative + " not found at " + path);
        }
        return path;
    }

    /**
     * The Arrow integration gold files' folder (two sub-folders, one per writer).
     *
     * @return {@code testing/data/arrow-ipc-integration}
     */
    public static Path goldRoot() {
        return resolve("arrow-ipc-integration");
    }

    /**
     * Every gold case of both folders, sorted by name.
     *
     * @return the 54 cases
     * @throws IllegalStateException when a case or one of its three files is missing
     */
    public static List<GoldCase> goldCases() {
        Path root = goldRoot();
        try (Stream<Path> files = Files.walk(root)) {
            List<GoldCase> cases = files.filter(p -> p.getFileName().toString().endsWith(GoldCase.JSON_SUFFIX))
                    .sorted().map(json -> GoldCase.of(root, json)).toList();
            if (cases.size() != GOLD_CASES) {
                throw new IllegalStateException("expected the " + GOLD_CASES + " gold cases under " + root
                        + ", found " + cases.size());
            }
            return cases;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * One gold case: the same data as integration JSON, IPC file and IPC stream.
     *
     * @param name the case's path below the gold folder, without suffix ({@code cpp-21.0.0/generated_map})
     * @param json its gzip-compressed integration JSON
     * @param file its IPC file
     * @param stream its IPC stream
     */
    public record GoldCase(String name, Path json, Path file, Path stream) {
        static final String JSON_SUFFIX = ".json.gz";

        static GoldCase of(Path root, Path json) {
            String text = json.toString();
            String base = text.substring(0, text.length() - JSON_SUFFIX.length());
            GoldCase c = new GoldCase(root.relativize(Path.of(base)).toString(), json, Path.of(base + ".arrow_file"),
                    Path.of(base + ".stream"));
            if (!Files.isRegularFile(c.file) || !Files.isRegularFile(c.stream)) {
                throw new IllegalStateException("gold case " + c.name + " lacks its .arrow_file or .stream");
            }
            return c;
        }

        /**
         * The JSON, uncompressed, written into {@code dir} (for readers of plain JSON only).
         *
         * @param dir the folder to write into
         * @return the plain JSON file
         * @throws IOException when reading or writing fails
         */
        public Path plainJson(Path dir) throws IOException {
            Path out = dir.resolve(json.getFileName().toString().replace(".gz", ""));
            try (InputStream in = new GZIPInputStream(Files.newInputStream(json))) {
                Files.copy(in, out, StandardCopyOption.REPLACE_EXISTING);
            }
            return out;
        }

        @Override
        public String toString() {
            return name;
        }
    }
}
