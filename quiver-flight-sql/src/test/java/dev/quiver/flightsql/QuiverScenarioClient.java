// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flightsql;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.protobuf.Any;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.Table;
import dev.quiver.core.type.Schema;
import dev.quiver.flight.CancelStatus;
import dev.quiver.flight.FlightInfo;
import dev.quiver.flight.FlightStream;
import dev.quiver.flight.internal.sql.FlightSql;
import dev.quiver.flight.sql.FlightSqlClient;
import dev.quiver.flight.sql.IngestOptions;
import dev.quiver.flight.sql.Savepoint;
import dev.quiver.flight.sql.SubstraitPlan;
import dev.quiver.flight.sql.TableRef;
import dev.quiver.flight.sql.Transaction;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The client side of the integration suite's Flight SQL scenarios, run by Quiver's FlightSqlClient: the same
 * calls and checks as arrow-java's FlightSqlScenario, FlightSqlExtensionScenario and
 * FlightSqlIngestionScenario make.
 */
final class QuiverScenarioClient {
    private static final SubstraitPlan PLAN = new SubstraitPlan(Scenarios.SUBSTRAIT_PLAN, Scenarios.SUBSTRAIT_VERSION);

    private QuiverScenarioClient() {
    }

    static void run(Scenarios.Name scenario, FlightSqlClient sql) throws Exception {
        switch (scenario) {
            case FLIGHT_SQL -> {
                metadata(sql);
                statements(sql);
                prepared(sql);
            }
            case EXTENSION -> {
                extensionSqlInfo(sql);
                substrait(sql);
                preparedSubstrait(sql);
                transactions(sql);
            }
            case INGESTION -> {
                ingestionSqlInfo(sql);
                ingestion(sql);
            }
        }
    }

    /** Fetches the first endpoint and checks its schema; returns its rows. */
    private static Table validate(Schema expected, FlightInfo info, FlightSqlClient sql) {
        try (FlightStream stream = sql.getStream(info.endpoints().getFirst().ticket())) {
            assertEquals(expected, stream.schema());
            return Table.from(stream);
        }
    }

    private static Schema meta(SqlCommand command) {
        return FlightSqlProducer.metadataSchema(command);
    }

    private static void metadata(FlightSqlClient sql) throws Exception {
        validate(meta(new SqlCommand.GetCatalogs()), sql.getCatalogs(), sql);
        assertEquals(meta(new SqlCommand.GetCatalogs()), sql.getCatalogsSchema());
        validate(meta(new SqlCommand.GetDbSchemas(null, null)), sql.getDbSchemas("catalog",
                "db_schema_filter_pattern"), sql);
        assertEquals(meta(new SqlCommand.GetDbSchemas(null, null)), sql.getDbSchemasSchema());
        Schema tables = meta(new SqlCommand.GetTables(null, null, null, List.of(), true));
        validate(tables, sql.getTables("catalog", "db_schema_filter_pattern", "table_filter_pattern",
                List.of("table", "view"), true), sql);
        assertEquals(tables, sql.getTablesSchema(true));
        assertEquals(meta(new SqlCommand.GetTables(null, null, null, List.of(), false)), sql.getTablesSchema(false));
        validate(meta(new SqlCommand.GetTableTypes()), sql.getTableTypes(), sql);
        assertEquals(meta(new SqlCommand.GetTableTypes()), sql.getTableTypesSchema());
        TableRef table = new TableRef("catalog", "db_schema", "table");
        validate(meta(new SqlCommand.GetPrimaryKeys(table)), sql.getPrimaryKeys(table), sql);
        assertEquals(meta(new SqlCommand.GetPrimaryKeys(table)), sql.getPrimaryKeysSchema());
        Schema keys = meta(new SqlCommand.GetExportedKeys(table));
        validate(keys, sql.getExportedKeys(table), sql);
        assertEquals(keys, sql.getExportedKeysSchema());
        validate(keys, sql.getImportedKeys(table), sql);
        assertEquals(keys, sql.getImportedKeysSchema());
        validate(keys, sql.getCrossReference(new TableRef("pk_catalog", "pk_db_schema", "pk_table"),
                new TableRef("fk_catalog", "fk_db_schema", "fk_table")), sql);
        assertEquals(keys, sql.getCrossReferenceSchema());
        validate(meta(new SqlCommand.GetXdbcTypeInfo(null)), sql.getXdbcTypeInfo(), sql);
        assertEquals(meta(new SqlCommand.GetXdbcTypeInfo(null)), sql.getXdbcTypeInfoSchema());

        FlightInfo info = sql.getSqlInfo(0, 3); // FLIGHT_SQL_SERVER_NAME, FLIGHT_SQL_SERVER_READ_ONLY
        // The ticket of GetSqlInfo is the command itself, the ids in the order asked.
        FlightSql.CommandGetSqlInfo command = Any.parseFrom(info.endpoints().getFirst().ticket().bytes())
                .unpack(FlightSql.CommandGetSqlInfo.class);
        assertEquals(List.of(0, 3), command.getInfoList());
        validate(meta(new SqlCommand.GetSqlInfo(List.of())), info, sql);
        assertEquals(meta(new SqlCommand.GetSqlInfo(List.of())), sql.getSqlInfoSchema());
    }

