// SPDX-License-Identifier: Apache-2.0
/**
 * DuckDB, the in-process SQL engine, through its C API on the Foreign Function and Memory API: no JDBC, no
 * JNI. {@link dev.quiver.duckdb.DuckDb#open()} opens an in-memory database; a
 * {@link dev.quiver.duckdb.DuckDbConnection} registers tables, sources of readers (scanned any number of
 * times) and record batch readers (read once) as tables (scanned through a C API table function with
 * projection pushdown: each scan converts only the columns a query uses), runs queries, with parameters or not, and returns their results as record batch
 * readers (imported through the C Data interface). Databases open with DuckDB's automatic extension install
 * and load off. The native library is the one bundled in the
 * {@code org.duckdb:duckdb_jdbc} jar, extracted once to a cache file, or the file named by the system
 * property {@code quiver.duckdb.library} (environment variable {@code QUIVER_DUCKDB_LIBRARY}).
 *
 * <p>This module and {@code dev.quiver.c} call restricted methods: grant them native access with
 * {@code --enable-native-access=dev.quiver.c,dev.quiver.duckdb} on the module path (or
 * {@code ALL-UNNAMED} on the class path).
 */
package dev.quiver.duckdb;
