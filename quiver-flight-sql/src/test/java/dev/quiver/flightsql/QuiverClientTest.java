// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flightsql;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import dev.quiver.flight.FlightInfo;
import dev.quiver.flight.FlightStatusCode;
import dev.quiver.flight.sql.FlightSqlClient;
import dev.quiver.flight.sql.IngestOptions;
import dev.quiver.flight.sql.TableRef;
import dev.quiver.flight.sql.Transaction;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Quiver's FlightSqlClient against the DuckDB Flight SQL server: every call, results equal to DuckDB's. */
class QuiverClientTest {
    @TempDir
    static Path dir;
    static SqlServerFixture fixture;
    static FlightSqlClient sql;

    @BeforeAll
    static void start() {
        fixture = new SqlServerFixture(dir);
        sql = new FlightSqlClient(FlightClient.builder(fixture.server.location()).build());
    }

    @AfterAll
    static void stop() {
        sql.close();
        fixture.close();
    }

    private static Table read(FlightInfo info) {
        try (RecordBatchReader r = sql.read(info)) {
            return Table.from(r);
        }
    }

    @Test
    void queriesGiveDuckDbsResults() {
        for (String q : List.of("SELECT * FROM trips ORDER BY id",
                "SELECT city, count(*), sum(fare), min(day) FROM trips GROUP BY city ORDER BY city NULLS FIRST",
                "SELECT a.id, b.id FROM trips a JOIN trips b ON a.id = b.id + 1 WHERE a.id < 50 ORDER BY 1",
                "WITH c AS (SELECT city, avg(fare) f FROM trips GROUP BY city) SELECT * FROM c x, c y "
                        + "WHERE x.city = y.city ORDER BY 1")) {
            FlightInfo info = sql.execute(q);
            Table t = read(info);
            assertEquals(SqlServerFixture.duckDb(q), SqlServerFixture.rows(t), q);
            assertEquals(t.rowCount(), info.totalRecords());
            assertEquals(info.schema(), t.schema());
        }
    }

    @Test
    void aTicketIsFetchedOnce() {
        FlightInfo info = sql.execute("SELECT 1");
        read(info);
        FlightException e = assertThrows(FlightException.class, () -> read(info));
        assertEquals(FlightStatusCode.NOT_FOUND, e.code());
    }

    @Test
    void preparedStatementsBindParameters() {
        try (FlightSqlClient.PreparedStatement p = sql.prepare("SELECT id, city FROM trips WHERE id < ? AND city = ? "
                + "ORDER BY id")) {
            // the parameters' types are those DuckDB declares for the placeholders
            assertEquals(List.of(new ArrowType.Int(64, true), new ArrowType.Utf8()), p.parameterSchema().fields()
                    .stream().map(Field::type).toList());
            assertEquals(Schema.of(Field.notNull("id", new ArrowType.Int(64, true)).withNullable(true),
                    Field.nullable("city", new ArrowType.Utf8())).fields().size(), p.datasetSchema().fields().size());
            p.setParameters(RecordBatch.ofRows(Schema.of(Field.nullable("a", new ArrowType.Int(32, true)),
                    Field.nullable("b", new ArrowType.Utf8())), List.of(List.of(40, "Oslo"))));
            assertEquals(SqlServerFixture.duckDb("SELECT id, city FROM trips WHERE id < 40 AND city = 'Oslo' "
                    + "ORDER BY id"), SqlServerFixture.rows(read(p.execute())));
            p.setParameters(RecordBatch.ofRows(p.parameterSchema(), List.of(List.of(12L, "Lyon"))));
            assertEquals(SqlServerFixture.duckDb("SELECT id, city FROM trips WHERE id < 12 AND city = 'Lyon' "
                    + "ORDER BY id"), SqlServerFixture.rows(read(p.execute())));
        }
    }

