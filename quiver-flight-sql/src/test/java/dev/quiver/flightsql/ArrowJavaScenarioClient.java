// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flightsql;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.protobuf.Any;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.SchemaResult;
import org.apache.arrow.flight.sql.CancelResult;
import org.apache.arrow.flight.sql.FlightSqlClient;
import org.apache.arrow.flight.sql.FlightSqlProducer.Schemas;
import org.apache.arrow.flight.sql.impl.FlightSql;
import org.apache.arrow.flight.sql.impl.FlightSql.CommandStatementIngest.TableDefinitionOptions;
import org.apache.arrow.flight.sql.util.TableRef;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.DenseUnionVector;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The client side of the integration suite's Flight SQL scenarios, run by arrow-java's FlightSqlClient
 * (flight-sql 18.3.0): the calls and checks of arrow-java's FlightSqlScenario, FlightSqlExtensionScenario and
 * FlightSqlIngestionScenario.
 */
final class ArrowJavaScenarioClient {
    private static final FlightSqlClient.SubstraitPlan PLAN = new FlightSqlClient.SubstraitPlan(
            Scenarios.SUBSTRAIT_PLAN, Scenarios.SUBSTRAIT_VERSION);

    private ArrowJavaScenarioClient() {
    }

    static void run(Scenarios.Name scenario, FlightSqlClient sql, BufferAllocator allocator) throws Exception {
        switch (scenario) {
            case FLIGHT_SQL -> {
                metadata(sql);
                statements(sql);
                prepared(sql, allocator);
            }
            case EXTENSION -> {
                extensionSqlInfo(sql);
                substrait(sql);
                preparedSubstrait(sql, allocator);
                transactions(sql, allocator);
            }
            case INGESTION -> {
                ingestionSqlInfo(sql);
                ingestion(sql, allocator);
            }
        }
    }

    private static void validate(Schema expected, FlightInfo info, FlightSqlClient sql) throws Exception {
        validate(expected, info, sql, null);
    }

    private static void validate(Schema expected, FlightInfo info, FlightSqlClient sql, Consumer<FlightStream> check)
            throws Exception {
        try (FlightStream stream = sql.getStream(info.getEndpoints().getFirst().getTicket())) {
            assertEquals(expected, stream.getSchema());
            if (check != null) {
                check.accept(stream);
            }
        }
    }

    private static void validateSchema(Schema expected, SchemaResult actual) {
        assertEquals(expected, actual.getSchema());
    }

