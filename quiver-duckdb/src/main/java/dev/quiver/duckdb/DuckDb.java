// SPDX-License-Identifier: Apache-2.0
package dev.quiver.duckdb;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The front door to DuckDB: opens databases, through DuckDB's C API on the Foreign Function and Memory API
 * (the native library of the {@code org.duckdb:duckdb_jdbc} jar; see the package documentation).
 */
public final class DuckDb {
    private DuckDb() {
    }

    /**
     * The settings every database is opened with unless the caller's settings name them: DuckDB installs
     * and loads no extension by itself (by default it downloads and loads a known extension a query needs,
     * such as {@code httpfs} for an {@code https://} path); {@code INSTALL} and {@code LOAD} still do.
     */
    public static final Map<String, String> DEFAULT_SETTINGS = Map.of("autoinstall_known_extensions", "false",
            "autoload_known_extensions", "false");

    /**
     * Opens a new in-memory database and a connection to it, with {@link #DEFAULT_SETTINGS}.
     *
     * @return the connection, which owns the database; close it
     * @throws DuckDbException if DuckDB's native library is missing or cannot be loaded, or DuckDB fails
     */
    public static DuckDbConnection open() {
        return open(null, Map.of());
    }

    /**
     * Opens (or creates) a database file and a connection to it.
     *
     * @param file the database file
     * @return the connection, which owns the database; close it
     * @throws DuckDbException if DuckDB's native library is missing or cannot be loaded, or DuckDB cannot open
     *     the file
     */
    public static DuckDbConnection open(Path file) {
        return open(Objects.requireNonNull(file, "file"), Map.of());
    }

    /**
     * Opens a database with DuckDB configuration options (those of {@code duckdb_settings()}, given at open
     * as the C API's {@code duckdb_set_config} takes them), over {@link #DEFAULT_SETTINGS}: e.g.
     * {@code Map.of("autoinstall_known_extensions", "true", "autoload_known_extensions", "true")} lets DuckDB
     * fetch the extensions a query needs, {@code Map.of("threads", "2")} bounds its threads.
     *
     * @param file the database file, or null for a new in-memory database
     * @param settings option names and values
     * @return the connection, which owns the database; close it
     * @throws DuckDbException if DuckDB's native library is missing or cannot be loaded, a setting is unknown or
     *     its value invalid, or DuckDB cannot open the file
     */
    public static DuckDbConnection open(Path file, Map<String, String> settings) {
        Map<String, String> all = new LinkedHashMap<>(DEFAULT_SETTINGS);
        all.putAll(Objects.requireNonNull(settings, "settings"));
        return new DuckDbConnection(DuckDbApi.get(), file == null ? null : file.toString(), all);
    }

    /**
     * The version of the DuckDB library in use, loading it if needed.
     *
     * @return the version, e.g. {@code v1.5.6}
     * @throws DuckDbException if DuckDB's native library is missing or cannot be loaded
     */
    public static String version() {
        try {
            return DuckDbApi.string((java.lang.foreign.MemorySegment) DuckDbApi.get().libraryVersion().invokeExact());
        } catch (DuckDbException e) {
            throw e;
        } catch (Throwable e) {
            throw new DuckDbException("reading DuckDB's version failed: " + e, e);
        }
    }
}
