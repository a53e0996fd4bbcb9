// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flightsql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.Table;
import dev.quiver.flight.FlightClient;
import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightStatusCode;
import dev.quiver.flight.sql.FlightSqlClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Remote SQL is untrusted: the server's file system, extensions, other databases and the shared
 * connection's settings are out of a client's reach, and results are bounded.
 */
class LockdownTest {
    @TempDir
    static Path dir;
    static SqlServerFixture fixture;
    static FlightSqlClient sql;

    @BeforeAll
    static void start() {
        fixture = new SqlServerFixture(dir, SqlLimits.DEFAULT.withMaxResultBytes(1 << 20), null);
        sql = new FlightSqlClient(FlightClient.builder(fixture.server.location()).build());
    }

    @AfterAll
    static void stop() {
        sql.close();
        fixture.close();
    }

    private static FlightException refused(String statement) {
        FlightException e = assertThrows(FlightException.class, () -> sql.execute(statement), statement);
        assertEquals(FlightStatusCode.INVALID_ARGUMENT, e.code(), e.getMessage());
        FlightException update = assertThrows(FlightException.class, () -> sql.executeUpdate(statement), statement);
        assertEquals(FlightStatusCode.INVALID_ARGUMENT, update.code(), update.getMessage());
        return e;
    }

    @Test
    void filesOfTheServerAreOutOfReach() throws Exception {
        for (String q : List.of("SELECT * FROM read_csv('/etc/passwd')", "SELECT * FROM '/etc/passwd'",
                "SELECT * FROM read_text('/etc/hostname')", "SELECT * FROM glob('/etc/*')",
                "SELECT * FROM read_parquet('" + dir.resolve("x.parquet") + "')",
                "SELECT * FROM read_ipc('" + dir.resolve("trips.arrow") + "')",
                "CREATE TABLE stolen AS SELECT * FROM read_csv('/etc/passwd')")) {
            String message = refused(q).getMessage();
            assertTrue(message.contains("disabled by configuration") || message.contains("does not exist"),
                    q + ": " + message);
        }
    }

    @Test
    void copyAttachInstallLoadAndSettingsAreRefused() {
        Path out = dir.resolve("out.csv");
        for (String q : List.of("COPY trips TO '" + out + "'", "COPY (SELECT 1) TO '" + out + "' (FORMAT csv)",
                "ATTACH '" + dir.resolve("other.db") + "' AS other", "INSTALL httpfs", "LOAD httpfs",
                "SET enable_external_access = true", "PRAGMA enable_external_access", "BEGIN TRANSACTION",
                "USE system", "EXPORT DATABASE '" + dir.resolve("export") + "'")) {
            refused(q);
        }
        assertFalse(Files.exists(out));
        assertFalse(Files.exists(dir.resolve("other.db")));
    }

    @Test
    void dangerousCallsHiddenBehindAnotherStatementAreRefused() {
        FlightException e = refused("SELECT 1; COPY trips TO '" + dir.resolve("x.csv") + "'");
        assertTrue(e.getMessage().contains("one SQL statement"), e.getMessage());
        // The function form of the same reads goes to DuckDB, which refuses it.
        FlightException f = refused("WITH x AS (SELECT * FROM read_csv('/etc/passwd')) SELECT * FROM x");
        assertTrue(f.getMessage().contains("disabled by configuration"), f.getMessage());
    }

    @Test
    void theDatabaseSettingsAreLocked() {
        try (RecordBatchReader r = sql.read(sql.execute("SELECT name, value FROM duckdb_settings() WHERE name IN "
                + "('enable_external_access', 'lock_configuration', 'autoload_known_extensions', "
                + "'autoinstall_known_extensions') ORDER BY name"))) {
            assertEquals(List.of(List.of("autoinstall_known_extensions", "false"),
                    List.of("autoload_known_extensions", "false"), List.of("enable_external_access", "false"),
                    List.of("lock_configuration", "true")), SqlServerFixture.rows(Table.from(r)));
        }
    }

    @Test
    void resultsAreBounded() {
        FlightException e = assertThrows(FlightException.class, () -> sql.execute(
                "SELECT range, repeat('x', 100) FROM range(1000000)"));
        assertEquals(FlightStatusCode.RESOURCE_EXHAUSTED, e.code());
        assertTrue(e.getMessage().contains("larger than the server's limit"), e.getMessage());
        try (RecordBatchReader r = sql.read(sql.execute("SELECT count(*) FROM trips"))) {
            assertEquals(SqlServerFixture.ROWS, ((Number) Table.from(r).row(0).get(0)).intValue());
        }
    }

    @Test
    void aLongStatementIsStoppedAtTheTimeout() throws Exception {
        Files.createDirectories(dir.resolve("quick"));
        SqlServerFixture quick = new SqlServerFixture(dir.resolve("quick"), SqlLimits.DEFAULT.withQueryTimeout(
                Duration.ofMillis(300)), null);
        try (quick; FlightSqlClient client = new FlightSqlClient(FlightClient.builder(quick.server.location())
                .build())) {
            FlightException e = assertThrows(FlightException.class, () -> client.execute(
                    "SELECT a.range FROM range(100000000) a WHERE a.range % 7 = 3"));
            assertEquals(FlightStatusCode.TIMED_OUT, e.code(), e.getMessage());
        }
    }
}