    private static void metadata(FlightSqlClient sql) throws Exception {
        validate(Schemas.GET_CATALOGS_SCHEMA, sql.getCatalogs(), sql);
        validateSchema(Schemas.GET_CATALOGS_SCHEMA, sql.getCatalogsSchema());
        validate(Schemas.GET_SCHEMAS_SCHEMA, sql.getSchemas("catalog", "db_schema_filter_pattern"), sql);
        validateSchema(Schemas.GET_SCHEMAS_SCHEMA, sql.getSchemasSchema());
        validate(Schemas.GET_TABLES_SCHEMA, sql.getTables("catalog", "db_schema_filter_pattern",
                "table_filter_pattern", List.of("table", "view"), true), sql);
        validateSchema(Schemas.GET_TABLES_SCHEMA, sql.getTablesSchema(true));
        validateSchema(Schemas.GET_TABLES_SCHEMA_NO_SCHEMA, sql.getTablesSchema(false));
        validate(Schemas.GET_TABLE_TYPES_SCHEMA, sql.getTableTypes(), sql);
        validateSchema(Schemas.GET_TABLE_TYPES_SCHEMA, sql.getTableTypesSchema());
        TableRef table = TableRef.of("catalog", "db_schema", "table");
        validate(Schemas.GET_PRIMARY_KEYS_SCHEMA, sql.getPrimaryKeys(table), sql);
        validateSchema(Schemas.GET_PRIMARY_KEYS_SCHEMA, sql.getPrimaryKeysSchema());
        validate(Schemas.GET_EXPORTED_KEYS_SCHEMA, sql.getExportedKeys(table), sql);
        validateSchema(Schemas.GET_EXPORTED_KEYS_SCHEMA, sql.getExportedKeysSchema());
        validate(Schemas.GET_IMPORTED_KEYS_SCHEMA, sql.getImportedKeys(table), sql);
        validateSchema(Schemas.GET_IMPORTED_KEYS_SCHEMA, sql.getImportedKeysSchema());
        validate(Schemas.GET_CROSS_REFERENCE_SCHEMA, sql.getCrossReference(TableRef.of("pk_catalog", "pk_db_schema",
                "pk_table"), TableRef.of("fk_catalog", "fk_db_schema", "fk_table")), sql);
        validateSchema(Schemas.GET_CROSS_REFERENCE_SCHEMA, sql.getCrossReferenceSchema());
        validate(Schemas.GET_TYPE_INFO_SCHEMA, sql.getXdbcTypeInfo(), sql);
        validateSchema(Schemas.GET_TYPE_INFO_SCHEMA, sql.getXdbcTypeInfoSchema());

        FlightInfo info = sql.getSqlInfo(new FlightSql.SqlInfo[] {FlightSql.SqlInfo.FLIGHT_SQL_SERVER_NAME,
            FlightSql.SqlInfo.FLIGHT_SQL_SERVER_READ_ONLY});
        // The ticket of GetSqlInfo is the command itself, the ids in the order asked.
        FlightSql.CommandGetSqlInfo command = Any.parseFrom(info.getEndpoints().getFirst().getTicket().getBytes())
                .unpack(FlightSql.CommandGetSqlInfo.class);
        assertEquals(List.of(FlightSql.SqlInfo.FLIGHT_SQL_SERVER_NAME_VALUE,
                FlightSql.SqlInfo.FLIGHT_SQL_SERVER_READ_ONLY_VALUE), command.getInfoList());
        validate(Schemas.GET_SQL_INFO_SCHEMA, info, sql);
        validateSchema(Schemas.GET_SQL_INFO_SCHEMA, sql.getSqlInfoSchema());
    }

    private static void statements(FlightSqlClient sql) throws Exception {
        validate(ArrowJavaScenarioServer.QUERY, sql.execute(Scenarios.SELECT_STATEMENT), sql);
        validateSchema(ArrowJavaScenarioServer.QUERY, sql.getExecuteSchema(Scenarios.SELECT_STATEMENT));
        assertEquals(Scenarios.UPDATE_STATEMENT_ROWS, sql.executeUpdate(Scenarios.UPDATE_STATEMENT));
    }

    private static void prepared(FlightSqlClient sql, BufferAllocator allocator) throws Exception {
        try (FlightSqlClient.PreparedStatement p = sql.prepare(Scenarios.SELECT_PREPARED);
                VectorSchemaRoot parameters = VectorSchemaRoot.create(ArrowJavaScenarioServer.QUERY, allocator)) {
            parameters.setRowCount(1);
            p.setParameters(parameters);
            validate(ArrowJavaScenarioServer.QUERY, p.execute(), sql);
            validateSchema(ArrowJavaScenarioServer.QUERY, p.fetchSchema());
        }
        try (FlightSqlClient.PreparedStatement p = sql.prepare(Scenarios.UPDATE_PREPARED)) {
            assertEquals(Scenarios.UPDATE_PREPARED_STATEMENT_ROWS, p.executeUpdate());
        }
    }

    /** The SqlInfo values by id, as arrow-java's scenario reads them (type ids 0 string to 3 int32). */
    private static Map<Integer, Object> sqlInfo(FlightStream stream) {
        Map<Integer, Object> values = new HashMap<>();
        while (stream.next()) {
            UInt4Vector names = (UInt4Vector) stream.getRoot().getVector(0);
            DenseUnionVector value = (DenseUnionVector) stream.getRoot().getVector(1);
            for (int i = 0; i < stream.getRoot().getRowCount(); i++) {
                byte type = value.getTypeId(i);
                int offset = value.getOffset(i);
                Object v = switch (type) {
                    case 0 -> value.getVarCharVector(type).getObject(offset).toString();
                    case 1 -> value.getBitVector(type).getObject(offset);
                    case 2 -> value.getBigIntVector(type).getObject(offset);
                    case 3 -> value.getIntVector(type).getObject(offset);
                    default -> throw new AssertionError("SqlInfo value of type id " + type);
                };
                if (values.put(names.get(i), v) != null) {
                    throw new AssertionError("SqlInfo " + names.get(i) + " twice");
                }
            }
        }
        return values;
    }

