// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flightsql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.flight.FlightClient;
import dev.quiver.flight.FlightDescriptor;
import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightServer;
import dev.quiver.flight.FlightStatusCode;
import dev.quiver.flight.sql.FlightSqlClient;
import dev.quiver.flight.sql.TableRef;
import org.junit.jupiter.api.Test;

/** What {@link FlightSqlProducer} answers by itself: a server that overrides nothing. */
class FlightSqlProducerTest {
    @Test
    void aServerOfNothingAnswersUnimplementedAndTheMetadataSchemas() {
        try (FlightServer server = FlightServer.builder(new FlightSqlProducer() { }).port(0).build().start();
                FlightSqlClient sql = new FlightSqlClient(FlightClient.builder(server.location()).build())) {
            FlightException query = assertThrows(FlightException.class, () -> sql.execute("SELECT 1"));
            assertEquals(FlightStatusCode.UNIMPLEMENTED, query.code());
            assertTrue(query.getMessage().contains("StatementQuery"), query.getMessage());
            assertEquals(FlightStatusCode.UNIMPLEMENTED, assertThrows(FlightException.class,
                    () -> sql.executeUpdate("DELETE FROM t")).code());
            assertEquals(FlightStatusCode.UNIMPLEMENTED, assertThrows(FlightException.class,
                    () -> sql.prepare("SELECT 1")).code());
            assertEquals(FlightStatusCode.UNIMPLEMENTED, assertThrows(FlightException.class,
                    sql::beginTransaction).code());
            assertEquals(FlightStatusCode.UNIMPLEMENTED, assertThrows(FlightException.class,
                    sql::getCatalogs).code());
            // GetSchema of a metadata command: FlightSql.proto's schema, without the server's help.
            assertEquals(Metadata.CATALOGS, sql.getCatalogsSchema());
            assertEquals(Metadata.TABLES_WITH_SCHEMA, sql.getTablesSchema(true));
            assertEquals(Metadata.KEYS, sql.getCrossReferenceSchema());
            assertEquals(ServerInfo.SQL_INFO, sql.getSqlInfoSchema());
            assertEquals(FlightSqlProducer.metadataSchema(new SqlCommand.GetPrimaryKeys(TableRef.of("t"))),
                    sql.getPrimaryKeysSchema());
            FlightException notSql = assertThrows(FlightException.class, () -> sql.flightClient().getFlightInfo(
                    FlightDescriptor.command(new byte[] {1, 2, 3})));
            assertEquals(FlightStatusCode.INVALID_ARGUMENT, notSql.code());
            FlightException path = assertThrows(FlightException.class, () -> sql.flightClient().getFlightInfo(
                    FlightDescriptor.path("a", "b")));
            assertEquals(FlightStatusCode.INVALID_ARGUMENT, path.code());
        }
    }
}
