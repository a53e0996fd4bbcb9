// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flightsql;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.FlightDescriptor;
import org.apache.arrow.flight.FlightEndpoint;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.PutResult;
import org.apache.arrow.flight.Result;
import org.apache.arrow.flight.SchemaResult;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.flight.sql.CancelResult;
import org.apache.arrow.flight.sql.FlightSqlColumnMetadata;
import org.apache.arrow.flight.sql.NoOpFlightSqlProducer;
import org.apache.arrow.flight.sql.SqlInfoBuilder;
import org.apache.arrow.flight.sql.impl.FlightSql;
import org.apache.arrow.flight.sql.impl.FlightSql.CommandStatementIngest.TableDefinitionOptions;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The scenario server of the integration suite's Flight SQL scenarios, written on arrow-java's
 * FlightSqlProducer API (flight-sql 18.3.0): it checks every command it receives field by field (a wrong
 * value fails the call with INVALID_ARGUMENT naming it) and answers with the scenarios' fixed schemas, handles
 * and counts, each result one empty batch.
 */
final class ArrowJavaScenarioServer extends NoOpFlightSqlProducer {
    static final Schema QUERY = querySchema("id", new ArrowType.Int(64, true));
    static final Schema QUERY_WITH_TRANSACTION = querySchema("pkey", new ArrowType.Int(32, true));
    static final Schema INGEST = new Schema(List.of(Field.nullable("test_field", new ArrowType.Int(64, true))));

    private final BufferAllocator allocator;
    private final SqlInfoBuilder sqlInfo;

    ArrowJavaScenarioServer(BufferAllocator allocator, Scenarios.Name scenario) {
        this.allocator = allocator;
        this.sqlInfo = new SqlInfoBuilder().withFlightSqlServerName(Scenarios.SERVER_NAME)
                .withFlightSqlServerReadOnly(false).withFlightSqlServerSql(false).withFlightSqlServerSubstrait(true)
                .withFlightSqlServerSubstraitMinVersion("min_version")
                .withFlightSqlServerSubstraitMaxVersion("max_version")
                .withFlightSqlServerTransaction(FlightSql.SqlSupportedTransaction.SQL_SUPPORTED_TRANSACTION_SAVEPOINT)
                .withFlightSqlServerCancel(true).withFlightSqlServerStatementTimeout(42)
                .withFlightSqlServerTransactionTimeout(7);
        if (scenario == Scenarios.Name.INGESTION) {
            sqlInfo.withFlightSqlServerBulkIngestion(true).withFlightSqlServerBulkIngestionTransaction(true);
        }
    }

    private static Schema querySchema(String name, ArrowType type) {
        Map<String, String> metadata = new FlightSqlColumnMetadata.Builder().tableName("test").isAutoIncrement(true)
                .isCaseSensitive(false).typeName("type_test").schemaName("schema_test").isSearchable(true)
                .catalogName("catalog_test").precision(100).remarks("test column").build().getMetadataMap();
        return new Schema(List.of(new Field(name, new FieldType(true, type, null, metadata), null)));
    }

    static void expect(Object expected, Object actual, String what) {
        boolean same = expected instanceof byte[] e && actual instanceof byte[] a ? Arrays.equals(e, a)
                : Objects.equals(expected, actual);
        if (!same) {
            throw CallStatus.INVALID_ARGUMENT.withDescription(what + ": expected " + show(expected) + ", got "
                    + show(actual)).toRuntimeException();
        }
    }

    private static String show(Object o) {
        return o instanceof byte[] b ? "'" + new String(b, StandardCharsets.UTF_8) + "'" : String.valueOf(o);
    }

    private static FlightInfo info(Message ticket, FlightDescriptor descriptor, Schema schema) {
        return new FlightInfo(schema, descriptor, List.of(new FlightEndpoint(new Ticket(Any.pack(ticket)
                .toByteArray()))), -1, -1);
    }

    private static FlightSql.TicketStatementQuery handle(String handle) {
        return FlightSql.TicketStatementQuery.newBuilder().setStatementHandle(ByteString.copyFromUtf8(handle)).build();
    }

