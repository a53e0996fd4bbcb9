// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flightsql;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import dev.quiver.core.type.Schema;
import dev.quiver.flight.Action;
import dev.quiver.flight.ActionType;
import dev.quiver.flight.CallContext;
import dev.quiver.flight.CancelStatus;
import dev.quiver.flight.DataSink;
import dev.quiver.flight.FlightDescriptor;
import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightInfo;
import dev.quiver.flight.FlightProducer;
import dev.quiver.flight.FlightStatusCode;
import dev.quiver.flight.FlightStream;
import dev.quiver.flight.PutResult;
import dev.quiver.flight.Result;
import dev.quiver.flight.Ticket;
import dev.quiver.flight.internal.ProtoConversions;
import dev.quiver.flight.internal.sql.FlightSql;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * A Flight SQL server, written as the SQL calls it answers: this interface implements Flight's calls
 * ({@link FlightProducer}) by decoding the Flight SQL commands of FlightSql.proto and calling the method of
 * each; a server overrides the methods of what it offers, and every other command is UNIMPLEMENTED. Serve it
 * with {@link dev.quiver.flight.FlightServer}. {@link DuckDbSqlProducer} is one, over DuckDB.
 *
 * <ul>
 * <li>GetFlightInfo of a query, a Substrait plan, a prepared query or a metadata command: {@link #flightInfo};</li>
 * <li>GetSchema of a query, a Substrait plan or a prepared query: {@link #schema} (of a metadata command:
 *     its schema in FlightSql.proto, {@link #metadataSchema});</li>
 * <li>DoGet of a ticket {@link #flightInfo} gave (a TicketStatementQuery or any command): {@link #stream};</li>
 * <li>DoPut of CommandStatementUpdate, CommandStatementSubstraitPlan or CommandPreparedStatementUpdate:
 *     {@link #update}; of CommandPreparedStatementQuery (parameters): {@link #bind}; of
 *     CommandStatementIngest: {@link #ingest};</li>
 * <li>the actions CreatePreparedStatement and CreatePreparedSubstraitPlan: {@link #prepare};
 *     ClosePreparedStatement: {@link #closePreparedStatement}; BeginTransaction, EndTransaction:
 *     {@link #beginTransaction}, {@link #endTransaction}; BeginSavepoint, EndSavepoint:
 *     {@link #beginSavepoint}, {@link #endSavepoint}; CancelFlightInfo and the deprecated CancelQuery:
 *     {@link #cancelFlightInfo}.</li>
 * </ul>
 *
 * <p>Each method may throw a {@link FlightException}, which the client receives with its code and message.
 */
public interface FlightSqlProducer extends FlightProducer {
    /**
     * A statement prepared by {@link #prepare}.
     *
     * @param handle the server's handle of the statement
     * @param datasetSchema the schema of its result (the empty schema for a statement without one), or null
     *     if the server does not say
     * @param parameterSchema the schema of its parameters, or null if the server does not say
     */
    record PreparedStatement(byte[] handle, Schema datasetSchema, Schema parameterSchema) {
    }

    // ---- the Flight SQL calls a server answers ----

    /**
     * GetFlightInfo of a query ({@link SqlCommand.StatementQuery}, {@link SqlCommand.SubstraitPlan},
     * {@link SqlCommand.PreparedStatementQuery}) or a metadata command: where its result is. A ticket is
     * typically {@link #statementTicket(byte[])} of the server's handle, or the descriptor's command itself.
     *
     * @param context the call
     * @param command the command
     * @param descriptor the descriptor, to return in the FlightInfo
     * @return where the result is
     * @throws FlightException UNIMPLEMENTED by default
     */
    default FlightInfo flightInfo(CallContext context, SqlCommand command, FlightDescriptor descriptor) {
        throw unsupported(command);
    }

    /**
     * GetSchema of a query ({@link SqlCommand.StatementQuery}, {@link SqlCommand.SubstraitPlan},
     * {@link SqlCommand.PreparedStatementQuery}): the schema of its result, without running it.
     *
     * @param context the call
     * @param command the query
     * @return the schema
     * @throws FlightException UNIMPLEMENTED by default
     */
    default Schema schema(CallContext context, SqlCommand command) {
        throw unsupported(command);
    }

    /**
     * DoGet of a ticket this server gave: starts the sink with the result's schema and writes its batches.
     *
     * @param context the call
     * @param ticket the ticket's message: a {@link SqlCommand.StatementQueryTicket} or another command
     * @param sink where the result goes
     * @throws FlightException UNIMPLEMENTED by default
     */
    default void stream(CallContext context, SqlCommand ticket, DataSink sink) {
        throw unsupported(ticket);
    }

    /**
     * DoPut of an update ({@link SqlCommand.StatementUpdate}, {@link SqlCommand.SubstraitPlan},
     * {@link SqlCommand.PreparedStatementUpdate}): runs it, once per row of parameters of a prepared one.
     * Answer a statement or plan without reading {@code parameters} to its end: arrow-java's client ends its
     * (empty) upload only once it has the answer.
     *
     * @param context the call
     * @param command the update
     * @param parameters the rows of parameters the client sent (none for a statement)
     * @return the count of rows changed, or -1 if unknown
     * @throws FlightException UNIMPLEMENTED by default
     */
    default long update(CallContext context, SqlCommand command, FlightStream parameters) {
        throw unsupported(command);
    }

    /**
     * DoPut of a prepared query's parameters: binds them for its next runs.
     *
     * @param context the call
     * @param command the prepared query
     * @param parameters the rows of parameters
     * @return the handle the client is to use from now on (sent back as a DoPutPreparedStatementResult), or
     *     null to send nothing back
     * @throws FlightException UNIMPLEMENTED by default
     */
    default byte[] bind(CallContext context, SqlCommand.PreparedStatementQuery command, FlightStream parameters) {
        throw unsupported(command);
    }

    /**
     * DoPut of bulk ingestion: writes the rows into the table the command names.
     *
     * @param context the call
     * @param command the target and its options
     * @param rows the rows
     * @return the count of rows ingested, or -1 if unknown
     * @throws FlightException UNIMPLEMENTED by default
     */
    default long ingest(CallContext context, SqlCommand.StatementIngest command, FlightStream rows) {
        throw unsupported(command);
    }

    /**
     * The actions CreatePreparedStatement (a {@link SqlCommand.StatementQuery}, whatever the statement) and
     * CreatePreparedSubstraitPlan (a {@link SqlCommand.SubstraitPlan}).
     *
     * @param context the call
     * @param statement the statement and its transaction
     * @return the prepared statement
     * @throws FlightException UNIMPLEMENTED by default
     */
    default PreparedStatement prepare(CallContext context, SqlCommand statement) {
        throw unsupported(statement);
    }

    /**
     * The action ClosePreparedStatement.
     *
     * @param context the call
     * @param handle the statement's handle
     * @throws FlightException UNIMPLEMENTED by default
     */
    default void closePreparedStatement(CallContext context, byte[] handle) {
        throw unimplemented("ClosePreparedStatement");
    }

    /**
     * The action BeginTransaction.
     *
     * @param context the call
     * @return the transaction's id
     * @throws FlightException UNIMPLEMENTED by default
     */
    default byte[] beginTransaction(CallContext context) {
        throw unimplemented("BeginTransaction");
    }

    /**
     * The action EndTransaction.
     *
     * @param context the call
     * @param transactionId the transaction
     * @param commit true to commit, false to roll back
     * @throws FlightException UNIMPLEMENTED by default
     */
    default void endTransaction(CallContext context, byte[] transactionId, boolean commit) {
        throw unimplemented("EndTransaction");
    }

    /**
     * The action BeginSavepoint.
     *
     * @param context the call
     * @param transactionId the transaction
     * @param name the savepoint's name
     * @return the savepoint's id
     * @throws FlightException UNIMPLEMENTED by default
     */
    default byte[] beginSavepoint(CallContext context, byte[] transactionId, String name) {
        throw unimplemented("BeginSavepoint");
    }

    /**
     * The action EndSavepoint.
     *
     * @param context the call
     * @param savepointId the savepoint
     * @param release true to release it, false to roll back to it
     * @throws FlightException UNIMPLEMENTED by default
     */
    default void endSavepoint(CallContext context, byte[] savepointId, boolean release) {
        throw unimplemented("EndSavepoint");
    }

    // ---- helpers for servers ----

    /**
     * A ticket naming a result by the server's handle (a TicketStatementQuery): its DoGet reaches
     * {@link #stream} as a {@link SqlCommand.StatementQueryTicket}.
     *
     * @param handle the server's handle
     * @return the ticket
     */
    static Ticket statementTicket(byte[] handle) {
        return new Ticket(Any.pack(FlightSql.TicketStatementQuery.newBuilder()
                .setStatementHandle(ByteString.copyFrom(handle)).build()).toByteArray());
    }

    /**
     * The schema FlightSql.proto gives the result of a metadata command.
     *
     * @param command a metadata command (GetSqlInfo, GetXdbcTypeInfo, GetCatalogs, GetDbSchemas, GetTables,
     *     GetTableTypes, GetPrimaryKeys, GetExportedKeys, GetImportedKeys, GetCrossReference)
     * @return its schema
     * @throws IllegalArgumentException for a command that is not a metadata command
     */
    static Schema metadataSchema(SqlCommand command) {
        return switch (command) {
            case SqlCommand.GetSqlInfo c -> ServerInfo.SQL_INFO;
            case SqlCommand.GetXdbcTypeInfo c -> ServerInfo.XDBC_TYPE_INFO;
            case SqlCommand.GetCatalogs c -> Metadata.CATALOGS;
            case SqlCommand.GetDbSchemas c -> Metadata.DB_SCHEMAS;
            case SqlCommand.GetTables c -> c.includeSchema() ? Metadata.TABLES_WITH_SCHEMA : Metadata.TABLES;
            case SqlCommand.GetTableTypes c -> Metadata.TABLE_TYPES;
            case SqlCommand.GetPrimaryKeys c -> Metadata.PRIMARY_KEYS;
            case SqlCommand.GetExportedKeys c -> Metadata.KEYS;
            case SqlCommand.GetImportedKeys c -> Metadata.KEYS;
            case SqlCommand.GetCrossReference c -> Metadata.KEYS;
            default -> throw new IllegalArgumentException(command.getClass().getSimpleName()
                    + " is not a metadata command");
        };
    }

    // ---- Flight's calls, decoded ----

    /**
     * Decodes the command and calls {@link #flightInfo}.
     *
     * @param context the call
     * @param descriptor a command descriptor
     * @return where the result is
     * @throws FlightException INVALID_ARGUMENT for a descriptor that is not a Flight SQL command
     */
    @Override
    default FlightInfo getFlightInfo(CallContext context, FlightDescriptor descriptor) {
        return flightInfo(context, Commands.command(descriptor), descriptor);
    }

    /**
     * The schema of a metadata command as FlightSql.proto gives it, of another command what
     * {@link #schema} says.
     *
     * @param context the call
     * @param descriptor a command descriptor
     * @return the schema
     * @throws FlightException INVALID_ARGUMENT for a descriptor that is not a Flight SQL command
     */
    @Override
    default Schema getSchema(CallContext context, FlightDescriptor descriptor) {
        SqlCommand command = Commands.command(descriptor);
        return switch (command) {
            case SqlCommand.StatementQuery c -> schema(context, c);
            case SqlCommand.SubstraitPlan c -> schema(context, c);
            case SqlCommand.PreparedStatementQuery c -> schema(context, c);
            case SqlCommand.StatementUpdate c -> throw unsupported(c);
            case SqlCommand.PreparedStatementUpdate c -> throw unsupported(c);
            case SqlCommand.StatementIngest c -> throw unsupported(c);
            case SqlCommand.StatementQueryTicket c -> throw unsupported(c);
            default -> metadataSchema(command);
        };
    }

    /**
     * Decodes the ticket and calls {@link #stream}.
     *
     * @param context the call
     * @param ticket a ticket of this server
     * @param sink where the result goes
     * @throws FlightException INVALID_ARGUMENT for a ticket that is not a Flight SQL message
     */
    @Override
    default void doGet(CallContext context, Ticket ticket, DataSink sink) {
        stream(context, Commands.decode(Commands.any(ticket.bytes(), "the ticket")), sink);
    }

    /**
     * Decodes the command and calls {@link #update}, {@link #bind} or {@link #ingest}, then acknowledges
     * with the DoPutUpdateResult or DoPutPreparedStatementResult of FlightSql.proto.
     *
     * @param context the call
     * @param data the command's descriptor and the rows the client sent
     * @param acknowledge where the result goes
     * @throws FlightException INVALID_ARGUMENT for a DoPut without a Flight SQL command
     */
    @Override
    default void doPut(CallContext context, FlightStream data, Consumer<PutResult> acknowledge) {
        if (data.descriptor() == null) {
            throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "a DoPut without a descriptor");
        }
        SqlCommand command = Commands.command(data.descriptor());
        switch (command) {
            case SqlCommand.StatementUpdate c -> acknowledge.accept(updateResult(update(context, c, data)));
            case SqlCommand.SubstraitPlan c -> acknowledge.accept(updateResult(update(context, c, data)));
            case SqlCommand.PreparedStatementUpdate c -> acknowledge.accept(updateResult(update(context, c, data)));
            case SqlCommand.StatementIngest c -> acknowledge.accept(updateResult(ingest(context, c, data)));
            case SqlCommand.PreparedStatementQuery c -> {
                byte[] handle = bind(context, c, data);
                if (handle != null) {
                    acknowledge.accept(new PutResult(FlightSql.DoPutPreparedStatementResult.newBuilder()
                            .setPreparedStatementHandle(ByteString.copyFrom(handle)).build().toByteArray()));
                }
            }
            default -> throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "DoPut does not take "
                    + command.getClass().getSimpleName());
        }
    }

    private static PutResult updateResult(long count) {
        return new PutResult(FlightSql.DoPutUpdateResult.newBuilder().setRecordCount(count).build().toByteArray());
    }

    /**
     * Decodes the action's body and calls the method of the action.
     *
     * @param context the call
     * @param action a Flight SQL action
     * @return the action's results, each a message of FlightSql.proto packed in an Any
     * @throws FlightException INVALID_ARGUMENT for a body that is not the action's message, UNIMPLEMENTED for
     *     an unknown action
     */
    @Override
    @SuppressWarnings("deprecation") // the CancelQuery action's messages
    default Stream<Result> doAction(CallContext context, Action action) {
        Any body = Commands.any(action.body(), "the body of " + action.type());
        return switch (action.type()) {
            case "CreatePreparedStatement" -> {
                FlightSql.ActionCreatePreparedStatementRequest r = Commands.unpack(body,
                        FlightSql.ActionCreatePreparedStatementRequest.class);
                yield Stream.of(prepared(prepare(context, new SqlCommand.StatementQuery(r.getQuery(),
                        r.getTransactionId().toByteArray()))));
            }
            case "CreatePreparedSubstraitPlan" -> {
                FlightSql.ActionCreatePreparedSubstraitPlanRequest r = Commands.unpack(body,
                        FlightSql.ActionCreatePreparedSubstraitPlanRequest.class);
                yield Stream.of(prepared(prepare(context, new SqlCommand.SubstraitPlan(
                        r.getPlan().getPlan().toByteArray(), r.getPlan().getVersion(),
                        r.getTransactionId().toByteArray()))));
            }
            case "ClosePreparedStatement" -> {
                closePreparedStatement(context, Commands.unpack(body,
                        FlightSql.ActionClosePreparedStatementRequest.class).getPreparedStatementHandle().toByteArray());
                yield Stream.empty();
            }
            case "BeginTransaction" -> {
                Commands.unpack(body, FlightSql.ActionBeginTransactionRequest.class);
                yield Stream.of(Commands.result(FlightSql.ActionBeginTransactionResult.newBuilder()
                        .setTransactionId(ByteString.copyFrom(beginTransaction(context))).build()));
            }
            case "EndTransaction" -> {
                FlightSql.ActionEndTransactionRequest r = Commands.unpack(body,
                        FlightSql.ActionEndTransactionRequest.class);
                boolean commit = switch (r.getAction()) {
                    case END_TRANSACTION_COMMIT -> true;
                    case END_TRANSACTION_ROLLBACK -> false;
                    default -> throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "EndTransaction needs "
                            + "COMMIT or ROLLBACK, not " + r.getAction());
                };
                endTransaction(context, r.getTransactionId().toByteArray(), commit);
                yield Stream.empty();
            }
            case "BeginSavepoint" -> {
                FlightSql.ActionBeginSavepointRequest r = Commands.unpack(body,
                        FlightSql.ActionBeginSavepointRequest.class);
                yield Stream.of(Commands.result(FlightSql.ActionBeginSavepointResult.newBuilder().setSavepointId(
                        ByteString.copyFrom(beginSavepoint(context, r.getTransactionId().toByteArray(),
                                r.getName()))).build()));
            }
            case "EndSavepoint" -> {
                FlightSql.ActionEndSavepointRequest r = Commands.unpack(body,
                        FlightSql.ActionEndSavepointRequest.class);
                boolean release = switch (r.getAction()) {
                    case END_SAVEPOINT_RELEASE -> true;
                    case END_SAVEPOINT_ROLLBACK -> false;
                    default -> throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "EndSavepoint needs "
                            + "RELEASE or ROLLBACK, not " + r.getAction());
                };
                endSavepoint(context, r.getSavepointId().toByteArray(), release);
                yield Stream.empty();
            }
            case "CancelQuery" -> {
                FlightSql.ActionCancelQueryRequest r = Commands.unpack(body, FlightSql.ActionCancelQueryRequest.class);
                FlightInfo info;
                try {
                    info = ProtoConversions.fromProto(dev.quiver.flight.internal.proto.Flight.FlightInfo
                            .parseFrom(r.getInfo()));
                } catch (com.google.protobuf.InvalidProtocolBufferException e) {
                    throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "CancelQuery carries no FlightInfo: "
                            + e.getMessage(), e);
                }
                FlightSql.ActionCancelQueryResult.CancelResult result = switch (cancelFlightInfo(context, info)) {
                    case CANCELLED -> FlightSql.ActionCancelQueryResult.CancelResult.CANCEL_RESULT_CANCELLED;
                    case CANCELLING -> FlightSql.ActionCancelQueryResult.CancelResult.CANCEL_RESULT_CANCELLING;
                    case NOT_CANCELLABLE -> FlightSql.ActionCancelQueryResult.CancelResult
                            .CANCEL_RESULT_NOT_CANCELLABLE;
                    default -> FlightSql.ActionCancelQueryResult.CancelResult.CANCEL_RESULT_UNSPECIFIED;
                };
                yield Stream.of(Commands.result(FlightSql.ActionCancelQueryResult.newBuilder().setResult(result)
                        .build()));
            }
            default -> throw new FlightException(FlightStatusCode.UNIMPLEMENTED, "unknown action " + action.type());
        };
    }

    private static Result prepared(PreparedStatement p) {
        FlightSql.ActionCreatePreparedStatementResult.Builder b = FlightSql.ActionCreatePreparedStatementResult
                .newBuilder().setPreparedStatementHandle(ByteString.copyFrom(p.handle()));
        if (p.datasetSchema() != null) {
            b.setDatasetSchema(ByteString.copyFrom(ProtoConversions.encodeSchema(p.datasetSchema())));
        }
        if (p.parameterSchema() != null) {
            b.setParameterSchema(ByteString.copyFrom(ProtoConversions.encodeSchema(p.parameterSchema())));
        }
        return Commands.result(b.build());
    }

    /**
     * The actions of Flight SQL.
     *
     * @param context the call
     * @return the actions
     */
    @Override
    default List<ActionType> listActions(CallContext context) {
        return List.of(new ActionType("CreatePreparedStatement", "prepares a statement"),
                new ActionType("CreatePreparedSubstraitPlan", "prepares a Substrait plan"),
                new ActionType("ClosePreparedStatement", "releases a prepared statement"),
                new ActionType("BeginTransaction", "begins a transaction"),
                new ActionType("EndTransaction", "commits or rolls back a transaction"),
                new ActionType("BeginSavepoint", "sets a savepoint in a transaction"),
                new ActionType("EndSavepoint", "releases or rolls back to a savepoint"),
                new ActionType("CancelQuery", "cancels a query (deprecated: CancelFlightInfo)"),
                new ActionType("CancelFlightInfo", "cancels a query"));
    }

    private static FlightException unsupported(SqlCommand command) {
        return new FlightException(FlightStatusCode.UNIMPLEMENTED, command.getClass().getSimpleName()
                + " is not supported by this server");
    }

    private static FlightException unimplemented(String action) {
        return new FlightException(FlightStatusCode.UNIMPLEMENTED, action + " is not supported by this server");
    }
}
