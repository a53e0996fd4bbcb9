// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The paths a job names in its options ({@code path}, or {@code paths} as Spark's {@code load(String...)}
 * passes them, a JSON array), as local files: a plain path or a {@code file:} URI. Files must be where every
 * executor sees them (one machine, or a shared mount).
 */
final class LocalPaths {
    /** The option of one path. */
    static final String PATH = "path";
    /** The option of several paths, a JSON array of strings. */
    static final String PATHS = "paths";

    private LocalPaths() {
    }

    /**
     * The paths of a source's options.
     *
     * @param options the options, looked up in lower case
     * @return the paths, at least one
     * @throws QuiverSparkException if no path is given or one is not local
     */
    static List<Path> of(Map<String, String> options) {
        List<String> names = new ArrayList<>();
        if (options.get(PATH) != null) {
            names.add(options.get(PATH));
        }
        String many = options.get(PATHS);
        if (many != null) {
            try {
                names.addAll(List.of(new ObjectMapper().readValue(many, String[].class)));
            } catch (JsonProcessingException e) {
                throw new QuiverSparkException("option " + PATHS + " is not a JSON array of strings: " + many, e);
            }
        }
        if (names.isEmpty()) {
            throw new QuiverSparkException("no path given: load(path) or option(\"path\", ...) names the Arrow data");
        }
        List<Path> paths = new ArrayList<>();
        for (String name : names) {
            paths.add(local(name));
        }
        return paths;
    }

    /**
     * One path as a local file path.
     *
     * @param name a plain path or a {@code file:} URI
     * @return the path
     * @throws QuiverSparkException if the path has another scheme
     */
    static Path local(String name) {
        if (name.startsWith("file:")) {
            try {
                return Path.of(new URI(name));
            } catch (URISyntaxException | IllegalArgumentException e) {
                throw new QuiverSparkException("path " + name + " is not a valid file URI", e);
            }
        }
        int colon = name.indexOf(':');
        int slash = name.indexOf('/');
        if (colon > 1 && (slash < 0 || colon < slash)) {
            throw new QuiverSparkException("path " + name + " is not a local file: the connector reads and writes "
                    + "local (or locally mounted) paths only");
        }
        return Path.of(name);
    }
}
