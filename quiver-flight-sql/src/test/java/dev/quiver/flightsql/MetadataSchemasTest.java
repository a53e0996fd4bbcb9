// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flightsql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.sql.FlightSqlClient;
import org.apache.arrow.flight.sql.FlightSqlProducer.Schemas;
import org.apache.arrow.flight.sql.util.TableRef;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every metadata command answers in the schema FlightSql.proto gives it, as arrow-java's
 * {@code FlightSqlProducer.Schemas} spells it (what the integration suite's flight_sql scenario checks): by
 * GetSchema, in the FlightInfo and in the data.
 */
class MetadataSchemasTest {
    @TempDir
    Path dir;

    private static void check(Schema expected, FlightInfo info, Schema fromGetSchema, FlightSqlClient sql)
            throws Exception {
        assertEquals(expected, fromGetSchema, "GetSchema");
        assertEquals(expected, info.getSchemaOptional().orElseThrow(), "FlightInfo");
        try (var stream = sql.getStream(info.getEndpoints().getFirst().getTicket())) {
            assertEquals(expected, stream.getSchema(), "DoGet");
            while (stream.next()) {
                assertEquals(expected, stream.getRoot().getSchema());
            }
        }
    }

    @Test
    void metadataSchemasAreFlightSqls() throws Exception {
        try (SqlServerFixture fixture = new SqlServerFixture(dir); BufferAllocator allocator = new RootAllocator();
                FlightSqlClient sql = new FlightSqlClient(FlightClient.builder(allocator,
                        Location.forGrpcInsecure("localhost", fixture.server.port())).build())) {
            TableRef trips = TableRef.of(null, null, "trips");
            check(Schemas.GET_CATALOGS_SCHEMA, sql.getCatalogs(), sql.getCatalogsSchema().getSchema(), sql);
            check(Schemas.GET_SCHEMAS_SCHEMA, sql.getSchemas(null, null), sql.getSchemasSchema().getSchema(), sql);
            check(Schemas.GET_TABLES_SCHEMA, sql.getTables(null, null, null, List.of("VIEW"), true),
                    sql.getTablesSchema(true).getSchema(), sql);
            check(Schemas.GET_TABLES_SCHEMA_NO_SCHEMA, sql.getTables(null, null, null, null, false),
                    sql.getTablesSchema(false).getSchema(), sql);
            check(Schemas.GET_TABLE_TYPES_SCHEMA, sql.getTableTypes(), sql.getTableTypesSchema().getSchema(), sql);
            check(Schemas.GET_PRIMARY_KEYS_SCHEMA, sql.getPrimaryKeys(trips), sql.getPrimaryKeysSchema().getSchema(),
                    sql);
            check(Schemas.GET_EXPORTED_KEYS_SCHEMA, sql.getExportedKeys(trips),
                    sql.getExportedKeysSchema().getSchema(), sql);
            check(Schemas.GET_IMPORTED_KEYS_SCHEMA, sql.getImportedKeys(trips),
                    sql.getImportedKeysSchema().getSchema(), sql);
            check(Schemas.GET_CROSS_REFERENCE_SCHEMA, sql.getCrossReference(trips, trips),
                    sql.getCrossReferenceSchema().getSchema(), sql);
            check(Schemas.GET_TYPE_INFO_SCHEMA, sql.getXdbcTypeInfo(), sql.getXdbcTypeInfoSchema().getSchema(), sql);
            check(Schemas.GET_SQL_INFO_SCHEMA, sql.getSqlInfo(new int[] {0, 3}), sql.getSqlInfoSchema().getSchema(),
                    sql);
        }
    }
}
