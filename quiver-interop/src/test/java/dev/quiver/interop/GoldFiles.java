package dev.quiver.interop;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/** The Arrow integration gold files: every case of both folders of shared/testing/arrow-ipc-integration. */
final class GoldFiles {
    /** One case: its {@code .json.gz}, {@code .arrow_file} and {@code .stream}. */
    record Case(String name, Path json, Path file, Path stream) {
        @Override
        public String toString() {
            return name;
        }

        /** The JSON, uncompressed, in {@code dir} (arrow-java reads plain JSON only). */
        Path plainJson(Path dir) throws IOException {
            Path out = dir.resolve(json.getFileName().toString().replace(".gz", ""));
            try (InputStream in = new GZIPInputStream(Files.newInputStream(json))) {
                Files.copy(in, out, StandardCopyOption.REPLACE_EXISTING);
            }
            return out;
        }
    }

    private GoldFiles() {
    }

    /** The folder, found from the working directory upwards (shared/ sits beside the repository). */
    static Path root() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("shared/testing/arrow-ipc-integration");
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("shared/testing/arrow-ipc-integration not found above "
                + Path.of("").toAbsolutePath());
    }

    static List<Case> all() {
        Path root = root();
        try (Stream<Path> files = Files.walk(root)) {
            List<Case> cases = files.filter(p -> p.getFileName().toString().endsWith(".json.gz")).sorted()
                    .map(json -> {
                        String base = json.toString().substring(0, json.toString().length() - ".json.gz".length());
                        return new Case(root.relativize(Path.of(base)).toString(), json, Path.of(base + ".arrow_file"),
                                Path.of(base + ".stream"));
                    }).toList();
            if (cases.size() != 54) {
                throw new IllegalStateException("expected the 54 gold cases, found " + cases.size());
            }
            return cases;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
