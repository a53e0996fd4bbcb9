// SPDX-License-Identifier: Apache-2.0
package dev.quiver.duckdb;

import java.nio.file.Path;
import java.util.Objects;

/**
 * The front door to DuckDB: opens databases, through DuckDB's C API on the Foreign Function and Memory API
 * (the native library of the {@code org.duckdb:duckdb_jdbc} jar; see the package documentation).
 */
public final class DuckDb {
    private DuckDb() {
    }

    /**
     * Opens a new in-memory database and a connection to it.
     *
     * @return the connection, which owns the database; close it
     * @throws DuckDbException if DuckDB's native library is missing or cannot be loaded, or DuckDB fails
     */
    public static DuckDbConnection open() {
        return new DuckDbConnection(DuckDbApi.get(), null);
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
        return new DuckDbConnection(DuckDbApi.get(), Objects.requireNonNull(file, "file").toString());
    }

    /**
     * The version of the DuckDB library in use, loading it if needed.
     *
     * @return the version, e.g. {@code v1.5.6}
     * @throws DuckDbException if DuckDB's native library is missing or cannot be loaded
     */
    public static String version() {
        try {
            return DuckDbApi.string((java.lang.foreign.MemorySegment) DuckDbApi.get().libraryVersion.invokeExact());
        } catch (DuckDbException e) {
            throw e;
        } catch (Throwable e) {
            throw new DuckDbException("reading DuckDB's version failed: " + e, e);
        }
    }
}