    private static void extensionSqlInfo(FlightSqlClient sql) throws Exception {
        validate(Schemas.GET_SQL_INFO_SCHEMA, sql.getSqlInfo(), sql, s -> {
            Map<Integer, Object> info = sqlInfo(s);
            assertEquals(Boolean.FALSE, info.get(FlightSql.SqlInfo.FLIGHT_SQL_SERVER_SQL_VALUE));
            assertEquals(Boolean.TRUE, info.get(FlightSql.SqlInfo.FLIGHT_SQL_SERVER_SUBSTRAIT_VALUE));
            assertEquals("min_version", info.get(FlightSql.SqlInfo.FLIGHT_SQL_SERVER_SUBSTRAIT_MIN_VERSION_VALUE));
            assertEquals("max_version", info.get(FlightSql.SqlInfo.FLIGHT_SQL_SERVER_SUBSTRAIT_MAX_VERSION_VALUE));
            assertEquals(FlightSql.SqlSupportedTransaction.SQL_SUPPORTED_TRANSACTION_SAVEPOINT_VALUE,
                    info.get(FlightSql.SqlInfo.FLIGHT_SQL_SERVER_TRANSACTION_VALUE));
            assertEquals(Boolean.TRUE, info.get(FlightSql.SqlInfo.FLIGHT_SQL_SERVER_CANCEL_VALUE));
            assertEquals(42, info.get(FlightSql.SqlInfo.FLIGHT_SQL_SERVER_STATEMENT_TIMEOUT_VALUE));
            assertEquals(7, info.get(FlightSql.SqlInfo.FLIGHT_SQL_SERVER_TRANSACTION_TIMEOUT_VALUE));
        });
    }

    @SuppressWarnings("deprecation")
    private static void substrait(FlightSqlClient sql) throws Exception {
        FlightInfo info = sql.executeSubstrait(PLAN);
        validate(ArrowJavaScenarioServer.QUERY, info, sql);
        validateSchema(ArrowJavaScenarioServer.QUERY, sql.getExecuteSubstraitSchema(PLAN));
        assertEquals(CancelResult.CANCELLED, sql.cancelQuery(info));
        assertEquals(Scenarios.UPDATE_STATEMENT_ROWS, sql.executeSubstraitUpdate(PLAN));
    }

    private static void preparedSubstrait(FlightSqlClient sql, BufferAllocator allocator) throws Exception {
        try (FlightSqlClient.PreparedStatement p = sql.prepare(PLAN);
                VectorSchemaRoot parameters = VectorSchemaRoot.create(ArrowJavaScenarioServer.QUERY, allocator)) {
            parameters.setRowCount(1);
            p.setParameters(parameters);
            validate(ArrowJavaScenarioServer.QUERY, p.execute(), sql);
            validateSchema(ArrowJavaScenarioServer.QUERY, p.fetchSchema());
        }
        try (FlightSqlClient.PreparedStatement p = sql.prepare(PLAN)) {
            assertEquals(Scenarios.UPDATE_PREPARED_STATEMENT_ROWS, p.executeUpdate());
        }
    }

