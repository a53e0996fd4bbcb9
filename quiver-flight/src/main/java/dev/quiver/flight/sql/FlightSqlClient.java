// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight.sql;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.Table;
import dev.quiver.core.type.Schema;
import dev.quiver.flight.Action;
import dev.quiver.flight.CancelStatus;
import dev.quiver.flight.FlightClient;
import dev.quiver.flight.FlightDescriptor;
import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightInfo;
import dev.quiver.flight.FlightStatusCode;
import dev.quiver.flight.FlightStream;
import dev.quiver.flight.PutResult;
import dev.quiver.flight.PutStream;
import dev.quiver.flight.Result;
import dev.quiver.flight.Ticket;
import dev.quiver.flight.internal.ProtoConversions;
import dev.quiver.flight.internal.sql.FlightSql;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A Flight SQL client over a {@link FlightClient}: each call sends the Flight SQL command of FlightSql.proto
 * (packed in a {@code google.protobuf.Any}) in the Flight call the specification assigns it. Queries and
 * metadata calls return a {@link FlightInfo} whose endpoints hold the result ({@link #read(FlightInfo)} reads
 * them all); updates and ingestion return the count of rows the server reports.
 *
 * <pre>{@code
 * try (FlightSqlClient sql = new FlightSqlClient(FlightClient.builder(location).build());
 *         RecordBatchReader result = sql.read(sql.execute("SELECT * FROM t"))) {
 *     ...
 * }
 * }</pre>
 *
 * <p>A failure of the server is the {@link FlightException} it sent (its code and message); a reply that is
 * not the message Flight SQL prescribes is a {@code FlightException} of code {@code INTERNAL}.
 */
public final class FlightSqlClient implements AutoCloseable {
    private static final String BEGIN_TRANSACTION = "BeginTransaction";
    private static final String END_TRANSACTION = "EndTransaction";
    private static final String CREATE_PREPARED = "CreatePreparedStatement";
    private static final String CLOSE_PREPARED = "ClosePreparedStatement";
    private static final String CREATE_PREPARED_PLAN = "CreatePreparedSubstraitPlan";
    private static final String BEGIN_SAVEPOINT = "BeginSavepoint";
    private static final String END_SAVEPOINT = "EndSavepoint";
    private static final String CANCEL_QUERY = "CancelQuery";

    private final FlightClient client;

    /**
     * A Flight SQL client over a Flight client, which it owns from now on (closed by {@link #close()}).
     *
     * @param client the Flight client, connected to a Flight SQL server
     */
    public FlightSqlClient(FlightClient client) {
        this.client = Objects.requireNonNull(client, "client");
    }

    /**
     * The Flight client underneath.
     *
     * @return the client
     */
    public FlightClient flightClient() {
        return client;
    }

    /**
     * Runs a query (CommandStatementQuery).
     *
     * @param query the SQL query
     * @return where its result is
     * @throws FlightException if the server refuses or fails the query
     */
    public FlightInfo execute(String query) {
        return execute(query, null);
    }

    /**
     * Runs a query in a transaction (CommandStatementQuery).
     *
     * @param query the SQL query
     * @param transaction the transaction, or null for none (auto-commit)
     * @return where its result is
     * @throws FlightException if the server refuses or fails the query
     */
    public FlightInfo execute(String query, Transaction transaction) {
        FlightSql.CommandStatementQuery.Builder b = FlightSql.CommandStatementQuery.newBuilder()
                .setQuery(Objects.requireNonNull(query, "query"));
        if (transaction != null) {
            b.setTransactionId(ByteString.copyFrom(transaction.id()));
        }
        return client.getFlightInfo(descriptor(b.build()));
    }

    /**
     * The schema a query's result would have, without running it (GetSchema of CommandStatementQuery).
     *
     * @param query the SQL query
     * @return the result's schema
     * @throws FlightException if the server refuses the query
     */
    public Schema getExecuteSchema(String query) {
        return client.getSchema(descriptor(FlightSql.CommandStatementQuery.newBuilder()
                .setQuery(Objects.requireNonNull(query, "query")).build()));
    }

    /**
     * The schema a query's result would have in a transaction, without running it (GetSchema of
     * CommandStatementQuery).
     *
     * @param query the SQL query
     * @param transaction the transaction, or null for none
     * @return the result's schema
     * @throws FlightException if the server refuses the query
     */
    public Schema getExecuteSchema(String query, Transaction transaction) {
        FlightSql.CommandStatementQuery.Builder b = FlightSql.CommandStatementQuery.newBuilder()
                .setQuery(Objects.requireNonNull(query, "query"));
        if (transaction != null) {
            b.setTransactionId(ByteString.copyFrom(transaction.id()));
        }
        return client.getSchema(descriptor(b.build()));
    }

    /**
     * Runs a Substrait plan as a query (CommandStatementSubstraitPlan).
     *
     * @param plan the plan
     * @param transaction the transaction, or null for none
     * @return where its result is
     * @throws FlightException if the server refuses or fails the plan (UNIMPLEMENTED without Substrait)
     */
    public FlightInfo executeSubstrait(SubstraitPlan plan, Transaction transaction) {
        return client.getFlightInfo(descriptor(substrait(plan, transaction)));
    }

    /**
     * The schema a Substrait plan's result would have, without running it (GetSchema of
     * CommandStatementSubstraitPlan).
     *
     * @param plan the plan
     * @param transaction the transaction, or null for none
     * @return the result's schema
     * @throws FlightException if the server refuses the plan
     */
    public Schema getExecuteSubstraitSchema(SubstraitPlan plan, Transaction transaction) {
        return client.getSchema(descriptor(substrait(plan, transaction)));
    }

    /**
     * Runs a Substrait plan as an update (DoPut of CommandStatementSubstraitPlan).
     *
     * @param plan the plan
     * @param transaction the transaction, or null for none
     * @return the rows it changed, or -1 if the server cannot tell
     * @throws FlightException if the server refuses or fails the plan
     */
    public long executeSubstraitUpdate(SubstraitPlan plan, Transaction transaction) {
        return putForCount(descriptor(substrait(plan, transaction)), Schema.of(), null);
    }

    private static FlightSql.CommandStatementSubstraitPlan substrait(SubstraitPlan plan, Transaction transaction) {
        FlightSql.CommandStatementSubstraitPlan.Builder b = FlightSql.CommandStatementSubstraitPlan.newBuilder()
                .setPlan(proto(plan));
        if (transaction != null) {
            b.setTransactionId(ByteString.copyFrom(transaction.id()));
        }
        return b.build();
    }

    private static FlightSql.SubstraitPlan proto(SubstraitPlan plan) {
        return FlightSql.SubstraitPlan.newBuilder().setPlan(ByteString.copyFrom(plan.plan()))
                .setVersion(plan.version()).build();
    }

    /**
     * Reads every endpoint of a result.
     *
     * @param info the result of a query or metadata call
     * @return its batches; close the reader
     * @throws FlightException if the FlightInfo has neither endpoints nor a schema
     */
    public RecordBatchReader read(FlightInfo info) {
        return client.read(info);
    }

    /**
     * Fetches one endpoint's ticket.
     *
     * @param ticket the ticket of an endpoint
     * @return its batches; close the stream
     */
    public FlightStream getStream(Ticket ticket) {
        return client.doGet(ticket);
    }

    /**
     * Runs an update, DDL or other statement without a result (CommandStatementUpdate).
     *
     * @param sql the statement
     * @return the rows it changed, or -1 if the server cannot tell
     * @throws FlightException if the server refuses or fails it
     */
    public long executeUpdate(String sql) {
        return executeUpdate(sql, null);
    }

    /**
     * Runs an update in a transaction (CommandStatementUpdate).
     *
     * @param sql the statement
     * @param transaction the transaction, or null for none
     * @return the rows it changed, or -1 if the server cannot tell
     * @throws FlightException if the server refuses or fails it
     */
    public long executeUpdate(String sql, Transaction transaction) {
        FlightSql.CommandStatementUpdate.Builder b = FlightSql.CommandStatementUpdate.newBuilder()
                .setQuery(Objects.requireNonNull(sql, "sql"));
        if (transaction != null) {
            b.setTransactionId(ByteString.copyFrom(transaction.id()));
        }
        return putForCount(descriptor(b.build()), Schema.of(), null);
    }

    /**
     * Ingests batches into a table (CommandStatementIngest).
     *
     * @param data the rows; read to its end (not closed)
     * @param options the target table and what to do when it exists or not
     * @return the rows ingested, or -1 if the server cannot tell
     * @throws FlightException if the server refuses or fails the ingestion
     */
    public long executeIngest(RecordBatchReader data, IngestOptions options) {
        return executeIngest(data, options, null);
    }

    /**
     * Ingests batches into a table in a transaction (CommandStatementIngest).
     *
     * @param data the rows; read to its end (not closed)
     * @param options the target table and what to do when it exists or not
     * @param transaction the transaction, or null for none
     * @return the rows ingested, or -1 if the server cannot tell
     * @throws FlightException if the server refuses or fails the ingestion
     */
    public long executeIngest(RecordBatchReader data, IngestOptions options, Transaction transaction) {
        Objects.requireNonNull(data, "data");
        FlightSql.CommandStatementIngest.TableDefinitionOptions.Builder definition =
                FlightSql.CommandStatementIngest.TableDefinitionOptions.newBuilder()
                        .setIfNotExist(switch (options.ifNotExists()) {
                            case CREATE -> FlightSql.CommandStatementIngest.TableDefinitionOptions
                                    .TableNotExistOption.TABLE_NOT_EXIST_OPTION_CREATE;
                            case FAIL -> FlightSql.CommandStatementIngest.TableDefinitionOptions
                                    .TableNotExistOption.TABLE_NOT_EXIST_OPTION_FAIL;
                        })
                        .setIfExists(switch (options.ifExists()) {
                            case FAIL -> FlightSql.CommandStatementIngest.TableDefinitionOptions
                                    .TableExistsOption.TABLE_EXISTS_OPTION_FAIL;
                            case APPEND -> FlightSql.CommandStatementIngest.TableDefinitionOptions
                                    .TableExistsOption.TABLE_EXISTS_OPTION_APPEND;
                            case REPLACE -> FlightSql.CommandStatementIngest.TableDefinitionOptions
                                    .TableExistsOption.TABLE_EXISTS_OPTION_REPLACE;
                        });
        FlightSql.CommandStatementIngest.Builder b = FlightSql.CommandStatementIngest.newBuilder()
                .setTableDefinitionOptions(definition).setTable(options.table()).setTemporary(options.temporary())
                .putAllOptions(options.options());
        if (options.catalog() != null) {
            b.setCatalog(options.catalog());
        }
        if (options.dbSchema() != null) {
            b.setSchema(options.dbSchema());
        }
        if (transaction != null) {
            b.setTransactionId(ByteString.copyFrom(transaction.id()));
        }
        return putForCount(descriptor(b.build()), data.schema(), data);
    }

    /**
     * Prepares a statement (the action CreatePreparedStatement).
     *
     * @param sql the statement, with {@code ?} or {@code $n} placeholders
     * @return the prepared statement; close it to release it on the server
     * @throws FlightException if the server refuses the statement
     */
    public PreparedStatement prepare(String sql) {
        return prepare(sql, null);
    }

    /**
     * Prepares a statement in a transaction (the action CreatePreparedStatement).
     *
     * @param sql the statement, with {@code ?} or {@code $n} placeholders
     * @param transaction the transaction, or null for none
     * @return the prepared statement; close it to release it on the server
     * @throws FlightException if the server refuses the statement
     */
    public PreparedStatement prepare(String sql, Transaction transaction) {
        FlightSql.ActionCreatePreparedStatementRequest.Builder b = FlightSql.ActionCreatePreparedStatementRequest
                .newBuilder().setQuery(Objects.requireNonNull(sql, "sql"));
        if (transaction != null) {
            b.setTransactionId(ByteString.copyFrom(transaction.id()));
        }
        return prepared(single(CREATE_PREPARED, b.build(), FlightSql.ActionCreatePreparedStatementResult.class));
    }

    /**
     * Prepares a Substrait plan (the action CreatePreparedSubstraitPlan).
     *
     * @param plan the plan
     * @param transaction the transaction, or null for none
     * @return the prepared statement; close it to release it on the server
     * @throws FlightException if the server refuses the plan (UNIMPLEMENTED without Substrait)
     */
    public PreparedStatement prepare(SubstraitPlan plan, Transaction transaction) {
        FlightSql.ActionCreatePreparedSubstraitPlanRequest.Builder b = FlightSql
                .ActionCreatePreparedSubstraitPlanRequest.newBuilder().setPlan(proto(plan));
        if (transaction != null) {
            b.setTransactionId(ByteString.copyFrom(transaction.id()));
        }
        return prepared(single(CREATE_PREPARED_PLAN, b.build(), FlightSql.ActionCreatePreparedStatementResult.class));
    }

    private PreparedStatement prepared(FlightSql.ActionCreatePreparedStatementResult result) {
        Schema dataset = result.getDatasetSchema().isEmpty() ? null
                : ProtoConversions.decodeSchema(result.getDatasetSchema().toByteArray());
        Schema parameters = result.getParameterSchema().isEmpty() ? null
                : ProtoConversions.decodeSchema(result.getParameterSchema().toByteArray());
        return new PreparedStatement(result.getPreparedStatementHandle().toByteArray(), dataset, parameters);
    }

    /**
     * Information about the server and its SQL (CommandGetSqlInfo): a table of {@code info_name} (uint32)
     * and {@code value} (a dense union) as FlightSql.proto defines it.
     *
     * @param ids the SqlInfo ids wanted (none: all the server has)
     * @return where the table is
     */
    public FlightInfo getSqlInfo(int... ids) {
        FlightSql.CommandGetSqlInfo.Builder b = FlightSql.CommandGetSqlInfo.newBuilder();
        for (int id : ids) {
            b.addInfo(id);
        }
        return client.getFlightInfo(descriptor(b.build()));
    }

    /**
     * The data types the server supports (CommandGetXdbcTypeInfo).
     *
     * @return where the table is
     */
    public FlightInfo getXdbcTypeInfo() {
        return client.getFlightInfo(descriptor(FlightSql.CommandGetXdbcTypeInfo.getDefaultInstance()));
    }

    /**
     * The catalogs (CommandGetCatalogs).
     *
     * @return where the table is
     */
    public FlightInfo getCatalogs() {
        return client.getFlightInfo(descriptor(FlightSql.CommandGetCatalogs.getDefaultInstance()));
    }

    /**
     * The database schemas (CommandGetDbSchemas).
     *
     * @param catalog the catalog, null for all, empty for those without one
     * @param schemaPattern a LIKE pattern of the schema names ({@code %} and {@code _}), or null for all
     * @return where the table is
     */
    public FlightInfo getDbSchemas(String catalog, String schemaPattern) {
        FlightSql.CommandGetDbSchemas.Builder b = FlightSql.CommandGetDbSchemas.newBuilder();
        if (catalog != null) {
            b.setCatalog(catalog);
        }
        if (schemaPattern != null) {
            b.setDbSchemaFilterPattern(schemaPattern);
        }
        return client.getFlightInfo(descriptor(b.build()));
    }

    /**
     * The tables (CommandGetTables).
     *
     * @param catalog the catalog, null for all, empty for those without one
     * @param schemaPattern a LIKE pattern of the schema names, or null for all
     * @param tablePattern a LIKE pattern of the table names, or null for all
     * @param tableTypes the table types wanted, or null or empty for all
     * @param includeSchema whether each row carries the table's Arrow schema
     * @return where the table is
     */
    public FlightInfo getTables(String catalog, String schemaPattern, String tablePattern, List<String> tableTypes,
            boolean includeSchema) {
        FlightSql.CommandGetTables.Builder b = FlightSql.CommandGetTables.newBuilder().setIncludeSchema(includeSchema);
        if (catalog != null) {
            b.setCatalog(catalog);
        }
        if (schemaPattern != null) {
            b.setDbSchemaFilterPattern(schemaPattern);
        }
        if (tablePattern != null) {
            b.setTableNameFilterPattern(tablePattern);
        }
        if (tableTypes != null) {
            b.addAllTableTypes(tableTypes);
        }
        return client.getFlightInfo(descriptor(b.build()));
    }

    /**
     * The table types (CommandGetTableTypes).
     *
     * @return where the table is
     */
    public FlightInfo getTableTypes() {
        return client.getFlightInfo(descriptor(FlightSql.CommandGetTableTypes.getDefaultInstance()));
    }

    /**
     * A table's primary key columns (CommandGetPrimaryKeys).
     *
     * @param table the table
     * @return where the table of key columns is
     */
    public FlightInfo getPrimaryKeys(TableRef table) {
        FlightSql.CommandGetPrimaryKeys.Builder b = FlightSql.CommandGetPrimaryKeys.newBuilder()
                .setTable(table.table());
        if (table.catalog() != null) {
            b.setCatalog(table.catalog());
        }
        if (table.dbSchema() != null) {
            b.setDbSchema(table.dbSchema());
        }
        return client.getFlightInfo(descriptor(b.build()));
    }

    /**
     * The foreign keys that refer to a table's primary key (CommandGetExportedKeys).
     *
     * @param table the table
     * @return where the table of keys is
     */
    public FlightInfo getExportedKeys(TableRef table) {
        FlightSql.CommandGetExportedKeys.Builder b = FlightSql.CommandGetExportedKeys.newBuilder()
                .setTable(table.table());
        if (table.catalog() != null) {
            b.setCatalog(table.catalog());
        }
        if (table.dbSchema() != null) {
            b.setDbSchema(table.dbSchema());
        }
        return client.getFlightInfo(descriptor(b.build()));
    }

    /**
     * The foreign keys of a table (CommandGetImportedKeys).
     *
     * @param table the table
     * @return where the table of keys is
     */
    public FlightInfo getImportedKeys(TableRef table) {
        FlightSql.CommandGetImportedKeys.Builder b = FlightSql.CommandGetImportedKeys.newBuilder()
                .setTable(table.table());
        if (table.catalog() != null) {
            b.setCatalog(table.catalog());
        }
        if (table.dbSchema() != null) {
            b.setDbSchema(table.dbSchema());
        }
        return client.getFlightInfo(descriptor(b.build()));
    }

    /**
     * The foreign keys of one table that refer to another's primary key (CommandGetCrossReference).
     *
     * @param primary the table with the primary key
     * @param foreign the table with the foreign key
     * @return where the table of keys is
     */
    public FlightInfo getCrossReference(TableRef primary, TableRef foreign) {
        FlightSql.CommandGetCrossReference.Builder b = FlightSql.CommandGetCrossReference.newBuilder()
                .setPkTable(primary.table()).setFkTable(foreign.table());
        if (primary.catalog() != null) {
            b.setPkCatalog(primary.catalog());
        }
        if (primary.dbSchema() != null) {
            b.setPkDbSchema(primary.dbSchema());
        }
        if (foreign.catalog() != null) {
            b.setFkCatalog(foreign.catalog());
        }
        if (foreign.dbSchema() != null) {
            b.setFkDbSchema(foreign.dbSchema());
        }
        return client.getFlightInfo(descriptor(b.build()));
    }

    /**
     * The schema of GetSqlInfo's result (GetSchema of CommandGetSqlInfo).
     *
     * @return the schema the server gives
     */
    public Schema getSqlInfoSchema() {
        return client.getSchema(descriptor(FlightSql.CommandGetSqlInfo.getDefaultInstance()));
    }

    /**
     * The schema of GetXdbcTypeInfo's result.
     *
     * @return the schema the server gives
     */
    public Schema getXdbcTypeInfoSchema() {
        return client.getSchema(descriptor(FlightSql.CommandGetXdbcTypeInfo.getDefaultInstance()));
    }

    /**
     * The schema of GetCatalogs' result.
     *
     * @return the schema the server gives
     */
    public Schema getCatalogsSchema() {
        return client.getSchema(descriptor(FlightSql.CommandGetCatalogs.getDefaultInstance()));
    }

    /**
     * The schema of GetDbSchemas' result.
     *
     * @return the schema the server gives
     */
    public Schema getDbSchemasSchema() {
        return client.getSchema(descriptor(FlightSql.CommandGetDbSchemas.getDefaultInstance()));
    }

    /**
     * The schema of GetTables' result.
     *
     * @param includeSchema whether the rows carry the tables' Arrow schemas
     * @return the schema the server gives
     */
    public Schema getTablesSchema(boolean includeSchema) {
        return client.getSchema(descriptor(FlightSql.CommandGetTables.newBuilder().setIncludeSchema(includeSchema)
                .build()));
    }

    /**
     * The schema of GetTableTypes' result.
     *
     * @return the schema the server gives
     */
    public Schema getTableTypesSchema() {
        return client.getSchema(descriptor(FlightSql.CommandGetTableTypes.getDefaultInstance()));
    }

    /**
     * The schema of GetPrimaryKeys' result.
     *
     * @return the schema the server gives
     */
    public Schema getPrimaryKeysSchema() {
        return client.getSchema(descriptor(FlightSql.CommandGetPrimaryKeys.getDefaultInstance()));
    }

    /**
     * The schema of GetExportedKeys' result.
     *
     * @return the schema the server gives
     */
    public Schema getExportedKeysSchema() {
        return client.getSchema(descriptor(FlightSql.CommandGetExportedKeys.getDefaultInstance()));
    }

    /**
     * The schema of GetImportedKeys' result.
     *
     * @return the schema the server gives
     */
    public Schema getImportedKeysSchema() {
        return client.getSchema(descriptor(FlightSql.CommandGetImportedKeys.getDefaultInstance()));
    }

    /**
     * The schema of GetCrossReference's result.
     *
     * @return the schema the server gives
     */
    public Schema getCrossReferenceSchema() {
        return client.getSchema(descriptor(FlightSql.CommandGetCrossReference.getDefaultInstance()));
    }

    /**
     * Begins a transaction (the action BeginTransaction).
     *
     * @return the transaction; end it with {@link #commit} or {@link #rollback}
     * @throws FlightException if the server has no transactions or refuses
     */
    public Transaction beginTransaction() {
        FlightSql.ActionBeginTransactionResult result = single(BEGIN_TRANSACTION,
                FlightSql.ActionBeginTransactionRequest.getDefaultInstance(), FlightSql.ActionBeginTransactionResult.class);
        return new Transaction(result.getTransactionId().toByteArray());
    }

    /**
     * Commits a transaction (the action EndTransaction).
     *
     * @param transaction the transaction
     * @throws FlightException if the server refuses (an unknown transaction, a failed commit)
     */
    public void commit(Transaction transaction) {
        endTransaction(transaction, FlightSql.ActionEndTransactionRequest.EndTransaction.END_TRANSACTION_COMMIT);
    }

    /**
     * Rolls a transaction back (the action EndTransaction).
     *
     * @param transaction the transaction
     * @throws FlightException if the server refuses (an unknown transaction)
     */
    public void rollback(Transaction transaction) {
        endTransaction(transaction, FlightSql.ActionEndTransactionRequest.EndTransaction.END_TRANSACTION_ROLLBACK);
    }

    private void endTransaction(Transaction transaction, FlightSql.ActionEndTransactionRequest.EndTransaction how) {
        client.doAction(action(END_TRANSACTION, FlightSql.ActionEndTransactionRequest.newBuilder()
                .setTransactionId(ByteString.copyFrom(transaction.id())).setAction(how).build()));
    }

    /**
     * Sets a savepoint in a transaction (the action BeginSavepoint).
     *
     * @param transaction the transaction
     * @param name the savepoint's name
     * @return the savepoint; end it with {@link #release(Savepoint)} or {@link #rollback(Savepoint)}
     * @throws FlightException if the server has no savepoints or refuses
     */
    public Savepoint beginSavepoint(Transaction transaction, String name) {
        FlightSql.ActionBeginSavepointResult result = single(BEGIN_SAVEPOINT, FlightSql.ActionBeginSavepointRequest
                .newBuilder().setTransactionId(ByteString.copyFrom(transaction.id()))
                .setName(Objects.requireNonNull(name, "name")).build(), FlightSql.ActionBeginSavepointResult.class);
        return new Savepoint(result.getSavepointId().toByteArray());
    }

    /**
     * Releases a savepoint, keeping what was done since (the action EndSavepoint).
     *
     * @param savepoint the savepoint
     * @throws FlightException if the server refuses (an unknown savepoint)
     */
    public void release(Savepoint savepoint) {
        endSavepoint(savepoint, FlightSql.ActionEndSavepointRequest.EndSavepoint.END_SAVEPOINT_RELEASE);
    }

    /**
     * Undoes what was done since a savepoint (the action EndSavepoint).
     *
     * @param savepoint the savepoint
     * @throws FlightException if the server refuses (an unknown savepoint)
     */
    public void rollback(Savepoint savepoint) {
        endSavepoint(savepoint, FlightSql.ActionEndSavepointRequest.EndSavepoint.END_SAVEPOINT_ROLLBACK);
    }

    private void endSavepoint(Savepoint savepoint, FlightSql.ActionEndSavepointRequest.EndSavepoint how) {
        client.doAction(action(END_SAVEPOINT, FlightSql.ActionEndSavepointRequest.newBuilder()
                .setSavepointId(ByteString.copyFrom(savepoint.id())).setAction(how).build()));
    }

    /**
     * Cancels the query behind a result with Flight SQL's own action CancelQuery, which Flight SQL 13
     * deprecated for Flight's CancelFlightInfo ({@link #cancelFlightInfo}); for servers older than that.
     *
     * @param info the query's FlightInfo
     * @return the outcome
     * @throws FlightException if the server refuses
     */
    @SuppressWarnings("deprecation") // ActionCancelQueryRequest and its result: deprecated, as this call is
    public CancelStatus cancelQuery(FlightInfo info) {
        FlightSql.ActionCancelQueryResult result = single(CANCEL_QUERY, FlightSql.ActionCancelQueryRequest
                .newBuilder().setInfo(ByteString.copyFrom(ProtoConversions.toProto(info).toByteArray())).build(),
                FlightSql.ActionCancelQueryResult.class);
        return switch (result.getResult()) {
            case CANCEL_RESULT_CANCELLED -> CancelStatus.CANCELLED;
            case CANCEL_RESULT_CANCELLING -> CancelStatus.CANCELLING;
            case CANCEL_RESULT_NOT_CANCELLABLE -> CancelStatus.NOT_CANCELLABLE;
            default -> CancelStatus.UNSPECIFIED;
        };
    }

    /**
     * Cancels the query behind a result (the action CancelFlightInfo).
     *
     * @param info the query's FlightInfo
     * @return the outcome
     */
    public CancelStatus cancelFlightInfo(FlightInfo info) {
        return client.cancelFlightInfo(info);
    }

    /** Closes the Flight client. */
    @Override
    public void close() {
        client.close();
    }

    /** A command as a command descriptor: the message packed in an Any. */
    static FlightDescriptor descriptor(Message command) {
        return FlightDescriptor.command(Any.pack(command).toByteArray());
    }

    private static Action action(String type, Message body) {
        return new Action(type, Any.pack(body).toByteArray());
    }

    /** Runs an action whose one result is an Any of {@code type}. */
    private <T extends Message> T single(String actionType, Message body, Class<T> type) {
        List<Result> results = client.doAction(action(actionType, body));
        if (results.size() != 1) {
            throw new FlightException(FlightStatusCode.INTERNAL, "the server answered " + actionType + " with "
                    + results.size() + " results instead of one");
        }
        return unpack(results.getFirst().body(), type, actionType);
    }

    static <T extends Message> T unpack(byte[] bytes, Class<T> type, String what) {
        try {
            return Any.parseFrom(bytes).unpack(type);
        } catch (InvalidProtocolBufferException e) {
            throw new FlightException(FlightStatusCode.INTERNAL, "the server's answer to " + what
                    + " is not a " + type.getSimpleName() + ": " + e.getMessage(), e);
        }
    }

    /** A DoPut whose one PutResult is a DoPutUpdateResult. */
    private long putForCount(FlightDescriptor descriptor, Schema schema, RecordBatchReader data) {
        PutStream put = client.doPut(descriptor, schema);
        if (data != null) {
            upload(put, data);
        }
        put.close();
        List<PutResult> results = put.results();
        if (results.isEmpty()) {
            throw new FlightException(FlightStatusCode.INTERNAL, "the server sent no DoPutUpdateResult");
        }
        // A count of 0 is protobuf's default value: its DoPutUpdateResult is empty.
        return parseUpdate(results.getFirst().appMetadata()).getRecordCount();
    }

    /**
     * Sends batches. A server may answer and end the call before it has read them all (arrow-java's
     * Flight SQL producers may): the writes then fail, and what counts is how the call ended, which
     * {@link PutStream#close()} tells (it throws the server's failure, if any).
     */
    private static void upload(PutStream put, Iterable<RecordBatch> batches) {
        try {
            for (RecordBatch batch : batches) {
                put.write(batch);
            }
        } catch (FlightException e) {
            if (e.code() != FlightStatusCode.CANCELLED) {
                put.cancel();
                throw e;
            }
            put.close();
        } catch (RuntimeException e) {
            put.cancel();
            throw e;
        }
    }

    private static FlightSql.DoPutUpdateResult parseUpdate(byte[] bytes) {
        try {
            return FlightSql.DoPutUpdateResult.parseFrom(bytes);
        } catch (InvalidProtocolBufferException e) {
            throw new FlightException(FlightStatusCode.INTERNAL, "the server's DoPut result is not a "
                    + "DoPutUpdateResult: " + e.getMessage(), e);
        }
    }

    /**
     * A statement prepared on the server: run it, with parameters bound, any number of times; close it to
     * release it. Not thread-safe.
     */
    public final class PreparedStatement implements AutoCloseable {
        private byte[] handle;
        private final Schema datasetSchema;
        private final Schema parameterSchema;
        private RecordBatch parameters;
        private boolean closed;

        private PreparedStatement(byte[] handle, Schema datasetSchema, Schema parameterSchema) {
            this.handle = handle;
            this.datasetSchema = datasetSchema;
            this.parameterSchema = parameterSchema;
        }

        /**
         * The schema of the statement's result, as the server declared it.
         *
         * @return the schema, or null if the server did not say
         */
        public Schema datasetSchema() {
            return datasetSchema;
        }

        /**
         * The schema of the statement's parameters, as the server declared it.
         *
         * @return the schema, or null if the server did not say
         */
        public Schema parameterSchema() {
            return parameterSchema;
        }

        /**
         * The server's handle of the statement (it may change when parameters are bound).
         *
         * @return a copy of the handle
         */
        public byte[] handle() {
            return handle.clone();
        }

        /**
         * Sets the parameters of the next runs: one row per run of an update, the values of a query's
         * placeholders in the batch's first row for a query.
         *
         * @param values one column per placeholder, in order
         */
        public void setParameters(RecordBatch values) {
            this.parameters = Objects.requireNonNull(values, "values");
        }

        /** Clears the parameters. */
        public void clearParameters() {
            this.parameters = null;
        }

        /**
         * Runs the statement as a query (CommandPreparedStatementQuery): the parameters, if any, are sent
         * first with DoPut.
         *
         * @return where the result is
         * @throws FlightException if the server refuses or fails it
         */
        public FlightInfo execute() {
            checkOpen();
            FlightSql.CommandPreparedStatementQuery command = FlightSql.CommandPreparedStatementQuery.newBuilder()
                    .setPreparedStatementHandle(ByteString.copyFrom(handle)).build();
            if (parameters != null) {
                PutStream put = client.doPut(descriptor(command), parameters.schema());
                upload(put, List.of(parameters));
                put.close();
                for (PutResult r : put.results()) {
                    byte[] bytes = r.appMetadata();
                    if (bytes.length > 0) {
                        FlightSql.DoPutPreparedStatementResult result = parsePrepared(bytes);
                        if (result.hasPreparedStatementHandle()) {
                            handle = result.getPreparedStatementHandle().toByteArray();
                        }
                    }
                }
                command = FlightSql.CommandPreparedStatementQuery.newBuilder()
                        .setPreparedStatementHandle(ByteString.copyFrom(handle)).build();
            }
            return client.getFlightInfo(descriptor(command));
        }

        /**
         * Asks the server for the schema of the statement's result (GetSchema of
         * CommandPreparedStatementQuery), which may differ from {@link #datasetSchema()} once parameters are
         * bound.
         *
         * @return the schema the server gives
         * @throws FlightException if the server refuses
         */
        public Schema fetchSchema() {
            checkOpen();
            return client.getSchema(descriptor(FlightSql.CommandPreparedStatementQuery.newBuilder()
                    .setPreparedStatementHandle(ByteString.copyFrom(handle)).build()));
        }

        /**
         * Runs the statement as an update (CommandPreparedStatementUpdate), once per row of the parameters
         * (once without).
         *
         * @return the rows changed, or -1 if the server cannot tell
         * @throws FlightException if the server refuses or fails it
         */
        public long executeUpdate() {
            checkOpen();
            FlightSql.CommandPreparedStatementUpdate command = FlightSql.CommandPreparedStatementUpdate.newBuilder()
                    .setPreparedStatementHandle(ByteString.copyFrom(handle)).build();
            if (parameters == null) {
                return putForCount(descriptor(command), parameterSchema == null ? Schema.of() : parameterSchema,
                        null);
            }
            try (RecordBatchReader one = new Table(parameters.schema(),
                    List.of(parameters)).reader()) {
                return putForCount(descriptor(command), parameters.schema(), one);
            }
        }

        /**
         * Releases the statement on the server (the action ClosePreparedStatement); closing twice does
         * nothing.
         *
         * @throws FlightException if the server refuses
         */
        @Override
        public void close() {
            if (closed) {
                return;
            }
            closed = true;
            client.doAction(action(CLOSE_PREPARED, FlightSql.ActionClosePreparedStatementRequest.newBuilder()
                    .setPreparedStatementHandle(ByteString.copyFrom(handle)).build()));
        }

        private void checkOpen() {
            if (closed) {
                throw new IllegalStateException("the prepared statement is closed");
            }
        }

        @Override
        public String toString() {
            return "PreparedStatement[handle " + Arrays.toString(handle) + "]";
        }
    }

    private static FlightSql.DoPutPreparedStatementResult parsePrepared(byte[] bytes) {
        try {
            return FlightSql.DoPutPreparedStatementResult.parseFrom(bytes);
        } catch (InvalidProtocolBufferException e) {
            throw new FlightException(FlightStatusCode.INTERNAL, "the server's DoPut result is not a "
                    + "DoPutPreparedStatementResult: " + e.getMessage(), e);
        }
    }
}
