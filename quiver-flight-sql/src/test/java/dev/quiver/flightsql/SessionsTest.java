// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flightsql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.Table;
import dev.quiver.flight.Action;
import dev.quiver.flight.FlightClient;
import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightStatusCode;
import dev.quiver.flight.internal.proto.Flight;
import dev.quiver.flight.sql.FlightSqlClient;
import dev.quiver.flight.sql.Transaction;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Client sessions, each with a DuckDB connection of its own on the one database: named by the call header
 * {@value Engine#SESSION_HEADER} (beside the authenticated identity), run side by side, bounded in number and
 * closed when idle.
 */
class SessionsTest {
    @TempDir
    Path dir;

    private static FlightSqlClient client(SqlServerFixture fixture, String session) {
        return new FlightSqlClient(FlightClient.builder(fixture.server.location())
                .middleware((method, headers) -> headers.put(Engine.SESSION_HEADER, session)).build());
    }

    private static long count(FlightSqlClient sql, String query) {
        try (RecordBatchReader r = sql.read(sql.execute(query))) {
            return ((Number) Table.from(r).row(0).get(0)).longValue();
        }
    }

    /** Waits (at most 10 s) for the server to hold {@code n} sessions; whether it does. */
    private static boolean sessionsBecome(SqlServerFixture fixture, int n) throws InterruptedException {
        for (int i = 0; i < 200 && fixture.producer.sessions() != n; i++) {
            Thread.sleep(50);
        }
        return fixture.producer.sessions() == n;
    }

    @Test
    void sessionsHaveConnectionsAndTransactionsOfTheirOwn() {
        try (SqlServerFixture fixture = new SqlServerFixture(dir);
                FlightSqlClient a = client(fixture, "a");
                FlightSqlClient b = client(fixture, "b")) {
            a.executeUpdate("CREATE TABLE shared (v INTEGER)");
            Transaction tx = a.beginTransaction();
            a.executeUpdate("INSERT INTO shared VALUES (1)", tx);
            // b is not held up by a's open transaction, and sees none of it
            assertEquals(0, count(b, "SELECT count(*) FROM shared"));
            assertEquals(SqlServerFixture.ROWS, count(b, "SELECT count(*) FROM trips"));
            FlightException notB = assertThrows(FlightException.class, () -> b.executeUpdate(
                    "INSERT INTO shared VALUES (2)", tx));
            assertEquals(FlightStatusCode.NOT_FOUND, notB.code());
            a.commit(tx);
            assertEquals(1, count(b, "SELECT count(*) FROM shared"));
            a.executeUpdate("CREATE TEMPORARY TABLE mine AS SELECT 7 AS x");
            assertEquals(7, count(a, "SELECT x FROM mine"));
            FlightException notSeen = assertThrows(FlightException.class, () -> count(b, "SELECT x FROM mine"));
            assertEquals(FlightStatusCode.INVALID_ARGUMENT, notSeen.code());
            assertTrue(notSeen.getMessage().contains("mine"), notSeen.getMessage());
            assertEquals(2, fixture.producer.sessions());
        }
    }

    @Test
    void transactionsOfTwoSessionsChangingOneRowConflict() {
        try (SqlServerFixture fixture = new SqlServerFixture(dir);
                FlightSqlClient a = client(fixture, "a");
                FlightSqlClient b = client(fixture, "b")) {
            a.executeUpdate("CREATE TABLE account (id INTEGER, balance INTEGER)");
            a.executeUpdate("INSERT INTO account VALUES (1, 100)");
            Transaction ta = a.beginTransaction();
            Transaction tb = b.beginTransaction();
            assertEquals(1, a.executeUpdate("UPDATE account SET balance = 90 WHERE id = 1", ta));
            FlightException conflict = assertThrows(FlightException.class, () -> {
                b.executeUpdate("UPDATE account SET balance = 80 WHERE id = 1", tb);
                b.commit(tb);
            });
            assertEquals(FlightStatusCode.INVALID_ARGUMENT, conflict.code());
            assertTrue(conflict.getMessage().toLowerCase(java.util.Locale.ROOT).contains("conflict"),
                    conflict.getMessage());
            b.rollback(tb);
            a.commit(ta);
            assertEquals(90, count(b, "SELECT balance FROM account"));
        }
    }

    @Test
    void aLongStatementOfOneSessionHoldsUpNoOtherAndStopsWhenItsClientGoesAway() throws Exception {
        try (SqlServerFixture fixture = new SqlServerFixture(dir); FlightSqlClient b = client(fixture, "b")) {
            FlightSqlClient a = client(fixture, "a");
            // no served table in it: only duckdb_interrupt stops it before its end (hours away)
            CompletableFuture<Object> running = CompletableFuture.supplyAsync(() -> a.execute(
                    "SELECT sum(range % 7) FROM range(1000000000000)"));
            for (int i = 0; i < 400 && !fixture.producer.busy(); i++) {
                Thread.sleep(25);
            }
            assertTrue(fixture.producer.busy(), "the long statement did not start");
            assertEquals(42, count(b, "SELECT 42"));
            assertFalse(running.isDone(), "the long statement ended by itself");
            a.close();
            assertThrows(Exception.class, () -> running.get(30, TimeUnit.SECONDS));
            for (int i = 0; i < 400 && fixture.producer.busy(); i++) {
                Thread.sleep(25);
            }
            assertFalse(fixture.producer.busy(), "the abandoned statement still holds its connection");
        }
    }

    @Test
    void closeSessionEndsTheSessionAtOnce() throws Exception {
        try (SqlServerFixture fixture = new SqlServerFixture(dir);
                FlightClient flight = FlightClient.builder(fixture.server.location())
                        .middleware((method, headers) -> headers.put(Engine.SESSION_HEADER, "a")).build();
                FlightSqlClient a = new FlightSqlClient(flight)) {
            assertTrue(flight.listActions().stream().anyMatch(t -> t.type().equals("CloseSession")));
            a.executeUpdate("CREATE TEMPORARY TABLE gone AS SELECT 1 AS x");
            a.prepare("SELECT ? AS v");
            Transaction open = a.beginTransaction();
            assertEquals(1, fixture.producer.sessions());
            var results = flight.doAction(new Action("CloseSession", new byte[0]));
            assertEquals(Flight.CloseSessionResult.Status.CLOSED,
                    Flight.CloseSessionResult.parseFrom(results.getFirst().body()).getStatus());
            assertEquals(0, fixture.producer.sessions());
            assertEquals(0, fixture.producer.held()[1], "the closed session's prepared statement is still held");
            FlightException ended = assertThrows(FlightException.class, () -> a.commit(open));
            assertEquals(FlightStatusCode.NOT_FOUND, ended.code());
            FlightException noTable = assertThrows(FlightException.class, () -> count(a, "SELECT x FROM gone"));
            assertEquals(FlightStatusCode.INVALID_ARGUMENT, noTable.code());
            FlightException bad = assertThrows(FlightException.class, () -> flight.doAction(new Action(
                    "CloseSession", new byte[] {(byte) 0xff})));
            assertEquals(FlightStatusCode.INVALID_ARGUMENT, bad.code());
        }
    }

    @Test
    void atTheLimitTheSessionIdleLongestMakesRoom() {
        SqlLimits limits = SqlLimits.DEFAULT.withSessions(2, Duration.ofMinutes(10));
        try (SqlServerFixture fixture = new SqlServerFixture(dir, limits, null);
                FlightSqlClient a = client(fixture, "a");
                FlightSqlClient b = client(fixture, "b");
                FlightSqlClient c = client(fixture, "c")) {
            a.prepare("SELECT ? AS v");
            b.executeUpdate("CREATE TEMPORARY TABLE kept AS SELECT 3 AS x");
            assertEquals(1, count(c, "SELECT 1"));
            assertEquals(2, fixture.producer.sessions());
            assertEquals(0, fixture.producer.held()[1], "the closed session's prepared statement is still held");
            assertEquals(3, count(b, "SELECT x FROM kept"));
        }
    }

    @Test
    void sessionsAreBoundedAndCloseWhenIdle() throws Exception {
        SqlLimits limits = SqlLimits.DEFAULT.withSessions(2, Duration.ofMillis(500));
        try (SqlServerFixture fixture = new SqlServerFixture(dir, limits, null);
                FlightSqlClient a = client(fixture, "a");
                FlightSqlClient b = client(fixture, "b");
                FlightSqlClient c = client(fixture, "c")) {
            Transaction ta = a.beginTransaction();
            Transaction tb = b.beginTransaction();
            FlightException full = assertThrows(FlightException.class, () -> count(c, "SELECT 1"));
            assertEquals(FlightStatusCode.RESOURCE_EXHAUSTED, full.code());
            assertTrue(full.getMessage().contains("sessions"), full.getMessage());
            a.commit(ta);
            b.rollback(tb);
            FlightSqlClient.PreparedStatement p = a.prepare("SELECT ? AS v");
            a.executeUpdate("CREATE TEMPORARY TABLE gone AS SELECT 1 AS x");
            assertTrue(sessionsBecome(fixture, 0), "idle sessions still open: " + fixture.producer.sessions());
            assertEquals(0, fixture.producer.held()[1], "the closed session's prepared statement is still held");
            FlightException closed = assertThrows(FlightException.class, p::execute);
            assertEquals(FlightStatusCode.NOT_FOUND, closed.code());
            // a new session of a: a new connection, without the old one's temporary table
            FlightException noTable = assertThrows(FlightException.class, () -> count(a, "SELECT x FROM gone"));
            assertEquals(FlightStatusCode.INVALID_ARGUMENT, noTable.code());
            assertEquals(1, count(c, "SELECT 1"));
        }
    }
}
