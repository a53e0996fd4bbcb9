// SPDX-License-Identifier: Apache-2.0
/**
 * DuckDB through its C API on the Foreign Function and Memory API. Calls restricted methods (downcalls into
 * DuckDB's native library, upcall stubs): run with
 * {@code --enable-native-access=dev.quiver.c,dev.quiver.duckdb}.
 */
module dev.quiver.duckdb {
    requires transitive dev.quiver.core;
    requires dev.quiver.c;
    // Only for the native library file the jar bundles; its classes are never used.
    requires duckdb.jdbc;

    exports dev.quiver.duckdb;
}