    private void empty(ServerStreamListener listener, Schema schema) {
        try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
            listener.start(root);
            listener.putNext();
            listener.completed();
        }
    }

    private Runnable count(StreamListener<PutResult> ack, long count) {
        return () -> {
            byte[] bytes = FlightSql.DoPutUpdateResult.newBuilder().setRecordCount(count).build().toByteArray();
            try (ArrowBuf buf = allocator.buffer(bytes.length)) {
                buf.writeBytes(bytes);
                ack.onNext(PutResult.metadata(buf));
            }
            ack.onCompleted();
        };
    }

    private static Schema preparedSchema(String handle) {
        return switch (handle) {
            case "SELECT PREPARED STATEMENT HANDLE", "PREPARED PLAN HANDLE" -> QUERY;
            case "SELECT PREPARED STATEMENT WITH TXN HANDLE", "PREPARED PLAN WITH TXN HANDLE" -> QUERY_WITH_TRANSACTION;
            default -> throw CallStatus.INVALID_ARGUMENT.withDescription("unknown handle " + handle).toRuntimeException();
        };
    }

    private static void checkPlan(FlightSql.SubstraitPlan plan) {
        expect(Scenarios.SUBSTRAIT_PLAN, plan.getPlan().toByteArray(), "the Substrait plan");
        expect(Scenarios.SUBSTRAIT_VERSION, plan.getVersion(), "the Substrait version");
    }

    // ---- statements and plans ----

    @Override
    public FlightInfo getFlightInfoStatement(FlightSql.CommandStatementQuery command, CallContext context,
            FlightDescriptor descriptor) {
        expect(Scenarios.SELECT_STATEMENT, command.getQuery(), "the query");
        return command.getTransactionId().isEmpty() ? info(handle("SELECT STATEMENT HANDLE"), descriptor, QUERY)
                : info(handle("SELECT STATEMENT WITH TXN HANDLE"), descriptor, QUERY_WITH_TRANSACTION);
    }

    @Override
    public SchemaResult getSchemaStatement(FlightSql.CommandStatementQuery command, CallContext context,
            FlightDescriptor descriptor) {
        expect(Scenarios.SELECT_STATEMENT, command.getQuery(), "the query");
        return new SchemaResult(command.getTransactionId().isEmpty() ? QUERY : QUERY_WITH_TRANSACTION);
    }

    @Override
    public FlightInfo getFlightInfoSubstraitPlan(FlightSql.CommandStatementSubstraitPlan command, CallContext context,
            FlightDescriptor descriptor) {
        checkPlan(command.getPlan());
        return command.getTransactionId().isEmpty() ? info(handle(Scenarios.PLAN_HANDLE), descriptor, QUERY)
                : info(handle("PLAN WITH TXN HANDLE"), descriptor, QUERY_WITH_TRANSACTION);
    }

    @Override
    public SchemaResult getSchemaSubstraitPlan(FlightSql.CommandStatementSubstraitPlan command, CallContext context,
            FlightDescriptor descriptor) {
        checkPlan(command.getPlan());
        return new SchemaResult(command.getTransactionId().isEmpty() ? QUERY : QUERY_WITH_TRANSACTION);
    }

    @Override
    public void getStreamStatement(FlightSql.TicketStatementQuery ticket, CallContext context,
            ServerStreamListener listener) {
        switch (ticket.getStatementHandle().toStringUtf8()) {
            case "SELECT STATEMENT HANDLE", Scenarios.PLAN_HANDLE -> empty(listener, QUERY);
            case "SELECT STATEMENT WITH TXN HANDLE", "PLAN WITH TXN HANDLE" -> empty(listener, QUERY_WITH_TRANSACTION);
            default -> listener.error(CallStatus.INVALID_ARGUMENT.withDescription("unknown handle "
                    + ticket.getStatementHandle().toStringUtf8()).toRuntimeException());
        }
    }

    @Override
    public Runnable acceptPutStatement(FlightSql.CommandStatementUpdate command, CallContext context,
            FlightStream flightStream, StreamListener<PutResult> ackStream) {
        expect(Scenarios.UPDATE_STATEMENT, command.getQuery(), "the update");
        return count(ackStream, command.getTransactionId().isEmpty() ? Scenarios.UPDATE_STATEMENT_ROWS
                : Scenarios.UPDATE_STATEMENT_WITH_TRANSACTION_ROWS);
    }

    @Override
    public Runnable acceptPutSubstraitPlan(FlightSql.CommandStatementSubstraitPlan command, CallContext context,
            FlightStream flightStream, StreamListener<PutResult> ackStream) {
        checkPlan(command.getPlan());
        return count(ackStream, command.getTransactionId().isEmpty() ? Scenarios.UPDATE_STATEMENT_ROWS
                : Scenarios.UPDATE_STATEMENT_WITH_TRANSACTION_ROWS);
    }

    @Override
    public Runnable acceptPutStatementBulkIngest(FlightSql.CommandStatementIngest command, CallContext context,
            FlightStream flightStream, StreamListener<PutResult> ackStream) {
        expect(TableDefinitionOptions.TableExistsOption.TABLE_EXISTS_OPTION_REPLACE,
                command.getTableDefinitionOptions().getIfExists(), "if_exists");
        expect(TableDefinitionOptions.TableNotExistOption.TABLE_NOT_EXIST_OPTION_CREATE,
                command.getTableDefinitionOptions().getIfNotExist(), "if_not_exist");
        expect("test_table", command.getTable(), "the table");
        expect("test_catalog", command.getCatalog(), "the catalog");
        expect("test_schema", command.getSchema(), "the schema");
        expect(true, command.getTemporary(), "temporary");
        expect(Scenarios.BULK_INGEST_TRANSACTION_ID, command.getTransactionId().toByteArray(), "the transaction");
        expect(Map.of("key1", "val1", "key2", "val2"), command.getOptionsMap(), "the options");
        expect(INGEST, flightStream.getSchema(), "the schema of the rows");
        long rows = 0;
        while (flightStream.next()) {
            rows += flightStream.getRoot().getRowCount();
        }
        return count(ackStream, rows);
    }

    // ---- prepared statements ----

    @Override
    public void createPreparedStatement(FlightSql.ActionCreatePreparedStatementRequest request, CallContext context,
            StreamListener<Result> listener) {
        if (!request.getQuery().equals(Scenarios.SELECT_PREPARED) && !request.getQuery()
                .equals(Scenarios.UPDATE_PREPARED)) {
            listener.onError(CallStatus.INVALID_ARGUMENT.withDescription("unexpected query " + request.getQuery())
                    .toRuntimeException());
            return;
        }
        String handle = request.getQuery() + (request.getTransactionId().isEmpty() ? "" : " WITH TXN") + " HANDLE";
        listener.onNext(new Result(Any.pack(FlightSql.ActionCreatePreparedStatementResult.newBuilder()
                .setPreparedStatementHandle(ByteString.copyFromUtf8(handle)).build()).toByteArray()));
        listener.onCompleted();
    }

    @Override
    public void createPreparedSubstraitPlan(FlightSql.ActionCreatePreparedSubstraitPlanRequest request,
            CallContext context, StreamListener<FlightSql.ActionCreatePreparedStatementResult> listener) {
        checkPlan(request.getPlan());
        listener.onNext(FlightSql.ActionCreatePreparedStatementResult.newBuilder().setPreparedStatementHandle(
                ByteString.copyFromUtf8(request.getTransactionId().isEmpty() ? "PREPARED PLAN HANDLE"
                        : "PREPARED PLAN WITH TXN HANDLE")).build());
        listener.onCompleted();
    }

    @Override
    public void closePreparedStatement(FlightSql.ActionClosePreparedStatementRequest request, CallContext context,
            StreamListener<Result> listener) {
        String handle = request.getPreparedStatementHandle().toStringUtf8();
        if (!List.of("SELECT PREPARED STATEMENT HANDLE", "SELECT PREPARED STATEMENT WITH TXN HANDLE",
                "UPDATE PREPARED STATEMENT HANDLE", "UPDATE PREPARED STATEMENT WITH TXN HANDLE", "PREPARED PLAN HANDLE",
                "PREPARED PLAN WITH TXN HANDLE").contains(handle)) {
            listener.onError(CallStatus.INVALID_ARGUMENT.withDescription("unknown handle " + handle)
                    .toRuntimeException());
            return;
        }
        listener.onCompleted();
    }

    @Override
    public Runnable acceptPutPreparedStatementQuery(FlightSql.CommandPreparedStatementQuery command,
            CallContext context, FlightStream flightStream, StreamListener<PutResult> ackStream) {
        preparedSchema(command.getPreparedStatementHandle().toStringUtf8());
        expect(QUERY, flightStream.getSchema(), "the schema of the parameters");
        return ackStream::onCompleted;
    }

    @Override
    public FlightInfo getFlightInfoPreparedStatement(FlightSql.CommandPreparedStatementQuery command,
            CallContext context, FlightDescriptor descriptor) {
        return info(command, descriptor, preparedSchema(command.getPreparedStatementHandle().toStringUtf8()));
    }

    @Override
    public SchemaResult getSchemaPreparedStatement(FlightSql.CommandPreparedStatementQuery command,
            CallContext context, FlightDescriptor descriptor) {
        return new SchemaResult(preparedSchema(command.getPreparedStatementHandle().toStringUtf8()));
    }

    @Override
    public void getStreamPreparedStatement(FlightSql.CommandPreparedStatementQuery command, CallContext context,
            ServerStreamListener listener) {
        empty(listener, preparedSchema(command.getPreparedStatementHandle().toStringUtf8()));
    }

    @Override
    public Runnable acceptPutPreparedStatementUpdate(FlightSql.CommandPreparedStatementUpdate command,
            CallContext context, FlightStream flightStream, StreamListener<PutResult> ackStream) {
        return switch (command.getPreparedStatementHandle().toStringUtf8()) {
            case "UPDATE PREPARED STATEMENT HANDLE", "PREPARED PLAN HANDLE" -> count(ackStream,
                    Scenarios.UPDATE_PREPARED_STATEMENT_ROWS);
            case "UPDATE PREPARED STATEMENT WITH TXN HANDLE", "PREPARED PLAN WITH TXN HANDLE" -> count(ackStream,
                    Scenarios.UPDATE_PREPARED_STATEMENT_WITH_TRANSACTION_ROWS);
            default -> () -> ackStream.onError(CallStatus.INVALID_ARGUMENT.withDescription("unknown handle "
                    + command.getPreparedStatementHandle().toStringUtf8()).toRuntimeException());
        };
    }

    // ---- transactions, savepoints, cancellation ----

    @Override
    public void beginTransaction(FlightSql.ActionBeginTransactionRequest request, CallContext context,
            StreamListener<FlightSql.ActionBeginTransactionResult> listener) {
        listener.onNext(FlightSql.ActionBeginTransactionResult.newBuilder()
                .setTransactionId(ByteString.copyFrom(Scenarios.TRANSACTION_ID)).build());
        listener.onCompleted();
    }

    @Override
    public void endTransaction(FlightSql.ActionEndTransactionRequest request, CallContext context,
            StreamListener<Result> listener) {
        if (request.getAction() != FlightSql.ActionEndTransactionRequest.EndTransaction.END_TRANSACTION_COMMIT
                && request.getAction() != FlightSql.ActionEndTransactionRequest.EndTransaction.END_TRANSACTION_ROLLBACK) {
            listener.onError(CallStatus.INVALID_ARGUMENT.withDescription("unknown action " + request.getAction())
                    .toRuntimeException());
            return;
        }
        expect(Scenarios.TRANSACTION_ID, request.getTransactionId().toByteArray(), "the transaction");
        listener.onCompleted();
    }

    @Override
    public void beginSavepoint(FlightSql.ActionBeginSavepointRequest request, CallContext context,
            StreamListener<FlightSql.ActionBeginSavepointResult> listener) {
        expect(Scenarios.SAVEPOINT_NAME, request.getName(), "the savepoint's name");
        expect(Scenarios.TRANSACTION_ID, request.getTransactionId().toByteArray(), "the transaction");
        listener.onNext(FlightSql.ActionBeginSavepointResult.newBuilder()
                .setSavepointId(ByteString.copyFrom(Scenarios.SAVEPOINT_ID)).build());
        listener.onCompleted();
    }

    @Override
    public void endSavepoint(FlightSql.ActionEndSavepointRequest request, CallContext context,
            StreamListener<Result> listener) {
        if (request.getAction() != FlightSql.ActionEndSavepointRequest.EndSavepoint.END_SAVEPOINT_RELEASE
                && request.getAction() != FlightSql.ActionEndSavepointRequest.EndSavepoint.END_SAVEPOINT_ROLLBACK) {
            listener.onError(CallStatus.INVALID_ARGUMENT.withDescription("unknown action " + request.getAction())
                    .toRuntimeException());
            return;
        }
        expect(Scenarios.SAVEPOINT_ID, request.getSavepointId().toByteArray(), "the savepoint");
        listener.onCompleted();
    }

    @Override
    @SuppressWarnings("deprecation")
    public void cancelQuery(FlightInfo info, CallContext context, StreamListener<CancelResult> listener) {
        expect(1, info.getEndpoints().size(), "the endpoints");
        try {
            Any ticket = Any.parseFrom(info.getEndpoints().getFirst().getTicket().getBytes());
            expect(true, ticket.is(FlightSql.TicketStatementQuery.class), "a TicketStatementQuery");
            expect(Scenarios.PLAN_HANDLE, ticket.unpack(FlightSql.TicketStatementQuery.class).getStatementHandle()
                    .toStringUtf8(), "the ticket");
        } catch (InvalidProtocolBufferException e) {
            throw CallStatus.INVALID_ARGUMENT.withDescription("not a ticket: " + e).toRuntimeException();
        }
        listener.onNext(CancelResult.CANCELLED);
        listener.onCompleted();
    }

    // ---- metadata ----

    @Override
    public FlightInfo getFlightInfoSqlInfo(FlightSql.CommandGetSqlInfo request, CallContext context,
            FlightDescriptor descriptor) {
        return info(request, descriptor, Schemas.GET_SQL_INFO_SCHEMA);
    }

    @Override
    public void getStreamSqlInfo(FlightSql.CommandGetSqlInfo command, CallContext context,
            ServerStreamListener listener) {
        if (command.getInfoList().equals(List.of(FlightSql.SqlInfo.FLIGHT_SQL_SERVER_NAME_VALUE,
                FlightSql.SqlInfo.FLIGHT_SQL_SERVER_READ_ONLY_VALUE))) {
            empty(listener, Schemas.GET_SQL_INFO_SCHEMA);
            return;
        }
        sqlInfo.send(command.getInfoList(), listener);
    }

    @Override
    public FlightInfo getFlightInfoTypeInfo(FlightSql.CommandGetXdbcTypeInfo request, CallContext context,
            FlightDescriptor descriptor) {
        return info(request, descriptor, Schemas.GET_TYPE_INFO_SCHEMA);
    }

    @Override
    public void getStreamTypeInfo(FlightSql.CommandGetXdbcTypeInfo request, CallContext context,
            ServerStreamListener listener) {
        empty(listener, Schemas.GET_TYPE_INFO_SCHEMA);
    }

    @Override
    public FlightInfo getFlightInfoCatalogs(FlightSql.CommandGetCatalogs request, CallContext context,
            FlightDescriptor descriptor) {
        return info(request, descriptor, Schemas.GET_CATALOGS_SCHEMA);
    }

    @Override
    public void getStreamCatalogs(CallContext context, ServerStreamListener listener) {
        empty(listener, Schemas.GET_CATALOGS_SCHEMA);
    }

    @Override
    public FlightInfo getFlightInfoSchemas(FlightSql.CommandGetDbSchemas request, CallContext context,
            FlightDescriptor descriptor) {
        expect("catalog", request.getCatalog(), "the catalog");
        expect("db_schema_filter_pattern", request.getDbSchemaFilterPattern(), "the schema pattern");
        return info(request, descriptor, Schemas.GET_SCHEMAS_SCHEMA);
    }

    @Override
    public void getStreamSchemas(FlightSql.CommandGetDbSchemas command, CallContext context,
            ServerStreamListener listener) {
        empty(listener, Schemas.GET_SCHEMAS_SCHEMA);
    }

    @Override
    public FlightInfo getFlightInfoTables(FlightSql.CommandGetTables request, CallContext context,
            FlightDescriptor descriptor) {
        expect("catalog", request.getCatalog(), "the catalog");
        expect("db_schema_filter_pattern", request.getDbSchemaFilterPattern(), "the schema pattern");
        expect("table_filter_pattern", request.getTableNameFilterPattern(), "the table pattern");
        expect(List.of("table", "view"), request.getTableTypesList(), "the table types");
        expect(true, request.getIncludeSchema(), "include_schema");
        return info(request, descriptor, Schemas.GET_TABLES_SCHEMA);
    }

    @Override
    public void getStreamTables(FlightSql.CommandGetTables command, CallContext context,
            ServerStreamListener listener) {
        empty(listener, Schemas.GET_TABLES_SCHEMA);
    }

    @Override
    public FlightInfo getFlightInfoTableTypes(FlightSql.CommandGetTableTypes request, CallContext context,
            FlightDescriptor descriptor) {
        return info(request, descriptor, Schemas.GET_TABLE_TYPES_SCHEMA);
    }

    @Override
    public void getStreamTableTypes(CallContext context, ServerStreamListener listener) {
        empty(listener, Schemas.GET_TABLE_TYPES_SCHEMA);
    }

    private static void checkTable(String catalog, String schema, String table) {
        expect("catalog", catalog, "the catalog");
        expect("db_schema", schema, "the schema");
        expect("table", table, "the table");
    }

    @Override
    public FlightInfo getFlightInfoPrimaryKeys(FlightSql.CommandGetPrimaryKeys request, CallContext context,
            FlightDescriptor descriptor) {
        checkTable(request.getCatalog(), request.getDbSchema(), request.getTable());
        return info(request, descriptor, Schemas.GET_PRIMARY_KEYS_SCHEMA);
    }

    @Override
    public void getStreamPrimaryKeys(FlightSql.CommandGetPrimaryKeys command, CallContext context,
            ServerStreamListener listener) {
        empty(listener, Schemas.GET_PRIMARY_KEYS_SCHEMA);
    }

    @Override
    public FlightInfo getFlightInfoExportedKeys(FlightSql.CommandGetExportedKeys request, CallContext context,
            FlightDescriptor descriptor) {
        checkTable(request.getCatalog(), request.getDbSchema(), request.getTable());
        return info(request, descriptor, Schemas.GET_EXPORTED_KEYS_SCHEMA);
    }

    @Override
    public void getStreamExportedKeys(FlightSql.CommandGetExportedKeys command, CallContext context,
            ServerStreamListener listener) {
        empty(listener, Schemas.GET_EXPORTED_KEYS_SCHEMA);
    }

    @Override
    public FlightInfo getFlightInfoImportedKeys(FlightSql.CommandGetImportedKeys request, CallContext context,
            FlightDescriptor descriptor) {
        checkTable(request.getCatalog(), request.getDbSchema(), request.getTable());
        return info(request, descriptor, Schemas.GET_IMPORTED_KEYS_SCHEMA);
    }

    @Override
    public void getStreamImportedKeys(FlightSql.CommandGetImportedKeys command, CallContext context,
            ServerStreamListener listener) {
        empty(listener, Schemas.GET_IMPORTED_KEYS_SCHEMA);
    }

    @Override
    public FlightInfo getFlightInfoCrossReference(FlightSql.CommandGetCrossReference request, CallContext context,
            FlightDescriptor descriptor) {
        expect("pk_catalog", request.getPkCatalog(), "the primary key's catalog");
        expect("pk_db_schema", request.getPkDbSchema(), "the primary key's schema");
        expect("pk_table", request.getPkTable(), "the primary key's table");
        expect("fk_catalog", request.getFkCatalog(), "the foreign key's catalog");
        expect("fk_db_schema", request.getFkDbSchema(), "the foreign key's schema");
        expect("fk_table", request.getFkTable(), "the foreign key's table");
        return info(request, descriptor, Schemas.GET_CROSS_REFERENCE_SCHEMA);
    }

    @Override
    public void getStreamCrossReference(FlightSql.CommandGetCrossReference command, CallContext context,
            ServerStreamListener listener) {
        empty(listener, Schemas.GET_CROSS_REFERENCE_SCHEMA);
    }
}