    @Test
    void updatesIngestionAndTransactions() {
        assertEquals(0, sql.executeUpdate("CREATE TABLE notes (id INTEGER PRIMARY KEY, body VARCHAR)"));
        assertEquals(2, sql.executeUpdate("INSERT INTO notes VALUES (1, 'a'), (2, 'b')"));
        try (FlightSqlClient.PreparedStatement p = sql.prepare("INSERT INTO notes VALUES (?, ?)")) {
            assertEquals(0, p.datasetSchema().fields().size());
            p.setParameters(RecordBatch.ofRows(Schema.of(Field.nullable("i", new ArrowType.Int(32, true)),
                    Field.nullable("s", new ArrowType.Utf8())), List.of(List.of(3, "c"), List.of(4, "d"))));
            assertEquals(2, p.executeUpdate());
        }
        Transaction tx = sql.beginTransaction();
        assertEquals(1, sql.executeUpdate("DELETE FROM notes WHERE id = 1", tx));
        sql.rollback(tx);
        assertEquals(List.of(List.of(4L)), SqlServerFixture.rows(read(sql.execute("SELECT count(*) FROM notes"))));
        tx = sql.beginTransaction();
        assertEquals(1, sql.executeUpdate("DELETE FROM notes WHERE id = 1", tx));
        sql.commit(tx);
        assertEquals(List.of(List.of(3L)), SqlServerFixture.rows(read(sql.execute("SELECT count(*) FROM notes"))));

        Table rows = SqlServerFixture.trips();
        try (RecordBatchReader r = rows.reader()) {
            assertEquals(SqlServerFixture.ROWS, sql.executeIngest(r, IngestOptions.createOrAppend("copy")));
        }
        try (RecordBatchReader r = rows.reader()) {
            assertEquals(SqlServerFixture.ROWS, sql.executeIngest(r, IngestOptions.createOrAppend("copy")));
        }
        assertEquals(List.of(List.of(2L * SqlServerFixture.ROWS)),
                SqlServerFixture.rows(read(sql.execute("SELECT count(*) FROM copy"))));
        try (RecordBatchReader r = rows.reader()) {
            FlightException e = assertThrows(FlightException.class, () -> sql.executeIngest(r, new IngestOptions(
                    "copy", IngestOptions.IfNotExists.FAIL, IngestOptions.IfExists.FAIL, null, null, false, Map.of())));
            assertEquals(FlightStatusCode.ALREADY_EXISTS, e.code());
        }
        Table keys = read(sql.getPrimaryKeys(TableRef.of("notes")));
        assertEquals(1, keys.rowCount());
        assertEquals("id", keys.row(0).get("column_name"));
    }

    @Test
    void metadataCalls() {
        Table tables = read(sql.getTables(null, null, "trips", null, true));
        assertEquals(1, tables.rowCount(), tables.toPrettyString(10));
        assertEquals(Metadata.TABLES_WITH_SCHEMA, tables.schema());
        assertTrue(SqlServerFixture.rows(read(sql.getCatalogs())).contains(List.of("memory")));
        assertTrue(read(sql.getDbSchemas(null, "main")).rowCount() >= 1);
        assertTrue(read(sql.getDbSchemas(null, null)).rowCount() >= 1, read(sql.getDbSchemas(null, null)).toPrettyString(10));
        assertEquals(3, read(sql.getTableTypes()).rowCount());
        Table info = read(sql.getSqlInfo(0, 4, 8));
        assertEquals(3, info.rowCount());
        assertTrue(read(sql.getXdbcTypeInfo()).rowCount() > 10);
        assertEquals(0, read(sql.getExportedKeys(TableRef.of("trips"))).rowCount());
        assertEquals(0, read(sql.getImportedKeys(TableRef.of("trips"))).rowCount());
        assertEquals(0, read(sql.getCrossReference(TableRef.of("trips"), TableRef.of("trips"))).rowCount());
    }

    @Test
    void sqlErrorsComeBackWithDuckDbsMessage() {
        FlightException e = assertThrows(FlightException.class, () -> sql.execute("SELECT nope FROM trips"));
        assertEquals(FlightStatusCode.INVALID_ARGUMENT, e.code());
        assertTrue(e.getMessage().contains("Referenced column \"nope\" not found"), e.getMessage());
    }
}
