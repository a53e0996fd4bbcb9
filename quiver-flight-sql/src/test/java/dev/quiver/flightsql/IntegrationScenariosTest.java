// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flightsql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightServer;
import dev.quiver.flight.FlightStatusCode;
import java.util.List;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.sql.FlightSqlClient;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The Arrow integration suite's Flight SQL scenarios ({@code flight_sql}, {@code flight_sql:extension},
 * {@code flight_sql:ingestion}) both ways against arrow-java (flight-sql 18.3.0): Quiver's FlightSqlClient
 * against the scenario server written on arrow-java's FlightSqlProducer, and arrow-java's FlightSqlClient
 * against the scenario server written on Quiver's {@link FlightSqlProducer}. Each server checks every field of
 * every command it receives; each client checks every answer. The pairs arrow-java with arrow-java and Quiver
 * with Quiver run too: the first shows the scenario sides written here agree with each other as arrow-java
 * runs them.
 */
class IntegrationScenariosTest {
    private static void arrowJavaClient(Scenarios.Name scenario, int port, BufferAllocator allocator)
            throws Exception {
        try (FlightSqlClient sql = new FlightSqlClient(FlightClient.builder(allocator,
                Location.forGrpcInsecure("localhost", port)).build())) {
            ArrowJavaScenarioClient.run(scenario, sql, allocator);
        }
    }

    private static void quiverClient(Scenarios.Name scenario, int port) throws Exception {
        try (dev.quiver.flight.sql.FlightSqlClient sql = new dev.quiver.flight.sql.FlightSqlClient(
                dev.quiver.flight.FlightClient.builder(dev.quiver.flight.Location.forGrpcInsecure("localhost", port))
                        .build())) {
            QuiverScenarioClient.run(scenario, sql);
        }
    }

    private static org.apache.arrow.flight.FlightServer arrowJavaServer(Scenarios.Name scenario,
            BufferAllocator allocator) throws Exception {
        return org.apache.arrow.flight.FlightServer.builder(allocator, Location.forGrpcInsecure("localhost", 0),
                new ArrowJavaScenarioServer(allocator, scenario)).build().start();
    }

    private static FlightServer quiverServer(Scenarios.Name scenario) {
        return FlightServer.builder(new QuiverScenarioServer(scenario)).port(0).build().start();
    }

    @ParameterizedTest
    @EnumSource(Scenarios.Name.class)
    void quiverClientAgainstArrowJavaServer(Scenarios.Name scenario) throws Exception {
        try (BufferAllocator allocator = new RootAllocator();
                org.apache.arrow.flight.FlightServer server = arrowJavaServer(scenario, allocator)) {
            quiverClient(scenario, server.getPort());
        }
    }

    @ParameterizedTest
    @EnumSource(Scenarios.Name.class)
    void arrowJavaClientAgainstQuiverServer(Scenarios.Name scenario) throws Exception {
        try (BufferAllocator allocator = new RootAllocator();
                FlightServer server = quiverServer(scenario)) {
            arrowJavaClient(scenario, server.port(), allocator);
        }
    }

    @ParameterizedTest
    @EnumSource(Scenarios.Name.class)
    void arrowJavaClientAgainstArrowJavaServer(Scenarios.Name scenario) throws Exception {
        try (BufferAllocator allocator = new RootAllocator();
                org.apache.arrow.flight.FlightServer server = arrowJavaServer(scenario, allocator)) {
            arrowJavaClient(scenario, server.getPort(), allocator);
        }
    }

    @ParameterizedTest
    @EnumSource(Scenarios.Name.class)
    void quiverClientAgainstQuiverServer(Scenarios.Name scenario) throws Exception {
        try (FlightServer server = quiverServer(scenario)) {
            quiverClient(scenario, server.port());
        }
    }

    @Test
    void theScenarioServersRefuseAFieldOtherThanTheScenarios() throws Exception {
        try (BufferAllocator allocator = new RootAllocator();
                FlightServer server = quiverServer(Scenarios.Name.FLIGHT_SQL);
                FlightSqlClient sql = new FlightSqlClient(FlightClient.builder(allocator,
                        Location.forGrpcInsecure("localhost", server.port())).build())) {
            FlightRuntimeException e = assertThrows(FlightRuntimeException.class, () -> sql.getTables("catalog",
                    "db_schema_filter_pattern", "table_filter_pattern", List.of("table"), true));
            assertEquals(CallStatus.INVALID_ARGUMENT.code(), e.status().code());
            assertTrue(e.getMessage().contains("the table types"), e.getMessage());
        }
        try (BufferAllocator allocator = new RootAllocator();
                org.apache.arrow.flight.FlightServer server = arrowJavaServer(Scenarios.Name.FLIGHT_SQL, allocator);
                dev.quiver.flight.sql.FlightSqlClient sql = new dev.quiver.flight.sql.FlightSqlClient(
                        dev.quiver.flight.FlightClient.builder(dev.quiver.flight.Location.forGrpcInsecure("localhost",
                                server.getPort())).build())) {
            FlightException e = assertThrows(FlightException.class, () -> sql.execute("SELECT OTHER"));
            assertEquals(FlightStatusCode.INVALID_ARGUMENT, e.code());
            assertTrue(e.getMessage().contains("SELECT OTHER"), e.getMessage());
        }
    }
}
