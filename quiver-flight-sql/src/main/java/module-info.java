// SPDX-License-Identifier: Apache-2.0
/**
 * Quiver Flight SQL: a Flight SQL server over DuckDB. Calls DuckDB through quiver-duckdb: run with
 * {@code --enable-native-access=dev.quiver.c,dev.quiver.duckdb}.
 */
module dev.quiver.flightsql {
    requires transitive dev.quiver.flight;
    requires transitive dev.quiver.duckdb;
    requires dev.quiver.ipc;
    requires com.google.protobuf;

    exports dev.quiver.flightsql;
}
