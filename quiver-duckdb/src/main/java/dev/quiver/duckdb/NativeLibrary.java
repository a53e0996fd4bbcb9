// SPDX-License-Identifier: Apache-2.0
package dev.quiver.duckdb;

import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

/**
 * Finds and loads DuckDB's native library: the file named by the system property {@value #PROPERTY} (or
 * the environment variable {@value #ENVIRONMENT}), else the library bundled in the
 * {@code org.duckdb:duckdb_jdbc} jar for this operating system and architecture, copied once to a cache
 * file under the temporary directory (keyed by the entry's size and time, written to a temporary name and
 * moved into place, so concurrent processes never load a half-written file). The library is loaded for the
 * life of the JVM.
 */
final class NativeLibrary {
    /** The system property naming a DuckDB library file to load instead of the bundled one. */
    static final String PROPERTY = "quiver.duckdb.library";
    /** The environment variable naming a DuckDB library file, when the property is not set. */
    static final String ENVIRONMENT = "QUIVER_DUCKDB_LIBRARY";
    private static final String RESOURCE_PREFIX = "libduckdb_java.so_";

    private NativeLibrary() {
    }

    /** Loads the library and returns its symbols. */
    static SymbolLookup load() {
        Path file = locate();
        try {
            return SymbolLookup.libraryLookup(file, Arena.global());
        } catch (IllegalArgumentException | IllegalCallerException e) {
            throw new DuckDbException("cannot load DuckDB's native library " + file + ": " + e.getMessage(), e);
        }
    }

    private static Path locate() {
        String named = System.getProperty(PROPERTY);
        String source = "the system property " + PROPERTY;
        if (named == null || named.isBlank()) {
            named = System.getenv(ENVIRONMENT);
            source = "the environment variable " + ENVIRONMENT;
        }
        if (named != null && !named.isBlank()) {
            Path file = Path.of(named);
            if (!Files.isRegularFile(file)) {
                throw new DuckDbException("the DuckDB library named by " + source + " is not a file: " + file);
            }
            return file;
        }
        return extract(resourceName(System.getProperty("os.name"), System.getProperty("os.arch")));
    }

    /**
     * The name of the library in the duckdb_jdbc jar for an operating system and architecture.
     *
     * @throws DuckDbException for a platform the jar has no library for
     */
    static String resourceName(String os, String arch) {
        String o = os.toLowerCase(Locale.ROOT);
        String a = arch.toLowerCase(Locale.ROOT);
        boolean x64 = a.equals("amd64") || a.equals("x86_64");
        boolean arm64 = a.equals("aarch64") || a.equals("arm64");
        if (o.startsWith("mac") || o.startsWith("darwin")) {
            return RESOURCE_PREFIX + "osx_universal";
        }
        if (o.startsWith("linux") && (x64 || arm64)) {
            return RESOURCE_PREFIX + (x64 ? "linux_amd64" : "linux_arm64");
        }
        if (o.startsWith("windows") && x64) {
            return RESOURCE_PREFIX + "windows_amd64";
        }
        throw new DuckDbException("the duckdb_jdbc jar has no DuckDB library for " + os + " on " + arch
                + "; name one with -D" + PROPERTY + "=FILE");
    }

    /**
     * The connection's last-modified time: for an entry of a jar file, the jar file's time in whole seconds
     * (what its {@code last-modified} header gives, without formatting and parsing that header as an HTTP
     * date, some 30 ms of cold code at every start).
     */
    static long modified(URLConnection connection) throws IOException {
        if (connection instanceof JarURLConnection jar && "file".equals(jar.getJarFileURL().getProtocol())) {
            try {
                // whole seconds, as the header has it
                return Files.getLastModifiedTime(Path.of(jar.getJarFileURL().toURI())).toMillis() / 1000 * 1000;
            } catch (URISyntaxException | IllegalArgumentException e) {
                return connection.getLastModified();
            }
        }
        return connection.getLastModified();
    }

    private static Path extract(String resource) {
        ClassLoader loader = NativeLibrary.class.getClassLoader();
        URL url = loader == null ? ClassLoader.getSystemResource(resource) : loader.getResource(resource);
        if (url == null) {
            throw new DuckDbException("DuckDB's native library (" + resource + ") is not on the class or module "
                    + "path: add the org.duckdb:duckdb_jdbc jar, or name a library file with -D" + PROPERTY
                    + "=FILE");
        }
        try {
            URLConnection connection = url.openConnection();
            long size = connection.getContentLengthLong();
            long modified = modified(connection);
            String suffix = resource.endsWith("windows_amd64") ? ".dll" : ".so";
            Path dir = Path.of(System.getProperty("java.io.tmpdir"), "quiver-duckdb");
            Path target = dir.resolve("duckdb-" + resource.substring(RESOURCE_PREFIX.length()) + "-" + size + "-"
                    + modified + suffix);
            if (size > 0 && Files.isRegularFile(target) && Files.size(target) == size) {
                return target;
            }
            Files.createDirectories(dir);
            Path temporary = Files.createTempFile(dir, ".duckdb-", ".part");
            try {
                try (InputStream in = connection.getInputStream()) {
                    Files.copy(in, temporary, StandardCopyOption.REPLACE_EXISTING);
                }
                Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } finally {
                Files.deleteIfExists(temporary);
            }
            return target;
        } catch (IOException e) {
            throw new DuckDbException("cannot copy DuckDB's native library " + resource + " out of " + url + ": "
                    + e.getMessage(), e);
        }
    }
}