    private static void transactions(FlightSqlClient sql, BufferAllocator allocator) throws Exception {
        Schema inTransaction = ArrowJavaScenarioServer.QUERY_WITH_TRANSACTION;
        FlightSqlClient.Transaction transaction = sql.beginTransaction();
        assertArrayEquals(Scenarios.TRANSACTION_ID, transaction.getTransactionId());
        FlightSqlClient.Savepoint savepoint = sql.beginSavepoint(transaction, Scenarios.SAVEPOINT_NAME);
        assertArrayEquals(Scenarios.SAVEPOINT_ID, savepoint.getSavepointId());

        validate(inTransaction, sql.execute(Scenarios.SELECT_STATEMENT, transaction), sql);
        validate(inTransaction, sql.executeSubstrait(PLAN, transaction), sql);
        validateSchema(inTransaction, sql.getExecuteSchema(Scenarios.SELECT_STATEMENT, transaction));
        validateSchema(inTransaction, sql.getExecuteSubstraitSchema(PLAN, transaction));
        assertEquals(Scenarios.UPDATE_STATEMENT_WITH_TRANSACTION_ROWS, sql.executeUpdate(Scenarios.UPDATE_STATEMENT,
                transaction));
        assertEquals(Scenarios.UPDATE_STATEMENT_WITH_TRANSACTION_ROWS, sql.executeSubstraitUpdate(PLAN, transaction));

        try (FlightSqlClient.PreparedStatement p = sql.prepare(Scenarios.SELECT_PREPARED, transaction);
                VectorSchemaRoot parameters = VectorSchemaRoot.create(ArrowJavaScenarioServer.QUERY, allocator)) {
            parameters.setRowCount(1);
            p.setParameters(parameters);
            validate(inTransaction, p.execute(), sql);
            validateSchema(inTransaction, p.fetchSchema());
        }
        try (FlightSqlClient.PreparedStatement p = sql.prepare(PLAN, transaction);
                VectorSchemaRoot parameters = VectorSchemaRoot.create(ArrowJavaScenarioServer.QUERY, allocator)) {
            parameters.setRowCount(1);
            p.setParameters(parameters);
            validate(inTransaction, p.execute(), sql);
            validateSchema(inTransaction, p.fetchSchema());
        }
        try (FlightSqlClient.PreparedStatement p = sql.prepare(Scenarios.UPDATE_PREPARED, transaction)) {
            assertEquals(Scenarios.UPDATE_PREPARED_STATEMENT_WITH_TRANSACTION_ROWS, p.executeUpdate());
        }
        try (FlightSqlClient.PreparedStatement p = sql.prepare(PLAN, transaction)) {
            assertEquals(Scenarios.UPDATE_PREPARED_STATEMENT_WITH_TRANSACTION_ROWS, p.executeUpdate());
        }

        sql.rollback(savepoint);
        FlightSqlClient.Savepoint second = sql.beginSavepoint(transaction, Scenarios.SAVEPOINT_NAME);
        assertArrayEquals(Scenarios.SAVEPOINT_ID, second.getSavepointId());
        sql.release(savepoint);
        sql.commit(transaction);
        FlightSqlClient.Transaction another = sql.beginTransaction();
        assertArrayEquals(Scenarios.TRANSACTION_ID, another.getTransactionId());
        sql.rollback(transaction);
    }

    private static void ingestionSqlInfo(FlightSqlClient sql) throws Exception {
        validate(Schemas.GET_SQL_INFO_SCHEMA, sql.getSqlInfo(
                FlightSql.SqlInfo.FLIGHT_SQL_SERVER_INGEST_TRANSACTIONS_SUPPORTED,
                FlightSql.SqlInfo.FLIGHT_SQL_SERVER_BULK_INGESTION), sql, s -> {
                    Map<Integer, Object> info = sqlInfo(s);
                    assertEquals(Boolean.TRUE, info.get(
                            FlightSql.SqlInfo.FLIGHT_SQL_SERVER_INGEST_TRANSACTIONS_SUPPORTED_VALUE));
                    assertEquals(Boolean.TRUE, info.get(FlightSql.SqlInfo.FLIGHT_SQL_SERVER_BULK_INGESTION_VALUE));
                });
    }

    private static void ingestion(FlightSqlClient sql, BufferAllocator allocator) {
        try (VectorSchemaRoot data = VectorSchemaRoot.create(ArrowJavaScenarioServer.INGEST, allocator)) {
            ((BigIntVector) data.getVector(0)).allocateNew(3);
            data.setRowCount(3);
            TableDefinitionOptions definition = TableDefinitionOptions.newBuilder()
                    .setIfExists(TableDefinitionOptions.TableExistsOption.TABLE_EXISTS_OPTION_REPLACE)
                    .setIfNotExist(TableDefinitionOptions.TableNotExistOption.TABLE_NOT_EXIST_OPTION_CREATE).build();
            FlightSqlClient.ExecuteIngestOptions options = new FlightSqlClient.ExecuteIngestOptions("test_table",
                    definition, true, "test_catalog", "test_schema", Map.of("key1", "val1", "key2", "val2"));
            assertEquals(3L, sql.executeIngest(data, options, new FlightSqlClient.Transaction(
                    Scenarios.BULK_INGEST_TRANSACTION_ID)));
        }
    }
}
