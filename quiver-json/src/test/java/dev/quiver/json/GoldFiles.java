package dev.quiver.json;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The integration gold files: every {@code *.json.gz} under shared/testing/arrow-ipc-integration. */
final class GoldFiles {
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

    static List<Path> all() {
        try (Stream<Path> files = Files.walk(root())) {
            List<Path> found = files.filter(p -> p.getFileName().toString().endsWith(".json.gz")).sorted().toList();
            if (found.size() < 50) {
                throw new IllegalStateException("expected the 54 gold files, found " + found.size());
            }
            return found;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String name(Path file) {
        return root().relativize(file).toString();
    }
}