    private static void statements(FlightSqlClient sql) {
        validate(Scenarios.QUERY, sql.execute(Scenarios.SELECT_STATEMENT), sql);
        assertEquals(Scenarios.QUERY, sql.getExecuteSchema(Scenarios.SELECT_STATEMENT));
        assertEquals(Scenarios.UPDATE_STATEMENT_ROWS, sql.executeUpdate(Scenarios.UPDATE_STATEMENT));
    }

    /** One row of parameters of the query schema, all null (as arrow-java's scenario sends). */
    private static RecordBatch parameters() {
        return RecordBatch.ofRows(Scenarios.QUERY, List.of(Arrays.asList((Object) null)));
    }

    private static void prepared(FlightSqlClient sql) {
        try (FlightSqlClient.PreparedStatement p = sql.prepare(Scenarios.SELECT_PREPARED)) {
            p.setParameters(parameters());
            validate(Scenarios.QUERY, p.execute(), sql);
            assertEquals(Scenarios.QUERY, p.fetchSchema());
        }
        try (FlightSqlClient.PreparedStatement p = sql.prepare(Scenarios.UPDATE_PREPARED)) {
            assertEquals(Scenarios.UPDATE_PREPARED_STATEMENT_ROWS, p.executeUpdate());
        }
    }

    /** The SqlInfo values by id, of the union's members string, bool, int64 and int32 (as the scenarios). */
    private static Map<Integer, Object> sqlInfo(Table t) {
        Map<Integer, Object> values = new HashMap<>();
        for (long i = 0; i < t.rowCount(); i++) {
            int id = ((Number) t.row(i).get(0)).intValue();
            Object v = t.row(i).get(1);
            if (!(v instanceof String || v instanceof Boolean || v instanceof Long || v instanceof Integer)) {
                throw new AssertionError("SqlInfo " + id + " is " + v);
            }
            if (values.put(id, v) != null) {
                throw new AssertionError("SqlInfo " + id + " twice");
            }
        }
        return values;
    }

    private static void extensionSqlInfo(FlightSqlClient sql) {
        Map<Integer, Object> info = sqlInfo(validate(meta(new SqlCommand.GetSqlInfo(List.of())), sql.getSqlInfo(),
                sql));
        assertEquals(Boolean.FALSE, info.get(4));
        assertEquals(Boolean.TRUE, info.get(5));
        assertEquals("min_version", info.get(6));
        assertEquals("max_version", info.get(7));
        assertEquals(2, info.get(8)); // SQL_SUPPORTED_TRANSACTION_SAVEPOINT
        assertEquals(Boolean.TRUE, info.get(9));
        assertEquals(42, info.get(100));
        assertEquals(7, info.get(101));
    }

    private static void substrait(FlightSqlClient sql) {
        FlightInfo info = sql.executeSubstrait(PLAN, null);
        validate(Scenarios.QUERY, info, sql);
        assertEquals(Scenarios.QUERY, sql.getExecuteSubstraitSchema(PLAN, null));
        assertEquals(CancelStatus.CANCELLED, sql.cancelQuery(info));
        assertEquals(Scenarios.UPDATE_STATEMENT_ROWS, sql.executeSubstraitUpdate(PLAN, null));
    }

    private static void preparedSubstrait(FlightSqlClient sql) {
        try (FlightSqlClient.PreparedStatement p = sql.prepare(PLAN, null)) {
            p.setParameters(parameters());
            validate(Scenarios.QUERY, p.execute(), sql);
            assertEquals(Scenarios.QUERY, p.fetchSchema());
        }
        try (FlightSqlClient.PreparedStatement p = sql.prepare(PLAN, null)) {
            assertEquals(Scenarios.UPDATE_PREPARED_STATEMENT_ROWS, p.executeUpdate());
        }
    }

