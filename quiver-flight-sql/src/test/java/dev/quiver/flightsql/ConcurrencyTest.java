// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flightsql;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.Table;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.flight.FlightClient;
import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightStatusCode;
import dev.quiver.flight.ServerAuthenticator;
import dev.quiver.flight.sql.FlightSqlClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Many clients at once lose nothing and leave nothing behind; a client that goes away mid-query stops it;
 * one client's handles are not another's. The load runs about 10 seconds by default; the system property
 * {@code quiver.flightsql.loadSeconds} runs it longer (e.g. 60).
 */
class ConcurrencyTest {
    private static final int CLIENTS = 32;

    @TempDir
    Path dir;

    @Test
    void thirtyTwoClientsQueryingLoseNothingAndLeakNothing() throws Exception {
        long seconds = Long.getLong("quiver.flightsql.loadSeconds", 10);
        List<String> queries = List.of("SELECT city, count(*), sum(fare) FROM trips GROUP BY city ORDER BY city",
                "SELECT * FROM trips WHERE id % 97 = 5 ORDER BY id", "SELECT count(*) FROM trips a, trips b "
                        + "WHERE a.id = b.id AND a.city = 'Lima'");
        List<List<List<Object>>> expected = new ArrayList<>();
        for (String q : queries) {
            expected.add(SqlServerFixture.duckDb(q));
        }
        SqlLimits limits = SqlLimits.DEFAULT.withSessions(64, Duration.ofSeconds(3));
        try (SqlServerFixture fixture = new SqlServerFixture(dir, limits, null)) {
            AtomicLong done = new AtomicLong();
            long end = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
            ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor();
            List<Future<?>> clients = new ArrayList<>();
            for (int c = 0; c < CLIENTS; c++) {
                int id = c;
                clients.add(pool.submit(() -> {
                    // even clients each in a session of their own, the odd ones all in the default session
                    FlightClient.Builder builder = FlightClient.builder(fixture.server.location());
                    if (id % 2 == 0) {
                        builder.middleware((method, headers) -> headers.put(Engine.SESSION_HEADER, "s" + id));
                    }
                    try (FlightSqlClient sql = new FlightSqlClient(builder.build())) {
                        for (int i = id; System.nanoTime() < end; i++) {
                            int k = i % queries.size();
                            if (i % 5 == 0) {
                                try (FlightSqlClient.PreparedStatement p = sql.prepare("SELECT ? || city FROM trips "
                                        + "WHERE id = ?")) {
                                    p.setParameters(RecordBatch.ofRows(p.parameterSchema(), List.of(List.of("c" + id,
                                            (long) id))));
                                    try (RecordBatchReader r = sql.read(p.execute())) {
                                        Object v = Table.from(r).row(0).get(0);
                                        assertTrue(v == null || v.equals("c" + id + SqlServerFixture.trips().row(id)
                                                .get("city")), String.valueOf(v));
                                    }
                                }
                            } else {
                                try (RecordBatchReader r = sql.read(sql.execute(queries.get(k)))) {
                                    assertEquals(expected.get(k), SqlServerFixture.rows(Table.from(r)));
                                }
                            }
                            done.incrementAndGet();
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : clients) {
                f.get();
            }
            pool.close();
            assertTrue(done.get() >= CLIENTS, "queries done: " + done.get());
            assertArrayEquals(new int[] {0, 0}, fixture.producer.held(), "results or statements left behind");
            // A call ends on the server a moment after its client has its answer.
            for (int i = 0; i < 200 && fixture.server.callsInProgress() > 0; i++) {
                Thread.sleep(25);
            }
            assertEquals(0, fixture.server.callsInProgress());
            // and every session's connection is closed once idle
            for (int i = 0; i < 200 && fixture.producer.sessions() > 0; i++) {
                Thread.sleep(50);
            }
            assertEquals(0, fixture.producer.sessions(), "sessions left open");
        }
    }

    @Test
    void aClientThatGoesAwayMidQueryStopsIt() throws Exception {
        try (SqlServerFixture fixture = new SqlServerFixture(dir)) {
            try (FlightSqlClient impatient = new FlightSqlClient(FlightClient.builder(fixture.server.location())
                    .timeout(Duration.ofMillis(500)).build())) {
                FlightException e = assertThrows(FlightException.class, () -> impatient.execute(
                        "SELECT range FROM range(100000000000) WHERE range % 1009 = 1"));
                assertEquals(FlightStatusCode.TIMED_OUT, e.code(), e.getMessage());
            }
            // The statement would scan 10^11 rows (minutes) and hold the session's connection all along: the
            // server's watchdog sees the call end and interrupts DuckDB instead.
            for (int i = 0; i < 400 && fixture.producer.busy(); i++) {
                Thread.sleep(50);
            }
            assertFalse(fixture.producer.busy(), "the abandoned query still holds the database");
            try (FlightSqlClient sql = new FlightSqlClient(FlightClient.builder(fixture.server.location()).build());
                    RecordBatchReader r = sql.read(sql.execute("SELECT 42"))) {
                assertEquals(42, ((Number) Table.from(r).row(0).get(0)).intValue());
            }
        }
    }

    @Test
    void handlesBelongToTheirClient() throws Exception {
        ServerAuthenticator users = new ServerAuthenticator() {
            @Override
            public String authenticateBasic(String user, String password) {
                if (!password.equals(user + "-secret")) {
                    throw new FlightException(FlightStatusCode.UNAUTHENTICATED, "wrong password");
                }
                return user;
            }

            @Override
            public String validateToken(String token) {
                return token;
            }
        };
        try (SqlServerFixture fixture = new SqlServerFixture(dir, SqlLimits.DEFAULT, users);
                FlightClient a = FlightClient.builder(fixture.server.location()).build();
                FlightClient b = FlightClient.builder(fixture.server.location()).build();
                FlightSqlClient alice = new FlightSqlClient(a);
                FlightSqlClient bob = new FlightSqlClient(b)) {
            a.authenticateBasic("alice", "alice-secret");
            b.authenticateBasic("bob", "bob-secret");
            var info = alice.execute("SELECT 1 AS one");
            FlightException stolen = assertThrows(FlightException.class, () -> Table.from(bob.read(info)));
            assertEquals(FlightStatusCode.NOT_FOUND, stolen.code());
            try (RecordBatchReader r = alice.read(info)) {
                assertEquals(Schema.of(Field.nullable("one", new ArrowType.Int(32, true))), r.schema());
            }
            var tx = alice.beginTransaction();
            FlightException notHis = assertThrows(FlightException.class, () -> bob.executeUpdate("CREATE TABLE t (x INT)",
                    tx));
            assertEquals(FlightStatusCode.NOT_FOUND, notHis.code());
            alice.commit(tx);
        }
    }
}
