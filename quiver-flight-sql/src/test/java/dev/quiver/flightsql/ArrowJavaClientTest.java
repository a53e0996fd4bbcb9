// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flightsql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightEndpoint;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.sql.FlightSqlClient;
import org.apache.arrow.flight.sql.impl.FlightSql.CommandStatementIngest.TableDefinitionOptions;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.util.Text;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * arrow-java's FlightSqlClient (flight-sql 18.3.0) against the DuckDB Flight SQL server: queries, prepared
 * statements with parameters, updates, ingestion, transactions and the metadata calls.
 */
class ArrowJavaClientTest {
    @TempDir
    static Path dir;
    static SqlServerFixture fixture;
    static BufferAllocator allocator;
    static FlightSqlClient sql;

    @BeforeAll
    static void start() {
        fixture = new SqlServerFixture(dir);
        allocator = new RootAllocator();
        sql = new FlightSqlClient(FlightClient.builder(allocator, Location.forGrpcInsecure("localhost",
                fixture.server.port())).build());
    }

    @AfterAll
    static void stop() throws Exception {
        sql.close();
        allocator.close();
        fixture.close();
    }

    /** Every row of every endpoint, as plain Java values (text as String, dates as LocalDate, as Quiver's). */
    static List<List<Object>> rows(FlightInfo info) throws Exception {
        List<List<Object>> out = new ArrayList<>();
        for (FlightEndpoint e : info.getEndpoints()) {
            try (FlightStream s = sql.getStream(e.getTicket())) {
                while (s.next()) {
                    VectorSchemaRoot root = s.getRoot();
                    for (int i = 0; i < root.getRowCount(); i++) {
                        List<Object> row = new ArrayList<>();
                        for (FieldVector v : root.getFieldVectors()) {
                            Object o = v.getObject(i);
                            row.add(o instanceof Text t ? t.toString()
                                    : v instanceof DateDayVector && o != null ? LocalDate.ofEpochDay((Integer) o) : o);
                        }
                        out.add(row);
                    }
                }
            }
        }
        return out;
    }

    @Test
    void queriesGiveDuckDbsResults() throws Exception {
        for (String q : List.of("SELECT id, city, fare, day FROM trips ORDER BY id",
                "SELECT city, count(*) AS n, avg(fare) AS f FROM trips GROUP BY city ORDER BY city NULLS FIRST")) {
            assertEquals(SqlServerFixture.duckDb(q), rows(sql.execute(q)), q);
        }
        assertEquals(4, sql.getExecuteSchema("SELECT * FROM trips").getSchema().getFields().size());
    }

    @Test
    void preparedStatementWithParameters() throws Exception {
        try (FlightSqlClient.PreparedStatement p = sql.prepare("SELECT id, city FROM trips WHERE id < ? AND city = ? "
                + "ORDER BY id")) {
            assertEquals(2, p.getParameterSchema().getFields().size());
            assertEquals(2, p.getResultSetSchema().getFields().size());
            try (VectorSchemaRoot params = VectorSchemaRoot.create(new org.apache.arrow.vector.types.pojo.Schema(
                    List.of(org.apache.arrow.vector.types.pojo.Field.nullable("a",
                            new org.apache.arrow.vector.types.pojo.ArrowType.Int(64, true)),
                            org.apache.arrow.vector.types.pojo.Field.nullable("b",
                                    new org.apache.arrow.vector.types.pojo.ArrowType.Utf8()))), allocator)) {
                ((BigIntVector) params.getVector(0)).setSafe(0, 30);
                ((VarCharVector) params.getVector(1)).setSafe(0, new Text("Pune"));
                params.setRowCount(1);
                p.setParameters(params);
                assertEquals(SqlServerFixture.duckDb("SELECT id, city FROM trips WHERE id < 30 AND city = 'Pune' "
                        + "ORDER BY id"), rows(p.execute()));
            }
        }
    }

    @Test
    void updatesIngestionAndTransactions() throws Exception {
        assertEquals(0, sql.executeUpdate("CREATE TABLE aj (id BIGINT, name VARCHAR)"));
        assertEquals(2, sql.executeUpdate("INSERT INTO aj VALUES (1, 'x'), (2, 'y')"));
        FlightSqlClient.Transaction tx = sql.beginTransaction();
        assertEquals(2, sql.executeUpdate("DELETE FROM aj", tx));
        sql.rollback(tx);
        assertEquals(List.of(List.of(2L)), rows(sql.execute("SELECT count(*) FROM aj")));
        try (VectorSchemaRoot data = VectorSchemaRoot.create(new org.apache.arrow.vector.types.pojo.Schema(List.of(
                org.apache.arrow.vector.types.pojo.Field.nullable("id",
                        new org.apache.arrow.vector.types.pojo.ArrowType.Int(64, true)),
                org.apache.arrow.vector.types.pojo.Field.nullable("name",
                        new org.apache.arrow.vector.types.pojo.ArrowType.Utf8()))), allocator)) {
            for (int i = 0; i < 3; i++) {
                ((BigIntVector) data.getVector(0)).setSafe(i, 10 + i);
                ((VarCharVector) data.getVector(1)).setSafe(i, new Text("n" + i));
            }
            data.setRowCount(3);
            TableDefinitionOptions append = TableDefinitionOptions.newBuilder()
                    .setIfNotExist(TableDefinitionOptions.TableNotExistOption.TABLE_NOT_EXIST_OPTION_FAIL)
                    .setIfExists(TableDefinitionOptions.TableExistsOption.TABLE_EXISTS_OPTION_APPEND).build();
            assertEquals(3, sql.executeIngest(data, new FlightSqlClient.ExecuteIngestOptions("aj", append, null, null,
                    Map.of())));
        }
        assertEquals(List.of(List.of(5L)), rows(sql.execute("SELECT count(*) FROM aj")));
    }

    @Test
    void metadataCalls() throws Exception {
        assertTrue(rows(sql.getCatalogs()).contains(List.of("memory")));
        assertTrue(rows(sql.getSchemas("memory", null)).contains(List.of("memory", "main")));
        List<List<Object>> tables = rows(sql.getTables(null, null, "trips", null, false));
        assertEquals(1, tables.size());
        assertEquals("trips", tables.getFirst().get(2));
        assertEquals(Metadata.TYPES.size(), rows(sql.getTableTypes()).size());
        List<List<Object>> types = rows(sql.getXdbcTypeInfo());
        assertTrue(types.stream().anyMatch(r -> r.get(0).equals("BIGINT") && r.get(1).equals(-5)), types.toString());
        assertTrue(rows(sql.getXdbcTypeInfo(12)).stream().allMatch(r -> r.get(1).equals(12)));
        List<List<Object>> info = rows(sql.getSqlInfo(new int[] {0, 4}));
        assertEquals(List.of(0, 4), info.stream().map(r -> ((Number) r.get(0)).intValue()).toList());
        assertEquals(0, rows(sql.getPrimaryKeys(org.apache.arrow.flight.sql.util.TableRef.of(null, null, "trips")))
                .size());
    }

    @Test
    void errorsCarryDuckDbsMessage() {
        FlightRuntimeException e = assertThrows(FlightRuntimeException.class, () -> sql.execute("SELEC 1"));
        assertTrue(e.getMessage().contains("syntax error"), e.getMessage());
    }
}