    private static void transactions(FlightSqlClient sql) {
        Schema inTransaction = Scenarios.QUERY_WITH_TRANSACTION;
        Transaction transaction = sql.beginTransaction();
        assertArrayEquals(Scenarios.TRANSACTION_ID, transaction.id());
        Savepoint savepoint = sql.beginSavepoint(transaction, Scenarios.SAVEPOINT_NAME);
        assertArrayEquals(Scenarios.SAVEPOINT_ID, savepoint.id());

        validate(inTransaction, sql.execute(Scenarios.SELECT_STATEMENT, transaction), sql);
        validate(inTransaction, sql.executeSubstrait(PLAN, transaction), sql);
        assertEquals(inTransaction, sql.getExecuteSchema(Scenarios.SELECT_STATEMENT, transaction));
        assertEquals(inTransaction, sql.getExecuteSubstraitSchema(PLAN, transaction));
        assertEquals(Scenarios.UPDATE_STATEMENT_WITH_TRANSACTION_ROWS, sql.executeUpdate(Scenarios.UPDATE_STATEMENT,
                transaction));
        assertEquals(Scenarios.UPDATE_STATEMENT_WITH_TRANSACTION_ROWS, sql.executeSubstraitUpdate(PLAN, transaction));

        try (FlightSqlClient.PreparedStatement p = sql.prepare(Scenarios.SELECT_PREPARED, transaction)) {
            p.setParameters(parameters());
            validate(inTransaction, p.execute(), sql);
            assertEquals(inTransaction, p.fetchSchema());
        }
        try (FlightSqlClient.PreparedStatement p = sql.prepare(PLAN, transaction)) {
            p.setParameters(parameters());
            validate(inTransaction, p.execute(), sql);
            assertEquals(inTransaction, p.fetchSchema());
        }
        try (FlightSqlClient.PreparedStatement p = sql.prepare(Scenarios.UPDATE_PREPARED, transaction)) {
            assertEquals(Scenarios.UPDATE_PREPARED_STATEMENT_WITH_TRANSACTION_ROWS, p.executeUpdate());
        }
        try (FlightSqlClient.PreparedStatement p = sql.prepare(PLAN, transaction)) {
            assertEquals(Scenarios.UPDATE_PREPARED_STATEMENT_WITH_TRANSACTION_ROWS, p.executeUpdate());
        }

        sql.rollback(savepoint);
        Savepoint second = sql.beginSavepoint(transaction, Scenarios.SAVEPOINT_NAME);
        assertArrayEquals(Scenarios.SAVEPOINT_ID, second.id());
        sql.release(savepoint);
        sql.commit(transaction);
        Transaction another = sql.beginTransaction();
        assertArrayEquals(Scenarios.TRANSACTION_ID, another.id());
        sql.rollback(transaction);
    }

    private static void ingestionSqlInfo(FlightSqlClient sql) {
        // FLIGHT_SQL_SERVER_INGEST_TRANSACTIONS_SUPPORTED, FLIGHT_SQL_SERVER_BULK_INGESTION
        Map<Integer, Object> info = sqlInfo(validate(meta(new SqlCommand.GetSqlInfo(List.of())), sql.getSqlInfo(11, 10),
                sql));
        assertEquals(Boolean.TRUE, info.get(11));
        assertEquals(Boolean.TRUE, info.get(10));
    }

    private static void ingestion(FlightSqlClient sql) {
        RecordBatch rows = RecordBatch.ofRows(Scenarios.INGEST, List.of(Arrays.asList((Object) null),
                Arrays.asList((Object) null), Arrays.asList((Object) null)));
        IngestOptions options = new IngestOptions("test_table", IngestOptions.IfNotExists.CREATE,
                IngestOptions.IfExists.REPLACE, "test_catalog", "test_schema", true, Map.of("key1", "val1", "key2",
                "val2"));
        try (RecordBatchReader data = new Table(Scenarios.INGEST, List.of(rows)).reader()) {
            assertEquals(3L, sql.executeIngest(data, options, new Transaction(Scenarios.BULK_INGEST_TRANSACTION_ID)));
        }
    }
}
