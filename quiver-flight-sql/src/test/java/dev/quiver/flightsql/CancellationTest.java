// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flightsql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchBuilder;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.Table;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.flight.FlightClient;
import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightServer;
import dev.quiver.flight.FlightStatusCode;
import dev.quiver.flight.sql.FlightSqlClient;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * A statement whose first result row needs a long computation (an aggregation: DuckDB returns nothing before
 * it has read every row), over a served table or over none, stops when its client goes away or its statement
 * timeout passes (the server's watchdog interrupts DuckDB), instead of holding its connection to the end.
 */
class CancellationTest {
    private static final Schema NUMBERS = Schema.of(Field.notNull("n", new ArrowType.Int(64, true)));
    /** How long the endless table's scan would run at most: far beyond the bound the tests allow. */
    private static final Duration SCAN_CAP = Duration.ofSeconds(60);
    /** How soon after the call ends the database must be free again. */
    private static final Duration BOUND = Duration.ofSeconds(10);

    /** A reader of batches of 2,048 rows, made as read, ending only after {@link #SCAN_CAP}. */
    private static RecordBatchReader endless() {
        long end = System.nanoTime() + SCAN_CAP.toNanos();
        return new RecordBatchReader() {
            @Override
            public Schema schema() {
                return NUMBERS;
            }

            @Override
            public Optional<RecordBatch> readNext() {
                if (System.nanoTime() - end > 0) {
                    return Optional.empty();
                }
                RecordBatchBuilder b = RecordBatchBuilder.of(NUMBERS, BufferAllocator.managed());
                for (long i = 0; i < 2048; i++) {
                    b.addRow(i);
                }
                return Optional.of(b.build());
            }

            @Override
            public void close() {
            }
        };
    }

    private static DuckDbSqlProducer open(SqlLimits limits) {
        Supplier<RecordBatchReader> source = CancellationTest::endless;
        return DuckDbSqlProducer.open(Map.of("endless", source), Map.of(), limits);
    }

    /** Waits for the database to be free; whether it was within the bound. */
    private static boolean freedWithinBound(DuckDbSqlProducer producer) throws InterruptedException {
        long deadline = System.nanoTime() + BOUND.toNanos();
        while (producer.busy() && System.nanoTime() - deadline < 0) {
            Thread.sleep(20);
        }
        return !producer.busy();
    }

    private static void stillServes(FlightServer server) {
        try (FlightSqlClient sql = new FlightSqlClient(FlightClient.builder(server.location()).build());
                RecordBatchReader r = sql.read(sql.execute("SELECT 42"))) {
            assertEquals(42, ((Number) Table.from(r).row(0).get(0)).intValue());
        }
    }

    @Test
    void aClientThatGoesAwayStopsAnAggregationOverAServedTable() throws Exception {
        try (DuckDbSqlProducer producer = open(SqlLimits.DEFAULT);
                FlightServer server = FlightServer.builder(producer).port(0).build().start()) {
            try (FlightSqlClient impatient = new FlightSqlClient(FlightClient.builder(server.location())
                    .timeout(Duration.ofMillis(500)).build())) {
                FlightException e = assertThrows(FlightException.class, () -> impatient.execute(
                        "SELECT sum(n) FROM endless"));
                assertEquals(FlightStatusCode.TIMED_OUT, e.code(), e.getMessage());
            }
            assertTrue(freedWithinBound(producer), "the abandoned aggregation still holds the database after "
                    + BOUND.toSeconds() + " s");
            stillServes(server);
        }
    }

    @Test
    void theStatementTimeoutStopsAnAggregationOverAServedTable() throws Exception {
        try (DuckDbSqlProducer producer = open(SqlLimits.DEFAULT.withQueryTimeout(Duration.ofSeconds(1)));
                FlightServer server = FlightServer.builder(producer).port(0).build().start();
                FlightSqlClient sql = new FlightSqlClient(FlightClient.builder(server.location()).build())) {
            long start = System.nanoTime();
            FlightException e = assertThrows(FlightException.class, () -> sql.execute("SELECT sum(n) FROM endless"));
            assertEquals(FlightStatusCode.TIMED_OUT, e.code(), e.getMessage());
            assertFalse(System.nanoTime() - start > BOUND.toNanos(), "the statement ran past its timeout");
            assertTrue(freedWithinBound(producer), "the timed-out aggregation still holds the database");
            stillServes(server);
        }
    }

    @Test
    void theStatementTimeoutStopsAnAggregationOverNoServedTable() throws Exception {
        try (DuckDbSqlProducer producer = open(SqlLimits.DEFAULT.withQueryTimeout(Duration.ofSeconds(1)));
                FlightServer server = FlightServer.builder(producer).port(0).build().start();
                FlightSqlClient sql = new FlightSqlClient(FlightClient.builder(server.location()).build())) {
            // hours of work before its one row, and no scan of Quiver's in it to check anything
            FlightException e = assertThrows(FlightException.class, () -> sql.execute(
                    "SELECT sum(range % 7) FROM range(1000000000000)"));
            assertEquals(FlightStatusCode.TIMED_OUT, e.code(), e.getMessage());
            assertTrue(e.getMessage().contains("statement timeout"), e.getMessage());
            assertTrue(freedWithinBound(producer), "the timed-out aggregation still holds its connection");
            stillServes(server);
        }
    }
}
